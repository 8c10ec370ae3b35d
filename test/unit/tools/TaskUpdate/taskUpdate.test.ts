import { describe, expect, it } from 'vitest';
import { TaskUpdateTool } from '../../../../extension/tools/TaskUpdate/TaskUpdate';
import { mainContext, runTool, seed, subAgentContext } from '../shared/workList';

describe('tools/TaskUpdate', () => {
  it('changes the given fields and names them in the answer', async () => {
    const context = mainContext();
    await seed(context, 'Fix');
    const { text, isError } = await runTool(context, 'TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'me', subject: 'Fix the parser' });
    expect(isError).toBe(false);
    expect(text).toBe('Updated task #1: subject, status, owner.');
    expect(context.getAppState().workList.items['1']).toMatchObject({ subject: 'Fix the parser', status: 'in_progress', owner: 'me' });
    expect((await runTool(context, 'TaskUpdate', { taskId: '1', status: 'in_progress' })).text).toBe('Task #1 unchanged: it already had those values.');
  });

  it('links tasks in both directions and warns when a blocked task is started', async () => {
    const context = mainContext();
    await seed(context, 'A', 'B', 'C');
    expect((await runTool(context, 'TaskUpdate', { taskId: '1', addBlocks: ['2', '3'] })).text).toBe('Updated task #1: blocks, blockedBy.');
    const items = context.getAppState().workList.items;
    expect(items['1']).toMatchObject({ blocks: ['2', '3'] });
    expect(items['3']).toMatchObject({ blockedBy: ['1'] });
    const started = await runTool(context, 'TaskUpdate', { taskId: '2', status: 'in_progress' });
    expect(started.text).toContain('Note: it still waits for #1, which is not completed.');
  });

  it('tells the model which tasks completing one unblocked', async () => {
    const context = mainContext();
    await seed(context, 'A', 'B', 'C');
    await runTool(context, 'TaskUpdate', { taskId: '3', addBlockedBy: ['1', '2'] });
    await runTool(context, 'TaskUpdate', { taskId: '2', addBlockedBy: ['1'] });
    const { text } = await runTool(context, 'TaskUpdate', { taskId: '1', status: 'completed' });
    expect(text).toBe('Updated task #1: status.\nNow unblocked: #2. Call TaskList to pick the next task.');
  });

  it('deletes a task with its links', async () => {
    const context = mainContext();
    await seed(context, 'A', 'B');
    await runTool(context, 'TaskUpdate', { taskId: '2', addBlockedBy: ['1'] });
    const { text } = await runTool(context, 'TaskUpdate', { taskId: '1', status: 'deleted' });
    expect(text).toBe('Deleted task #1 (A) and its links.');
    expect(context.getAppState().workList.items).toEqual({ '2': expect.objectContaining({ blockedBy: [], blocks: [] }) });
    expect((await runTool(context, 'TaskGet', { taskId: '1' })).isError).toBe(true);
  });

  it('merges metadata and removes keys set to null', async () => {
    const context = mainContext();
    await runTool(context, 'TaskCreate', { subject: 'A', description: '', metadata: { keep: 1, drop: 'x' } });
    await runTool(context, 'TaskUpdate', { taskId: '1', metadata: { drop: null, add: { nested: true } } });
    expect(context.getAppState().workList.items['1']!.metadata).toEqual({ keep: 1, add: { nested: true } });
  });

  it('lets a sub-agent claim and finish a task of the session’s list', async () => {
    const context = mainContext();
    await seed(context, 'Shared');
    const sub = subAgentContext(context);
    await runTool(sub, 'TaskUpdate', { taskId: '1', owner: 'explorer', status: 'completed' });
    expect(context.getAppState().workList.items['1']).toMatchObject({ owner: 'explorer', status: 'completed' });
  });

  it.each([
    ['an unknown task', { taskId: '9', status: 'completed' }, 'Task #9 not found. Call TaskList'],
    ['a link to an unknown task', { taskId: '1', addBlocks: ['2', '9'] }, 'Task #9 not found. Call TaskList to see the ids of the tasks in the work list. Create it with TaskCreate before linking to it.'],
    ['a link to itself', { taskId: '2', addBlockedBy: ['2'] }, 'Task #2 cannot block or wait for itself'],
  ])('refuses %s before changing anything', async (_name, input, message) => {
    const context = mainContext();
    await seed(context, 'A', 'B');
    const before = context.getAppState().workList;
    const { isError, text, outcome } = await runTool(context, 'TaskUpdate', input);
    expect(isError).toBe(true);
    expect(outcome.stage).toBe('validation');
    expect(text).toContain(message);
    expect(context.getAppState().workList).toBe(before);
  });

  it.each([
    ['an unknown status', { taskId: '1', status: 'done' }, 'status'],
    ['a missing taskId', { status: 'completed' }, 'taskId'],
    ['addBlocks that is not a list', { taskId: '1', addBlocks: '2' }, 'addBlocks'],
    ['an unknown field', { taskId: '1', blocks: ['2'] }, 'blocks'],
  ])('refuses %s by the schema', async (_name, input, field) => {
    const context = mainContext();
    await seed(context, 'A', 'B');
    const { isError, text, outcome } = await runTool(context, 'TaskUpdate', input);
    expect(isError).toBe(true);
    expect(outcome.stage).toBe('invalid_input');
    expect(text).toContain(field);
  });

  it('changes only session state (plan mode may use it, though it is not read-only) and is not concurrency-safe', () => {
    expect([TaskUpdateTool.isReadOnly({ taskId: '1' }), TaskUpdateTool.sessionStateOnly]).toEqual([false, true]);
    expect(TaskUpdateTool.isConcurrencySafe({ taskId: '1' })).toBe(false);
  });
});
