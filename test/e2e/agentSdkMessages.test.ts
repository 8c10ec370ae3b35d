/**
 * What the Claude Agent SDK yields from the built CLI (dist/cli.js) in a session with a sub-agent: every
 * message must parse as its SDKMessage type. The Zod schemas below mirror the required fields of those types in
 * node_modules/@anthropic-ai/claude-agent-sdk/sdk.d.ts: each message's own fields, and for the Anthropic API
 * objects inside (BetaMessage, its usage) the fields SDK programs read. The stream is also kept in
 * test-results/agent-sdk-subagent.jsonl to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SDKAssistantMessage, SDKMessage, SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeSandbox, messagesOf, runQuery, textOf, useFakeApi } from '../support/agentSdk';

const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a UUID');
/** A key that must be there, whatever its value (null included): z.unknown() alone would let it be missing. */
const present = z.custom<unknown>((v) => v !== undefined, 'required');
const Ids = { uuid: Uuid, session_id: z.string().min(1) };
const PermissionMode = z.enum(['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto']);

const TokenCounts = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  cache_creation_input_tokens: z.number().nullable(),
  cache_read_input_tokens: z.number().nullable(),
});
const ContentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string().min(1), name: z.string().min(1), input: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
]);
const BetaMessage = z.object({
  id: z.string().min(1),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string().min(1),
  content: z.array(ContentBlock),
  stop_reason: z.string().nullable(),
  stop_sequence: z.string().nullable(),
  usage: TokenCounts,
  container: present,
  context_management: present,
  diagnostics: present,
  stop_details: present,
});
const MessageParam = z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(z.object({ type: z.string() }).loose())]) });

