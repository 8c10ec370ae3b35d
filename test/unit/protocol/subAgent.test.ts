import { describe, expect, it } from 'vitest';
import { MAX_AGENT_CHILDREN, parseHostToWebview, parseWebviewToHost, ToolResultDataSchema, type SubAgentView } from '../../../extension/protocol/messages';

const agent = (over: Partial<SubAgentView> = {}): SubAgentView => ({
  agentId: 'agent-1',
  agentType: 'Explore',
  model: 'claude-haiku-4-5',
  description: 'Find the config',
  tokens: 10,
  startedAt: 1_700_000_000_000,
  elapsedMs: 1_000,
  toolUses: 1,
  children: [{ toolUseId: 'c1', toolName: 'Read', summary: 'a.ts', status: 'running' }],
  earlierChildren: 0,
  ...over,
});

describe('protocol: sub-agents and the task panel', () => {
  it('accepts a sub-agent view update and rejects one over the child cap or with an unknown child status', () => {
    expect(parseHostToWebview({ type: 'toolAgentUpdated', toolUseId: 't1', agent: agent() }).ok).toBe(true);
    const many = Array.from({ length: MAX_AGENT_CHILDREN + 1 }, (_, i) => ({ toolUseId: `c${i}`, toolName: 'Read', summary: '', status: 'done' as const }));
    expect(parseHostToWebview({ type: 'toolAgentUpdated', toolUseId: 't1', agent: agent({ children: many }) }).ok).toBe(false);
    const odd = [{ toolUseId: 'c1', toolName: 'Read', summary: '', status: 'paused' }];
    expect(parseHostToWebview({ type: 'toolAgentUpdated', toolUseId: 't1', agent: { ...agent(), children: odd } }).ok).toBe(false);
    expect(parseHostToWebview({ type: 'toolAgentUpdated', toolUseId: 't1', agent: { ...agent(), tokens: -1 } }).ok).toBe(false);
  });

  it('accepts an agent result view and rejects one with an unknown status', () => {
    const view = { kind: 'agent', agentType: 'Plan', model: 'm', status: 'completed', tokens: 5, toolUses: 0, durationMs: 9, report: '# Plan' };
    expect(ToolResultDataSchema.safeParse(view).success).toBe(true);
    expect(ToolResultDataSchema.safeParse({ ...view, status: 'async_launched' }).success).toBe(false);
  });

  it('accepts openTaskTranscript with a task id and rejects an empty id or a forged path', () => {
    expect(parseWebviewToHost({ type: 'openTaskTranscript', taskId: 'a1' }).ok).toBe(true);
    expect(parseWebviewToHost({ type: 'openTaskTranscript', taskId: '' }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'openTaskTranscript', taskId: 'a1', path: '/etc/passwd' }).ok).toBe(false);
  });
});
