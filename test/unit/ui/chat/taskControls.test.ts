import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../../extension/conversation/chatSession';
import { taskViews } from '../../../../extension/conversation/history';
import type { TaskStateBase } from '../../../../extension/core/contracts/tasks';
import { TaskViewSchema, type HostToWebview } from '../../../../extension/protocol/messages';
import { handleControl, type ChatControlPorts } from '../../../../extension/ui/chat/chatControls';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds } from '../../support';

const task = (over: Partial<TaskStateBase> & Pick<TaskStateBase, 'id' | 'type'>): TaskStateBase => ({
  status: 'running',
  description: over.id,
  startTime: 1_000,
  outputFile: `/tmp/${over.id}.out`,
  outputOffset: 0,
  notified: false,
  ...over,
});

const AGENT = {
  ...task({ id: 'a1', type: 'local_agent', description: 'Review the diff', transcriptPath: '/tmp/a1.jsonl', startTime: 2_000 }),
  agentId: 'aexplore-0123456789abcdef',
  agentType: 'Explore',
  model: 'claude-haiku-4-5',
  progress: { toolUses: 3, tokens: 1234 },
};
const MONITOR = { ...task({ id: 'm1', type: 'monitor_mcp', description: 'tail the log' }), detail: 'tail -f app.log', nextRunAt: 9_000 };
const SHELL = task({ id: 'b1', type: 'local_bash', description: 'npm run watch', status: 'completed', startTime: 500, endTime: 1_500 });

describe('chat task panel (taskViews and openTaskTranscript)', () => {
  it('gives every task its kind and times, a detail and next run when its state has them, and marks transcripts', () => {
    const views = taskViews({ a1: AGENT, m1: MONITOR, b1: SHELL });
    expect(views).toEqual([
      { id: 'b1', description: 'npm run watch', status: 'completed', type: 'local_bash', startTime: 500, endTime: 1_500 },
      { id: 'm1', description: 'tail the log', status: 'running', type: 'monitor_mcp', startTime: 1_000, detail: 'tail -f app.log', nextRunAt: 9_000 },
      { id: 'a1', description: 'Review the diff', status: 'running', type: 'local_agent', startTime: 2_000, hasTranscript: true, detail: 'Explore · claude-haiku-4-5 · 1.2k tokens · 3 tool uses' },
    ]);
    for (const v of views) expect(TaskViewSchema.parse(v)).toEqual(v);
    // The path itself stays on the host.
    expect(JSON.stringify(views)).not.toContain('a1.jsonl');
  });

  it('opens the transcript of a task that has one, titled by its description, and ignores the others', async () => {
    const session = new ChatSession({ agent: agentDeps(new ScriptedModel([])), credentials: keyed, log: new RecordingLogger(), newId: sequentialIds() });
    const store = session.sessions.agentSession.appState;
    store.setState((prev) => ({ ...prev, tasks: { a1: AGENT, b1: SHELL } }));
    const opened: [string, string][] = [];
    const ports: ChatControlPorts = {
      setModel: async () => {},
      listSessions: async () => [],
      searchFiles: async () => [],
      openTranscript: async (path, title) => void opened.push([path, title]),
    };
    const posted: HostToWebview[] = [];
    const control = (taskId: string) => handleControl({ type: 'openTaskTranscript', taskId }, session, ports, (m) => posted.push(m), () => 'm');
    await control('a1');
    await control('b1');
    await control('nope');
    expect(opened).toEqual([['/tmp/a1.jsonl', 'Transcript: Review the diff']]);
    expect(posted).toEqual([]);
    expect(session.feeds.tasks().find((t) => t.id === 'a1')?.hasTranscript).toBe(true);
  });
});
