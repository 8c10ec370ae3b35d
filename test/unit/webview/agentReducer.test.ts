import { describe, expect, it } from 'vitest';
import type { ChatEntry, HostToWebview, SubAgentView } from '../../../extension/protocol/messages';
import { initialChatState, reduceChat, type ChatState } from '../../../webview/state/reducer';

const agent = (status: 'running' | 'done'): SubAgentView => ({
  agentId: 'agent-1',
  agentType: 'Explore',
  model: 'm',
  description: 'd',
  tokens: 1,
  startedAt: 0,
  elapsedMs: 0,
  toolUses: 1,
  children: [{ toolUseId: 'c1', toolName: 'Read', summary: 'a.ts', status }],
  earlierChildren: 0,
});

function run(...events: HostToWebview[]): ChatState {
  const start: HostToWebview = { type: 'sessionSnapshot', sessionId: 's', entries: [], busy: true, setup: { hasApiKey: true, keySource: 'none' }, model: 'm' };
  return [start, ...events].reduce(reduceChat, initialChatState);
}

const tool = (state: ChatState): ChatEntry | undefined => (state.phase === 'ready' ? state.entries.find((e) => e.id === 't1') : undefined);

describe('reduceChat with sub-agent views', () => {
  const started: HostToWebview = { type: 'toolUseStarted', toolUseId: 't1', name: 'Agent', input: {}, summary: null, activity: null };

  it('puts the latest sub-agent view on its tool entry and keeps it once the result is in', () => {
    const state = run(
      started,
      { type: 'toolAgentUpdated', toolUseId: 't1', agent: agent('running') },
      { type: 'toolAgentUpdated', toolUseId: 't1', agent: agent('done') },
      { type: 'toolResult', toolUseId: 't1', result: { isError: false, text: 'report', truncated: false } },
    );
    expect(tool(state)).toMatchObject({ status: 'done', agent: { children: [{ status: 'done' }] } });
  });

  it('ignores a view for an unknown tool use', () => {
    const before = run(started);
    expect(reduceChat(before, { type: 'toolAgentUpdated', toolUseId: 'nope', agent: agent('running') })).toBe(before);
  });
});
