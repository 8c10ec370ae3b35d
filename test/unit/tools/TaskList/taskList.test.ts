import { describe, expect, it } from 'vitest';
import { TaskListTool } from '../../../../extension/tools/TaskList/TaskList';
import { mainContext, runTool, seed, subAgentContext } from '../shared/workList';

describe('tools/TaskList', () => {
  it('says the list is empty and how to start one', async () => {
    const { text, isError } = await runTool(mainContext(), 'TaskList', {});
    expect(isError).toBe(false);
    expect(text).toBe('No tasks in the work list. Create one with TaskCreate.');
  });

  it('lists one line per task with status, owner and the blockers still open', async () => {
    const context = mainContext();
    await seed(context, 'Read', 'Fix', 'Ship');
    await runTool(context, 'TaskUpdate', { taskId: '3', addBlockedBy: ['1', '2'] });
    await runTool(context, 'TaskUpdate', { taskId: '2', status: 'in_progress', owner: 'worker' });
    await runTool(subAgentContext(context), 'TaskUpdate', { taskId: '1', status: 'completed' });
    const { text } = await runTool(context, 'TaskList', {});
    expect(text).toBe(['#1 [completed] Read', '#2 [in_progress] Fix (owner: worker)', '#3 [pending] Ship [blocked by #2]'].join('\n'));
  });

  it('takes no input fields', async () => {
    const { isError, text } = await runTool(mainContext(), 'TaskList', { all: true });
    expect(isError).toBe(true);
    expect(text).toContain('all');
  });

  it('is read-only and concurrency-safe', () => {
    expect(TaskListTool.isReadOnly()).toBe(true);
    expect(TaskListTool.isConcurrencySafe()).toBe(true);
  });
});