const Assistant = z.object({ type: z.literal('assistant'), message: BetaMessage, parent_tool_use_id: z.string().nullable(), ...Ids });
const User = z.object({ type: z.literal('user'), message: MessageParam, parent_tool_use_id: z.string().nullable(), uuid: Uuid.optional(), session_id: z.string().optional() });
const ModelUsage = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadInputTokens: z.number(),
  cacheCreationInputTokens: z.number(),
  webSearchRequests: z.number(),
  costUSD: z.number(),
  contextWindow: z.number(),
  maxOutputTokens: z.number(),
});
const ResultCommon = {
  type: z.literal('result'),
  duration_ms: z.number(),
  duration_api_ms: z.number(),
  is_error: z.boolean(),
  num_turns: z.number().int(),
  stop_reason: z.string().nullable(),
  total_cost_usd: z.number(),
  usage: TokenCounts.extend({ cache_creation_input_tokens: z.number(), cache_read_input_tokens: z.number() }),
  modelUsage: z.record(z.string(), ModelUsage),
  permission_denials: z.array(z.object({ tool_name: z.string(), tool_use_id: z.string(), tool_input: z.record(z.string(), z.unknown()) })),
  ...Ids,
};
const Result = z.discriminatedUnion('subtype', [
  z.object({ ...ResultCommon, subtype: z.literal('success'), result: z.string() }),
  z.object({
    ...ResultCommon,
    subtype: z.enum(['error_during_execution', 'error_max_turns', 'error_max_budget_usd', 'error_max_structured_output_retries']),
    errors: z.array(z.string()),
  }),
]);
const TaskUsage = z.object({ total_tokens: z.number(), tool_uses: z.number(), duration_ms: z.number() });
const sys = <S extends string, T extends z.ZodRawShape>(subtype: S, shape: T) => z.object({ type: z.literal('system'), subtype: z.literal(subtype), ...shape, ...Ids });
const System = z.discriminatedUnion('subtype', [
  sys('init', {
    apiKeySource: z.string(),
    claude_code_version: z.string(),
    cwd: z.string(),
    tools: z.array(z.string()),
    mcp_servers: z.array(z.object({ name: z.string(), status: z.string() })),
    model: z.string(),
    permissionMode: PermissionMode,
    slash_commands: z.array(z.string()),
    output_style: z.string(),
    skills: z.array(z.string()),
    plugins: z.array(z.object({ name: z.string(), path: z.string() })),
  }),
  sys('status', { status: z.enum(['compacting', 'requesting']).nullable() }),
  sys('compact_boundary', { compact_metadata: z.object({ trigger: z.enum(['manual', 'auto']), pre_tokens: z.number() }) }),
  sys('api_retry', { attempt: z.number(), max_retries: z.number(), retry_delay_ms: z.number(), error_status: z.number().nullable(), error: z.string() }),
  sys('task_started', { task_id: z.string(), description: z.string() }),
  sys('task_progress', { task_id: z.string(), description: z.string(), usage: TaskUsage }),
  sys('task_updated', { task_id: z.string(), patch: z.object({}).loose() }),
  sys('task_notification', { task_id: z.string(), status: z.enum(['completed', 'failed', 'stopped']), output_file: z.string(), summary: z.string() }),
  sys('hook_started', { hook_id: z.string(), hook_name: z.string(), hook_event: z.string() }),
  sys('hook_progress', { hook_id: z.string(), hook_name: z.string(), hook_event: z.string(), stdout: z.string(), stderr: z.string(), output: z.string() }),
  sys('hook_response', { hook_id: z.string(), hook_name: z.string(), hook_event: z.string(), output: z.string(), stdout: z.string(), stderr: z.string(), outcome: z.enum(['success', 'error', 'cancelled']) }),
  sys('permission_denied', { tool_name: z.string(), tool_use_id: z.string(), message: z.string() }),
  sys('session_state_changed', { state: z.enum(['idle', 'running', 'requires_action']) }),
  sys('background_tasks_changed', { tasks: z.array(z.object({ task_id: z.string(), task_type: z.string(), description: z.string() })) }),
]);
const ToolProgress = z.object({ type: z.literal('tool_progress'), tool_use_id: z.string(), tool_name: z.string(), parent_tool_use_id: z.string().nullable(), elapsed_time_seconds: z.number(), ...Ids });
const StreamEvent = z.object({ type: z.literal('stream_event'), event: z.object({ type: z.string() }).loose(), parent_tool_use_id: z.string().nullable(), ...Ids });
const ToolUseSummary = z.object({ type: z.literal('tool_use_summary'), summary: z.string(), preceding_tool_use_ids: z.array(z.string()), ...Ids });

const SCHEMAS: Record<string, z.ZodType> = {
  assistant: Assistant,
  user: User,
  result: Result,
  system: System,
  tool_progress: ToolProgress,
  stream_event: StreamEvent,
  tool_use_summary: ToolUseSummary,
};

/** Each message that does not parse as its SDKMessage type, with what is wrong. */
function misfits(messages: SDKMessage[]): string[] {
  return messages.flatMap((m, i) => {
    const label = `#${i} ${m.type}${'subtype' in m ? `/${String(m.subtype)}` : ''}`;
    const schema = SCHEMAS[m.type];
    if (!schema) return [`${label}: not an SDKMessage type this test knows`];
    const parsed = schema.safeParse(m);
    return parsed.success ? [] : [`${label}: ${z.prettifyError(parsed.error)}`];
  });
}

const hasBlock = (m: SDKMessage, pred: (b: Record<string, unknown>) => boolean): boolean => {
  const content = m.type === 'assistant' || m.type === 'user' ? (m as SDKAssistantMessage | SDKUserMessage).message.content : undefined;
  return Array.isArray(content) && content.some((b) => pred(b as unknown as Record<string, unknown>));
};

const SUB_PROMPT = 'SUBAGENT TASK: check what the workspace holds and report back.';

