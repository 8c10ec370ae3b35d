/** cli/output.ts in stream-json: each loop event as the Agent SDK types its message, checked field by field. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../extension/core/loop/session/agentSession';
import type { AssistantApiInfo, QueryEvent } from '../../../extension/core/contracts/events';
import type { AssistantMessage, UserMessage } from '../../../extension/core/base/messages';
import type { ModelStreamEvent } from '../../../extension/core/contracts/modelClient';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import type { LocalBashTaskState } from '../../../extension/core/engines/tasks/localBash';
import { createOutput, initFrom, type OutputOptions } from '../../../extension/cli/output';
import { checkSdkLine } from './sdkMessageSchemas';

const MODEL = 'claude-sonnet-5-5';
const INIT = { sessionId: 's-1', model: MODEL, cwd: '/w', tools: ['Read'] };
const usage = { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 2, cacheCreationInputTokens: 1 };

function run(options: OutputOptions = {}) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  const output = createOutput('stream-json', stream, INIT, options);
  const lines = () =>
    text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { output, lines, send: (...events: AgentEvent[]) => events.forEach((e) => output.event(e)) };
}

function api(id: string, stop: AssistantApiInfo['stopReason'] = 'end_turn', durationMs = 30): AssistantApiInfo {
  return { id, model: MODEL, usage, stopReason: stop, stopSequence: null, durationMs };
}

const toolCall: AssistantMessage = {
  role: 'assistant',
  content: [
    { type: 'tool_use', id: 'toolu_a', name: 'Read', input: { file_path: '/w/a.ts' } },
    { type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'rm -rf /' } },
  ],
};
const finished = (id: string, name: string, extra: Record<string, unknown> = {}): AgentEvent => ({
  type: 'tool',
  event: { type: 'toolFinished', toolUseId: id, toolName: name, isError: false, result: { type: 'tool_result', tool_use_id: id, content: 'ok' }, ...extra },
});
const results: UserMessage = {
  role: 'user',
  content: [
    { type: 'tool_result', tool_use_id: 'toolu_a', content: 'line 1' },
    { type: 'tool_result', tool_use_id: 'toolu_b', content: '<tool_use_error>Bash is denied</tool_use_error>', is_error: true },
    { type: 'text', text: 'A message from the user.' },
  ],
};

describe('cli/output stream-json: messages as the Agent SDK types them', () => {
  it('writes init with every SDKSystemMessage field, and a deferred init only when asked, with what was added', () => {
    const now = run();
    const [init] = now.lines();
    checkSdkLine(init!);
    expect(init).toMatchObject({ type: 'system', subtype: 'init', session_id: 's-1', cwd: '/w', tools: ['Read'], model: MODEL, permissionMode: 'default', output_style: 'default', apiKeySource: 'none', plugins: [] });
    expect(String(init?.claude_code_version)).toMatch(/^\d+\.\d+\.\d+/);

    const later = run({ deferInit: true });
    expect(later.lines()).toEqual([]);
    later.output.writeInit({ agents: ['general-purpose', 'reviewer'], mcpServers: [{ name: 'sdk-tools', status: 'connected' }] });
    const [deferred] = later.lines();
    checkSdkLine(deferred!);
    expect(deferred).toMatchObject({ agents: ['general-purpose', 'reviewer'], mcp_servers: [{ name: 'sdk-tools', status: 'connected' }] });
  });

  it('builds the init from what the session offers: MCP tools and statuses, commands, skills, agents, key source', () => {
    const init = initFrom({
      sessionId: 's',
      model: MODEL,
      cwd: '/w',
      toolNames: ['Read'],
      mcpServers: [
        { name: 'docs', scope: 'project', status: { state: 'connected' }, tools: [{ name: 'search', inputSchema: { type: 'object' } }], resources: [], prompts: [] },
        { name: 'broken', scope: 'user', status: { state: 'failed', error: 'spawn ENOENT' }, tools: [], resources: [], prompts: [] },
      ],
      permissionMode: 'acceptEdits',
      agents: [{ agentType: 'Explore', whenToUse: 'x', source: 'builtin' }],
      commands: [{ type: 'prompt', name: 'ship', description: 'd', source: 'project', isSkill: true, progressMessage: '', contentLength: 0, getPromptForCommand: async () => [] }],
      env: { ANTHROPIC_API_KEY: 'sk-x' },
    });
    expect(init).toMatchObject({
      tools: ['Read', 'mcp__docs__search'],
      mcpServers: [
        { name: 'docs', status: 'connected' },
        { name: 'broken', status: 'failed' },
      ],
      permissionMode: 'acceptEdits',
      agents: ['Explore'],
      skills: ['ship'],
      apiKeySource: 'ANTHROPIC_API_KEY',
    });
    expect(init.slashCommands).toEqual(expect.arrayContaining(['compact', 'cost', 'init', 'ship']));
    expect(init.slashCommands).not.toContain('clear');
    expect(initFrom({ sessionId: 's', model: MODEL, cwd: '/w', toolNames: [], cloudProvider: true, env: { ANTHROPIC_API_KEY: 'sk-x' } }).apiKeySource).toBe('none');
  });

  it('writes the assistant message as the API sent it, with the transcript uuid, and one user message per tool result with its output', () => {
    const reply: AssistantMessage = { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] };
    const uuids = new Map<object, string>([[reply, '11111111-2222-4333-8444-555555555555']]);
    const out = run({ session: { messageUuid: (m) => uuids.get(m) } });
    out.send(
      { type: 'assistantMessage', message: toolCall, stopReason: 'tool_use', api: api('msg_1', 'tool_use') },
      finished('toolu_a', 'Read', { output: { type: 'text', file: { numLines: 1 } } }),
      { type: 'tool', event: { type: 'toolFinished', toolUseId: 'toolu_b', toolName: 'Bash', isError: true, result: results.content[1] as never, stage: 'permission' } },
      { type: 'toolResults', message: results },
      { type: 'assistantMessage', message: reply, stopReason: 'end_turn', api: api('msg_2') },
    );
    const lines = out.lines().slice(1);
    lines.forEach(checkSdkLine);
    expect(lines.map((l) => l.type)).toEqual(['assistant', 'user', 'user', 'user', 'assistant']);
    expect(lines[0]).toMatchObject({
      parent_tool_use_id: null,
      session_id: 's-1',
      message: { id: 'msg_1', type: 'message', role: 'assistant', model: MODEL, content: toolCall.content, stop_reason: 'tool_use', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 2, cache_creation_input_tokens: 1 } },
    });
    expect(lines[1]).toMatchObject({ message: { role: 'user', content: [{ tool_use_id: 'toolu_a' }] }, tool_use_result: { type: 'text', file: { numLines: 1 } }, parent_tool_use_id: null });
    expect(lines[2]).toMatchObject({ message: { content: [{ tool_use_id: 'toolu_b', is_error: true }] }, tool_use_result: 'Error: Bash is denied' });
    expect(lines[3]).toMatchObject({ message: { content: [{ type: 'text', text: 'A message from the user.' }] } });
    expect(lines[4]?.uuid).toBe('11111111-2222-4333-8444-555555555555');
    expect(new Set(lines.map((l) => l.uuid)).size).toBe(5);
  });

  it("streams a sub-agent's messages tagged with its Agent call, and counts its usage in modelUsage", () => {
    const out = run();
    const agent = { agentId: 'aexplore-1', agentType: 'Explore', description: 'Find the tests', model: 'claude-haiku-5-5' };
    const sub = (event: QueryEvent): AgentEvent => ({ type: 'subAgent', parentToolUseId: 'toolu_agent', agent, event });
    out.send(
      sub({ type: 'userMessage', message: { role: 'user', content: 'Find the tests.' }, meta: true }),
      sub({ type: 'assistantMessage', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_s', name: 'Glob', input: { pattern: '*' } }] }, stopReason: 'tool_use', api: { ...api('msg_s'), model: 'claude-haiku-5-5' } }),
      sub({ type: 'usage', model: 'claude-haiku-5-5', usage }),
      sub({ type: 'tool', event: { type: 'toolFinished', toolUseId: 'toolu_s', toolName: 'Glob', isError: false, result: { type: 'tool_result', tool_use_id: 'toolu_s', content: 'a.test.ts' }, output: { filenames: ['a.test.ts'] } } }),
      sub({ type: 'toolResults', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_s', content: 'a.test.ts' }] } }),
      { type: 'usage', model: MODEL, usage },
      { type: 'done', reason: 'end_turn', turns: 1 },
    );
    out.output.finish();
    const lines = out.lines().slice(1);
    lines.forEach(checkSdkLine);
    const tagged = { parent_tool_use_id: 'toolu_agent', agent_id: 'aexplore-1', subagent_type: 'Explore', task_description: 'Find the tests' };
    expect(lines.slice(0, 3)).toEqual([
      expect.objectContaining({ type: 'user', isSynthetic: true, message: { role: 'user', content: 'Find the tests.' }, ...tagged }),
      expect.objectContaining({ type: 'assistant', message: expect.objectContaining({ model: 'claude-haiku-5-5' }), ...tagged }),
      expect.objectContaining({ type: 'user', tool_use_result: { filenames: ['a.test.ts'] }, ...tagged }),
    ]);
    const result = lines.at(-1)!;
    expect(Object.keys(result.modelUsage as object).sort()).toEqual(['claude-haiku-5-5', MODEL]);
    // `usage` is the main loop's alone; modelUsage has every model's.
    expect(result.usage).toMatchObject({ input_tokens: 10, output_tokens: 5 });
    expect((result.modelUsage as Record<string, Record<string, number>>)[MODEL]).toMatchObject({ inputTokens: 10, outputTokens: 5, webSearchRequests: 0, contextWindow: expect.any(Number), maxOutputTokens: expect.any(Number) });
  });

  it('ends the turn with a result: durations, cost, denials, errors and the subtypes', () => {
    const out = run();
    out.send(
      { type: 'assistantMessage', message: toolCall, stopReason: 'tool_use', api: api('msg_1', 'tool_use', 40) },
      { type: 'usage', model: MODEL, usage },
      { type: 'tool', event: { type: 'toolFinished', toolUseId: 'toolu_b', toolName: 'Bash', isError: true, result: results.content[1] as never, stage: 'permission' } },
      { type: 'done', reason: 'max_turns', turns: 1 },
    );
    expect(out.output.finish()).toBe(1);
    out.send({ type: 'assistantMessage', message: { role: 'assistant', content: [{ type: 'text', text: 'Fine.' }] }, stopReason: 'end_turn', api: api('msg_2', 'end_turn', 20) });
    out.send({ type: 'usage', model: MODEL, usage }, { type: 'done', reason: 'end_turn', turns: 1 });
    expect(out.output.finish()).toBe(0);
    out.send({ type: 'error', kind: 'overloaded', message: 'Overloaded' }, { type: 'done', reason: 'error', turns: 0 });
    out.output.finish();
    out.send({ type: 'notice', text: 'Stopped before the next model request: budget reached.' }, { type: 'done', reason: 'max_budget', turns: 2 });
    out.output.finish();
    const ends = out.lines().filter((l) => l.type === 'result');
    ends.forEach(checkSdkLine);
    expect(ends[0]).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      stop_reason: 'tool_use',
      num_turns: 1,
      duration_api_ms: 40,
      errors: ['Stopped: max_turns'],
      permission_denials: [{ tool_name: 'Bash', tool_use_id: 'toolu_b', tool_input: { command: 'rm -rf /' } }],
    });
    // The next turn: its own denials and usage; duration_api_ms, cost and modelUsage run on.
    expect(ends[1]).toMatchObject({ subtype: 'success', result: 'Fine.', stop_reason: 'end_turn', permission_denials: [], duration_api_ms: 60, usage: { input_tokens: 10 } });
    expect((ends[1]?.modelUsage as Record<string, { inputTokens: number }>)[MODEL]?.inputTokens).toBe(20);
    expect(ends[1]?.total_cost_usd).toBeGreaterThan(ends[0]?.total_cost_usd as number);
    expect(ends[2]).toMatchObject({ subtype: 'error_during_execution', errors: ['Overloaded'], usage: { input_tokens: 0 } });
    expect(ends[3]).toMatchObject({ subtype: 'error_max_budget_usd', is_error: true, errors: ['Stopped before the next model request: budget reached.'] });
  });

  it('writes api_retry, compaction status and boundary, and echoes replayed user messages', () => {
    const out = run();
    out.send(
      { type: 'apiRetry', attempt: 1, maxRetries: 10, delayMs: 480, errorKind: 'overloaded', errorStatus: 529, message: 'Overloaded' },
      { type: 'status', text: 'Retrying in 1 s (API overloaded; attempt 1 of 10)' },
      { type: 'status', text: null },
      { type: 'status', text: 'Compacting the conversation…', phase: 'compacting' },
      { type: 'status', text: null },
      { type: 'compacted', messages: [], summary: 's', summarizedCount: 4, trigger: 'auto', preTokens: 150_000, postTokens: 20_000 },
      { type: 'apiRetry', attempt: 2, maxRetries: 10, delayMs: 900, errorKind: 'network', errorStatus: null, message: 'cut' },
    );
    out.output.replayUser({ role: 'user', content: 'hello' }, '99999999-2222-4333-8444-555555555555');
    const lines = out.lines().slice(1);
    lines.forEach(checkSdkLine);
    expect(lines).toEqual([
      expect.objectContaining({ subtype: 'api_retry', attempt: 1, max_retries: 10, retry_delay_ms: 480, error_status: 529, error: 'overloaded' }),
      expect.objectContaining({ subtype: 'status', status: 'compacting' }),
      expect.objectContaining({ subtype: 'status', status: null }),
      expect.objectContaining({ subtype: 'compact_boundary', compact_metadata: { trigger: 'auto', pre_tokens: 150_000, post_tokens: 20_000 } }),
      expect.objectContaining({ subtype: 'api_retry', attempt: 2, error_status: null, error: 'unknown' }),
      { type: 'user', message: { role: 'user', content: 'hello' }, session_id: 's-1', parent_tool_use_id: null, uuid: '99999999-2222-4333-8444-555555555555', isReplay: true },
    ]);
  });

  it('with --include-partial-messages, rebuilds the raw Messages API stream events', () => {
    const out = run({ includePartialMessages: true });
    const stream: ModelStreamEvent[] = [
      { type: 'messageStart', messageId: 'msg_p', usage: { ...usage, outputTokens: 1 }, model: MODEL },
      { type: 'thinkingDelta', index: 0, thinking: 'Hm.' },
      { type: 'blockComplete', index: 0, block: { type: 'thinking', thinking: 'Hm.', signature: 'sig' } },
      { type: 'textDelta', index: 1, text: 'Reading.' },
      { type: 'blockComplete', index: 1, block: { type: 'text', text: 'Reading.' } },
      { type: 'blockStart', index: 2, block: { type: 'tool_use', id: 'toolu_p', name: 'Read', input: {} } },
      { type: 'toolInputDelta', index: 2, partialJson: '{"file_path":' },
      { type: 'toolInputDelta', index: 2, partialJson: '"/w/a"}' },
      { type: 'blockComplete', index: 2, block: { type: 'tool_use', id: 'toolu_p', name: 'Read', input: { file_path: '/w/a' } } },
      { type: 'messageComplete', message: { role: 'assistant', content: [] }, stopReason: 'tool_use', stopSequence: null, usage },
    ];
    out.send(...stream.map((event): AgentEvent => ({ type: 'streamEvent', event })));
    const lines = out.lines().slice(1);
    lines.forEach(checkSdkLine);
    const events = lines.map((l) => l.event as Record<string, unknown>);
    expect(events.map((e) => `${String(e.type)}${e.index !== undefined ? `:${String(e.index)}` : ''}`)).toEqual([
      'message_start',
      'content_block_start:0',
      'content_block_delta:0',
      'content_block_delta:0',
      'content_block_stop:0',
      'content_block_start:1',
      'content_block_delta:1',
      'content_block_stop:1',
      'content_block_start:2',
      'content_block_delta:2',
      'content_block_delta:2',
      'content_block_stop:2',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]).toMatchObject({ message: { id: 'msg_p', role: 'assistant', model: MODEL, content: [], stop_reason: null } });
    expect(events[3]).toMatchObject({ delta: { type: 'signature_delta', signature: 'sig' } });
    expect(events[8]).toMatchObject({ content_block: { type: 'tool_use', id: 'toolu_p', name: 'Read', input: {} } });
    expect(events[9]).toMatchObject({ delta: { type: 'input_json_delta', partial_json: '{"file_path":' } });
    expect(events[12]).toMatchObject({ delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 5 } });
    expect(lines.every((l) => l.parent_tool_use_id === null)).toBe(true);
    // Without the option nothing of the stream is written.
    const quiet = run();
    quiet.send(...stream.map((event): AgentEvent => ({ type: 'streamEvent', event })));
    expect(quiet.lines()).toHaveLength(1);
  });

  it('follows background tasks: started, progress, updated, notification', () => {
    const store = createAppStateStore();
    const out = run({ session: { appState: store } });
    const task: LocalBashTaskState = {
      id: 'b1',
      type: 'local_bash',
      status: 'running',
      description: 'Build',
      command: 'npm run build',
      toolUseId: 'toolu_bg',
      startTime: 1000,
      outputFile: '/tmp/b1.output',
      outputOffset: 0,
      notified: false,
      backgroundReason: 'requested',
    };
    store.setState((s) => ({ ...s, tasks: { b1: task } }));
    store.setState((s) => ({ ...s, tasks: { b1: { ...task, status: 'completed', endTime: 3000, exitCode: 0 } as LocalBashTaskState } }));
    out.output.close();
    store.setState((s) => ({ ...s, tasks: {} }));
    const lines = out.lines().slice(1);
    lines.forEach(checkSdkLine);
    expect(lines).toEqual([
      expect.objectContaining({ subtype: 'task_started', task_id: 'b1', tool_use_id: 'toolu_bg', description: 'Build', task_type: 'local_bash' }),
      expect.objectContaining({ subtype: 'task_updated', task_id: 'b1', patch: { status: 'completed', end_time: 3000 } }),
      expect.objectContaining({ subtype: 'task_notification', task_id: 'b1', status: 'completed', output_file: '/tmp/b1.output', summary: expect.stringContaining('completed'), usage: { total_tokens: 0, tool_uses: 0, duration_ms: 2000 } }),
    ]);
  });
});
