import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentSubAgentView, applyAgentProgress, asAgentProgress, finishAgentView } from '../../../extension/tools/Agent/subAgentView';
import { ChatSession, type ChatEvent } from '../../../extension/conversation/chatSession';
import type { AgentProgressData, AgentProgressEvent } from '../../../extension/core/contracts/agents';
import type { PermissionDecider } from '../../../extension/core/contracts/permissionPrompts';
import { buildTool } from '../../../extension/core/contracts/tool';
import { HostToWebviewSchema, MAX_AGENT_CHILDREN, SubAgentViewSchema, type SubAgentView } from '../../../extension/protocol/messages';
import { presentAgent } from '../../../extension/tools/Agent/present';
import { agentDeps, keyed, RecordingLogger, sequentialIds } from '../support';
import { BlockModel } from './blockModel';

const progress = (event: AgentProgressEvent): AgentProgressData => ({
  type: 'agent_progress',
  agentId: 'agent-1',
  agentType: 'Explore',
  model: 'claude-haiku-4-5',
  description: 'Find the config',
  event,
});

function fold(events: AgentProgressEvent[], start = 1_000): SubAgentView | undefined {
  let view: SubAgentView | undefined;
  events.forEach((e, i) => {
    view = applyAgentProgress(view, progress(e), start + i * 100);
  });
  return view;
}

describe('chat/agentView', () => {
  it('recognises only well-formed agent progress', () => {
    expect(asAgentProgress(progress({ kind: 'text', text: 'hi' }))).toMatchObject({ agentId: 'agent-1' });
    expect(asAgentProgress({ output: 'tick', elapsedMs: 3 })).toBeUndefined();
    expect(asAgentProgress({ ...progress({ kind: 'text', text: 'hi' }), event: { kind: 'bogus' } })).toBeUndefined();
  });

  it('nests tool starts and ends as child rows with their status, and counts tool uses', () => {
    const view = fold([
      { kind: 'toolStart', toolUseId: 'c1', toolName: 'Grep', summary: 'config' },
      { kind: 'toolStart', toolUseId: 'c2', toolName: 'Read', summary: 'a.ts' },
      { kind: 'toolEnd', toolUseId: 'c1', isError: false, summary: '3 matches' },
      { kind: 'toolEnd', toolUseId: 'c2', isError: true, summary: '' },
    ]);
    expect(view).toMatchObject({ agentType: 'Explore', model: 'claude-haiku-4-5', description: 'Find the config', startedAt: 1_000, elapsedMs: 300, toolUses: 2 });
    expect(view?.children).toEqual([
      { toolUseId: 'c1', toolName: 'Grep', summary: 'config', status: 'done' },
      { toolUseId: 'c2', toolName: 'Read', summary: 'a.ts', status: 'error' },
    ]);
    expect(SubAgentViewSchema.parse(view)).toEqual(view);
  });

  it('keeps a finished child row\'s label instead of the first line of its result', () => {
    const view = fold([
      { kind: 'toolStart', toolUseId: 'c1', toolName: 'Read', summary: 'a.txt' },
      { kind: 'toolEnd', toolUseId: 'c1', isError: false, summary: '1\thello world' },
      { kind: 'toolStart', toolUseId: 'c2', toolName: 'Mystery', summary: '' },
      { kind: 'toolEnd', toolUseId: 'c2', isError: true, summary: '<tool_use_error>No such tool: Mystery</tool_use_error>' },
    ]);
    expect(view?.children.map((c) => [c.toolName, c.summary, c.status])).toEqual([
      ['Read', 'a.txt', 'done'],
      ['Mystery', 'No such tool: Mystery', 'error'],
    ]);
  });

  it('keeps the latest children and counts the earlier ones', () => {
    const starts = Array.from({ length: MAX_AGENT_CHILDREN + 7 }, (_, i): AgentProgressEvent => ({ kind: 'toolStart', toolUseId: `c${i}`, toolName: 'Read', summary: `f${i}` }));
    const view = fold(starts)!;
    expect(view.children).toHaveLength(MAX_AGENT_CHILDREN);
    expect(view.children[0]?.toolUseId).toBe('c7');
    expect(view).toMatchObject({ earlierChildren: 7, toolUses: MAX_AGENT_CHILDREN + 7 });
  });

  it('shows the last non-blank line of text and the latest token total', () => {
    const view = fold([
      { kind: 'text', text: 'Looking at src.\nFound the loader.\n\n' },
      { kind: 'text', text: '   ' },
      { kind: 'usage', inputTokens: 1200, outputTokens: 34, elapsedMs: 9_000 },
    ]);
    expect(view).toMatchObject({ latestText: 'Found the loader.', tokens: 1234, elapsedMs: 9_000 });
  });

  it('stops running children when it finishes and takes the final totals', () => {
    const view = fold([
      { kind: 'toolStart', toolUseId: 'c1', toolName: 'Bash', summary: 'sleep 30' },
      { kind: 'toolStart', toolUseId: 'c2', toolName: 'Read', summary: 'a.ts' },
      { kind: 'toolEnd', toolUseId: 'c2', isError: false, summary: 'a.ts' },
    ])!;
    const done = finishAgentView(view, 5_000, { tokens: 999, durationMs: 4_200 });
    expect(done.children.map((c) => c.status)).toEqual(['stopped', 'done']);
    expect(done).toMatchObject({ tokens: 999, elapsedMs: 4_200 });
    expect(finishAgentView(view, 5_000).elapsedMs).toBe(4_000);
  });
});

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

