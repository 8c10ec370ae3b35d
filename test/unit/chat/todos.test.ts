import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import { restoredState } from '../../../extension/conversation/restoreState';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import type { Message } from '../../../extension/core/base/messages';
import type { PermissionDecider } from '../../../extension/core/contracts/permissionPrompts';
import { TodoWriteTool } from '../../../extension/tools/TodoWrite/TodoWrite';
import { agentDeps, keyed, RecordingLogger, sequentialIds } from '../support';
import { BlockModel } from './blockModel';

/** The todo list a resumed session gets back, replayed through the tools' own `restoreState`. */
const todosFromHistory = (history: readonly Message[]) => restoredState(history, [TodoWriteTool], 'main', createAppStateStore().getState()).todos.main ?? [];

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

const first = [
  { content: 'Plan', status: 'completed', activeForm: 'Planning' },
  { content: 'Build', status: 'pending', activeForm: 'Building' },
];
const second = [
  { content: 'Plan', status: 'completed', activeForm: 'Planning' },
  { content: 'Build', status: 'in_progress', activeForm: 'Building' },
];
const call = (id: string, todos: unknown): Message => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'TodoWrite', input: { todos } }] });
const result = (id: string, isError = false): Message => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok', is_error: isError }] });

describe('chat todos', () => {
  it('takes the last TodoWrite list of the transcript', () => {
    expect(todosFromHistory([call('a', first), result('a'), call('b', second), result('b')])).toEqual(second);
  });

  it('skips a call that failed or does not parse, and a list that was all done', () => {
    expect(todosFromHistory([call('a', first), result('a'), call('b', second), result('b', true)])).toEqual(first);
    expect(todosFromHistory([call('a', first), result('a'), call('b', [{ content: 'x' }]), result('b')])).toEqual(first);
    expect(todosFromHistory([call('a', first.map((t) => ({ ...t, status: 'completed' }))), result('a')])).toEqual([]);
    expect(todosFromHistory([{ role: 'user', content: 'hi' }])).toEqual([]);
  });

  it('gives a resumed session its todo list back', async () => {
    const model = new BlockModel([[{ tool: { id: 't1', name: 'TodoWrite', input: { todos: second } } }], [{ text: 'Working on it.' }]]);
    const deps = { ...agentDeps(model), tools: [TodoWriteTool], decider: allowAll };
    const original = new ChatSession({ agent: deps, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds() });
    await original.send('build it');
    expect(original.feeds.todos()).toEqual(second);

    const resumed = new ChatSession({ agent: deps, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds('r') });
    expect(resumed.feeds.todos()).toEqual([]);
    await resumed.sessions.resume(original.sessionId);
    expect(resumed.feeds.todos()).toEqual(second);
  });
});
