import { describe, expect, it } from 'vitest';
import { TaskGetTool } from '../../../../extension/tools/TaskGet/TaskGet';
import { mainContext, runTool, seed, subAgentContext } from '../shared/workList';

describe('tools/TaskGet', () => {
  it('answers with every field of the task, blockers included', async () => {
    const context = mainContext();
    await seed(context, 'Read the code', 'Fix the parser');
    await runTool(context, 'TaskUpdate', { taskId: '2', addBlockedBy: ['1'], owner: 'fixer', activeForm: 'Fixing the parser', metadata: { ticket: 42 } });
    const { text, isError } = await runTool(context, 'TaskGet', { taskId: '2' });
    expect(isError).toBe(false);
    expect(text).toBe(
      [
        'Task #2: Fix the parser',
        'Status: pending',
        'Active form: Fixing the parser',
        'Owner: fixer',
        'Description: Fix the parser, in detail',
        'Blocked by: #1',
        'Metadata: {"ticket":42}',
      ].join('\n'),
    );
    expect((await runTool(context, 'TaskGet', { taskId: '#1' })).text).toContain('Blocks: #2');
  });

  it('reads the session’s list from a sub-agent', async () => {
    const context = mainContext();
    await seed(context, 'Shared');
    expect((await runTool(subAgentContext(context), 'TaskGet', { taskId: '1' })).text).toContain('Task #1: Shared');
  });

  it('refuses an unknown id with a hint to list the tasks', async () => {
    const context = mainContext();
    await seed(context, 'Only one');
    const { isError, text, outcome } = await runTool(context, 'TaskGet', { taskId: '5' });
    expect(isError).toBe(true);
    expect(outcome.stage).toBe('validation');
    expect(text).toBe('<tool_use_error>Task #5 not found. Call TaskList to see the ids of the tasks in the work list.</tool_use_error>');
  });

  it.each([[{}], [{ taskId: '' }], [{ taskId: 3 }]])('refuses a missing or malformed taskId (%j)', async (input) => {
    const { isError, text } = await runTool(mainContext(), 'TaskGet', input);
    expect(isError).toBe(true);
    expect(text).toContain('taskId');
  });

  it('is read-only and concurrency-safe', () => {
    expect(TaskGetTool.isReadOnly()).toBe(true);
    expect(TaskGetTool.isConcurrencySafe()).toBe(true);
  });
});