/** A stand-in Agent tool: reports a sub-agent's work as AgentProgressData, then its AgentRunResult. */
const FakeAgent = buildTool({
  name: 'Agent',
  inputSchema: z.strictObject({ prompt: z.string(), description: z.string(), subagent_type: z.string().optional() }),
  maxResultSizeChars: 100_000,
  async description() {
    return 'sub-agent';
  },
  async prompt() {
    return 'sub-agent';
  },
  async call(_input, _context, _canUse, _parent, onProgress) {
    const send = (event: AgentProgressEvent) => onProgress?.({ toolUseID: '', data: progress(event) });
    send({ kind: 'toolStart', toolUseId: 'c1', toolName: 'Grep', summary: 'loadConfig' });
    send({ kind: 'toolEnd', toolUseId: 'c1', isError: false, summary: '2 files' });
    send({ kind: 'text', text: 'It is in src/config.ts.' });
    const usage = { inputTokens: 500, outputTokens: 40, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };
    return { data: { status: 'completed', report: '## Found\nIn `src/config.ts`.', messages: [], usage, durationMs: 2_500, toolUses: 1 } };
  },
  mapToolResultToToolResultBlockParam: (output: { report: string }, id: string) => ({ type: 'tool_result', tool_use_id: id, content: output.report }),
  present: presentAgent,
  subAgentView: agentSubAgentView,
});

describe('chat/chatSession with an Agent tool', () => {
  it('builds the sub-agent view from progress, sends it whole each time, and ends with the report view', async () => {
    const model = new BlockModel([[{ tool: { id: 't1', name: 'Agent', input: { prompt: 'find', description: 'Find the config', subagent_type: 'Explore' } } }], [{ text: 'ok' }]]);
    const session = new ChatSession({
      agent: { ...agentDeps(model), tools: [FakeAgent], decider: allowAll },
      credentials: keyed,
      log: new RecordingLogger(),
      newId: sequentialIds(),
    });
    const events: ChatEvent[] = [];
    session.onEvent((e) => events.push(e));
    await session.send('go');
    const updates = events.filter((e) => e.type === 'toolAgentUpdated');
    expect(updates.map((u) => u.agent.children.map((c) => c.status).join())).toEqual(['running', 'done', 'done', 'done']);
    expect(updates[2]?.agent.latestText).toBe('It is in src/config.ts.');
    expect(updates.at(-1)?.agent.children.map((c) => `${c.toolName} ${c.summary}`)).toEqual(['Grep loadConfig']);
    for (const u of updates) expect(HostToWebviewSchema.safeParse(u).success).toBe(true);
    expect(events.some((e) => e.type === 'toolProgress')).toBe(false);
    const entry = session.allEntries().find((e) => e.role === 'tool');
    expect(entry).toMatchObject({ status: 'done', agent: { tokens: 540, elapsedMs: 2_500, toolUses: 1 } });
    expect(entry?.role === 'tool' && entry.result?.data).toEqual({
      kind: 'agent',
      agentType: 'Explore',
      model: '',
      status: 'completed',
      tokens: 540,
      toolUses: 1,
      durationMs: 2_500,
      report: '## Found\nIn `src/config.ts`.',
    });
  });

  it('gives a background launch (no report yet) no agent view', () => {
    expect(presentAgent({ input: {}, output: { status: 'async_launched', taskId: 'a1' }, text: 'started', isError: false })).toBeUndefined();
  });
});