describe('the messages the Agent SDK yields from the CLI', { timeout: 120_000 }, () => {
  const fake = useFakeApi();

  it('parse as SDKMessages in a session with a sub-agent, whose messages name the Agent call as their parent', async () => {
    const box = makeSandbox();
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Check the workspace', prompt: SUB_PROMPT, subagent_type: 'general-purpose' } }] },
      // The sub-agent's own requests: its conversation starts with the prompt it was given.
      { content: [{ type: 'tool_use', id: 'toolu_sub', name: 'Bash', input: { command: 'echo sub-agent-ran', description: 'echo' } }], expect: { lastUserTextIncludes: SUB_PROMPT } },
      { content: [{ type: 'text', text: 'Sub-agent report: the workspace is empty.' }], expect: { toolResultIds: ['toolu_sub'] } },
      // The main agent again: the report is the Agent call's result. Then a call the program refuses.
      {
        content: [{ type: 'tool_use', id: 'toolu_denied', name: 'Bash', input: { command: 'touch main-denied.txt', description: 'touch' } }],
        expect: { toolResultIds: ['toolu_agent'], lastUserTextIncludes: 'Sub-agent report: the workspace is empty.' },
      },
      { content: [{ type: 'text', text: 'All done.' }], expect: { toolResultIds: ['toolu_denied'] } },
    ]);
    const { messages, result } = await runQuery(fake(), box, 'Delegate a look at the workspace.', {
      canUseTool: async (_name, input) =>
        String(input['command'] ?? '').includes('main-denied') ? { behavior: 'deny', message: 'Not in this session.' } : { behavior: 'allow', updatedInput: input },
    });
    const kept = path.resolve(__dirname, '../../test-results');
    mkdirSync(kept, { recursive: true });
    writeFileSync(path.join(kept, 'agent-sdk-subagent.jsonl'), messages.map((m) => JSON.stringify(m)).join('\n') + '\n');

    expect(misfits(messages)).toEqual([]);
    expect(messages[0]).toMatchObject({ type: 'system', subtype: 'init', cwd: box.workspace });
    expect(new Set(messages.map((m) => ('session_id' in m ? m.session_id : undefined)).filter(Boolean))).toEqual(new Set([result.session_id]));

    // The sub-agent's call, its result and its report all name the Agent call; the main agent's do not.
    const subCall = messages.find((m) => m.type === 'assistant' && hasBlock(m, (b) => b['id'] === 'toolu_sub'));
    const subResult = messages.find((m) => m.type === 'user' && hasBlock(m, (b) => b['tool_use_id'] === 'toolu_sub'));
    const subReport = messages.find((m) => m.type === 'assistant' && hasBlock(m, (b) => String(b['text'] ?? '').startsWith('Sub-agent report')));
    for (const m of [subCall, subResult, subReport]) expect(m).toMatchObject({ parent_tool_use_id: 'toolu_agent' });
    const agentCall = messages.find((m) => m.type === 'assistant' && hasBlock(m, (b) => b['id'] === 'toolu_agent'));
    const agentResult = messages.find((m) => m.type === 'user' && hasBlock(m, (b) => b['tool_use_id'] === 'toolu_agent'));
    for (const m of [agentCall, agentResult]) expect(m).toMatchObject({ parent_tool_use_id: null });

    expect(result).toMatchObject({ subtype: 'success', result: 'All done.', is_error: false });
    const model = String(fake().requests[0]?.body['model']);
    expect(Object.keys(result.modelUsage)).toContain(model);
    expect(result.modelUsage[model]?.outputTokens).toBeGreaterThan(0);
    expect(result.modelUsage[model]?.costUSD).toBeGreaterThan(0);
    expect(result.permission_denials).toEqual([{ tool_name: 'Bash', tool_use_id: 'toolu_denied', tool_input: expect.objectContaining({ command: 'touch main-denied.txt' }) }]);

    // The sub-agent's requests carried its own conversation, not the main one.
    expect(fake().requests).toHaveLength(5);
    const subFirst = messagesOf(fake().requests[1]);
    expect(textOf(subFirst[0])).toContain(SUB_PROMPT);
    expect(subFirst.map(textOf).join('\n')).not.toContain('Delegate a look at the workspace.');
  });
});
