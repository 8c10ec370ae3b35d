import { describe, expect, it } from 'vitest';
import { registerTaskType } from '../../../../extension/core/engines/tasks/registry';
import { putTask, type SetAppState } from '../../../../extension/core/engines/tasks/taskStore';
import type { TaskStateBase, TaskType } from '../../../../extension/core/contracts/tasks';
import { bashHarness } from '../Bash/harness';

function task(id: string, type: TaskType): TaskStateBase {
  return { id, type, status: 'running', description: `Review the ${type} diff`, startTime: 1, outputFile: `/tmp/${id}`, outputOffset: 0, notified: false };
}

describe('tools/TaskStop: task types', () => {
  it.each(['remote_agent', 'local_workflow', 'dream'] as const)('refuses a %s task: that type is not available in this build', async (type) => {
    const h = bashHarness();
    putTask(h.context.setAppState, task('x1', type));
    const { result, text, outcome } = await h.run('TaskStop', { task_id: 'x1' });
    expect(result.is_error).toBe(true);
    expect(outcome.stage).toBe('validation');
    expect(text).toBe(
      `<tool_use_error>Task x1 is a ${type} task, and ${type} tasks are not available in this build, so TaskStop cannot stop it.</tool_use_error>`,
    );
    expect(h.context.getAppState().tasks['x1']!.status).toBe('running');
  });

  it('stops a task of any registered type through its kill, and names it by its description', async () => {
    const killed: string[] = [];
    registerTaskType({
      name: 'FakeTeammate',
      type: 'in_process_teammate',
      async kill(taskId: string, setAppState: SetAppState) {
        killed.push(taskId);
        setAppState((prev) => ({ ...prev, tasks: { ...prev.tasks, [taskId]: { ...prev.tasks[taskId]!, status: 'killed' } } }));
      },
    });
    const h = bashHarness();
    putTask(h.context.setAppState, task('t1', 'in_process_teammate'));
    const stopped = await h.run('TaskStop', { task_id: 't1' });
    expect(stopped.result.is_error).toBeFalsy();
    expect(stopped.text).toBe('Stopped task t1 (Review the in_process_teammate diff).');
    expect(killed).toEqual(['t1']);
    expect(h.context.getAppState().tasks['t1']!.status).toBe('killed');
  });
});
