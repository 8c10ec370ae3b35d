import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import type { MonitorTaskState } from '../../../extension/core/engines/tasks/monitor';
import { TaskViewSchema } from '../../../extension/protocol/messages';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds, until } from '../support';

function monitor(over: Partial<MonitorTaskState> = {}): MonitorTaskState {
  return {
    id: 'mlog00001',
    type: 'monitor_mcp',
    status: 'running',
    description: 'Errors in the log',
    command: 'tail -f app.log',
    timeoutMs: 60_000,
    startTime: 1,
    outputFile: '/tmp/mlog00001.output',
    outputOffset: 0,
    notified: false,
    pendingLines: [],
    droppedLines: 0,
    deliveredLines: 0,
    ...over,
  };
}

function setup(replies: string[][]) {
  const model = new ScriptedModel(replies);
  const chat = new ChatSession({ agent: agentDeps(model), credentials: keyed, log: new RecordingLogger(), newId: sequentialIds('w') });
  const store = chat.sessions.agentSession.appState;
  const put = (task: MonitorTaskState) => store.setState((s) => ({ ...s, tasks: { ...s.tasks, [task.id]: task } }));
  return { model, chat, store, put };
}

describe('an idle chat wakes for monitor output', () => {
  it('starts one turn with a note, and the request carries the lines as events', async () => {
    const { model, chat, store, put } = setup([['Saw the error.']]);
    put(monitor());
    put(monitor({ pendingLines: ['ERROR disk full'] }));
    put(monitor({ pendingLines: ['ERROR disk full', 'ERROR retry failed'] }));
    await until(() => model.requests.length === 1 && !chat.busy);
    expect(chat.messages().map((m) => m.text)).toEqual(['Monitor "Errors in the log" (mlog00001) has new output.', 'Saw the error.']);
    const sent = JSON.stringify(model.requests[0]!.messages);
    expect(sent).toContain('<events>\\nERROR disk full\\nERROR retry failed\\n</events>');
    expect(store.getState().tasks['mlog00001']).toMatchObject({ pendingLines: [], deliveredLines: 2 });
    await new Promise((r) => setTimeout(r, 700));
    expect(model.requests).toHaveLength(1);
  });

  it('does not wake for a killed monitor, and lists it in the task panel with its type and command', async () => {
    const { model, chat, put } = setup([]);
    put(monitor({ status: 'killed', notified: true, pendingLines: ['late line'] }));
    await new Promise((r) => setTimeout(r, 700));
    expect(model.requests).toHaveLength(0);
    const views = chat.feeds.tasks();
    expect(views).toEqual([{ id: 'mlog00001', description: 'Errors in the log', status: 'killed', type: 'monitor_mcp', startTime: 1, detail: 'tail -f app.log' }]);
    expect(TaskViewSchema.array().parse(views)).toEqual(views);
  });
});
