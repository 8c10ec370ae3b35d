import { describe, expect, it } from 'vitest';
import { restoredState, restoreToolState } from '../../../extension/conversation/restoreState';
import type { Message } from '../../../extension/core/base/messages';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import type { AppStateStore } from '../../../extension/core/contracts/appState';
import { sortedItems } from '../../../extension/core/engines/worklist/store';
import { TaskCreateTool } from '../../../extension/tools/TaskCreate/TaskCreate';
import { TaskUpdateTool } from '../../../extension/tools/TaskUpdate/TaskUpdate';

/** The work list a resumed session gets back, replayed through the tools' own `restoreState`. */
const tools = [TaskCreateTool, TaskUpdateTool];
const workListFromHistory = (history: readonly Message[]) => restoredState(history, tools, 'main', createAppStateStore().getState()).workList;
const restoreWorkList = (store: AppStateStore, history: readonly Message[]) => restoreToolState(store, history, tools, 'main');

const call = (id: string, name: string, input: unknown): Message => ({ role: 'assistant', content: [{ type: 'tool_use', id, name, input }] });
const result = (id: string, content: string, isError = false): Message => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] });

const create = (id: string, taskId: string, subject: string): Message[] => [
  call(id, 'TaskCreate', { subject, description: `${subject}!` }),
  result(id, `Task #${taskId} created: ${subject}`),
];

describe('chat work list from the transcript', () => {
  it('applies the successful TaskCreate and TaskUpdate calls in order', () => {
    const list = workListFromHistory([
      ...create('a', '1', 'Read'),
      ...create('b', '2', 'Fix'),
      call('c', 'TaskUpdate', { taskId: '2', addBlockedBy: ['1'], owner: 'me', status: 'in_progress' }),
      result('c', 'Updated task #2: status, owner, blocks, blockedBy.'),
      call('d', 'TaskUpdate', { taskId: '1', status: 'completed' }),
      result('d', 'Updated task #1: status.'),
    ]);
    expect(sortedItems(list).map((i) => [i.id, i.subject, i.status, i.owner ?? null, i.blockedBy])).toEqual([
      ['1', 'Read', 'completed', null, []],
      ['2', 'Fix', 'in_progress', 'me', ['1']],
    ]);
    expect(list.nextId).toBe(3);
  });

  it('skips failed calls and keeps the ids the results named, gaps included', () => {
    const list = workListFromHistory([
      ...create('a', '1', 'One'),
      call('x', 'TaskUpdate', { taskId: '1', status: 'completed' }),
      result('x', 'Task #1 not found', true),
      ...create('b', '4', 'Four'), // tasks 2 and 3 were made by a sub-agent
      call('y', 'TaskUpdate', { taskId: '1', status: 'deleted' }),
      result('y', 'Deleted task #1 (One) and its links.'),
    ]);
    expect(sortedItems(list).map((i) => [i.id, i.subject, i.status])).toEqual([['4', 'Four', 'pending']]);
    expect(list.nextId).toBe(5);
  });

  it('puts the list into the store, and leaves a store alone when the transcript had none', () => {
    const store = createAppStateStore();
    const before = store.getState();
    restoreWorkList(store, [{ role: 'user', content: 'hi' }]);
    expect(store.getState()).toBe(before);
    restoreWorkList(store, create('a', '1', 'Back'));
    expect(store.getState().workList.items['1']).toMatchObject({ subject: 'Back', description: 'Back!' });
  });
});
