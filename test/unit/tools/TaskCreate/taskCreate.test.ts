import { describe, expect, it } from 'vitest';
import { TaskCreateTool } from '../../../../extension/tools/TaskCreate/TaskCreate';
import { mainContext, runTool, subAgentContext } from '../shared/workList';

describe('tools/TaskCreate', () => {
  it('adds a pending task with the next id and answers with its id and subject', async () => {
    const context = mainContext();
    const first = await runTool(context, 'TaskCreate', { subject: 'Read the code', description: 'Find the parser' });
    const second = await runTool(context, 'TaskCreate', { subject: 'Fix the parser', description: 'Dates', activeForm: 'Fixing the parser', metadata: { area: 'dates' } });
    expect(first).toMatchObject({ isError: false, text: 'Task #1 created: Read the code' });
    expect(second.text).toBe('Task #2 created: Fix the parser');
    expect(context.getAppState().workList.items['2']).toEqual({
      id: '2',
      subject: 'Fix the parser',
      description: 'Dates',
      activeForm: 'Fixing the parser',
      status: 'pending',
      blocks: [],
      blockedBy: [],
      metadata: { area: 'dates' },
    });
  });

  it('writes a sub-agent’s task to the session’s list through setAppStateForTasks', async () => {
    const context = mainContext();
    await runTool(context, 'TaskCreate', { subject: 'Main', description: '' });
    const { text } = await runTool(subAgentContext(context), 'TaskCreate', { subject: 'From the sub-agent', description: '' });
    expect(text).toBe('Task #2 created: From the sub-agent');
    expect(Object.values(context.getAppState().workList.items).map((i) => i.subject)).toEqual(['Main', 'From the sub-agent']);
  });

  it.each([
    ['a missing subject', { description: 'x' }, 'subject'],
    ['a blank subject', { subject: '   ', description: 'x' }, 'subject'],
    ['a missing description', { subject: 'x' }, 'description'],
    ['an unknown field', { subject: 'x', description: 'y', status: 'pending' }, 'status'],
    ['metadata that is not an object', { subject: 'x', description: 'y', metadata: [1] }, 'metadata'],
  ])('refuses %s and creates nothing', async (_name, input, field) => {
    const context = mainContext();
    const { isError, text, outcome } = await runTool(context, 'TaskCreate', input);
    expect(isError).toBe(true);
    expect(outcome.stage).toBe('invalid_input');
    expect(text).toContain(field);
    expect(context.getAppState().workList.items).toEqual({});
  });

  it('needs no permission, changes only session state (so plan mode runs it, not read-only), not concurrency-safe (ids follow call order)', async () => {
    const input = { subject: 'x', description: '' };
    expect((await TaskCreateTool.checkPermissions(input)).behavior).toBe('allow');
    expect([TaskCreateTool.isReadOnly(input), TaskCreateTool.sessionStateOnly]).toEqual([false, true]);
    expect(TaskCreateTool.isConcurrencySafe(input)).toBe(false);
    expect(await TaskCreateTool.prompt()).toContain('TodoWrite');
    expect(TaskCreateTool.guidance?.text).toContain('TaskCreate');
  });
});
