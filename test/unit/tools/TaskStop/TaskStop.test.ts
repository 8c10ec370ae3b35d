import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LocalBashTaskState } from '../../../../extension/core/engines/tasks/localBash';
import { TaskStopTool } from '../../../../extension/tools/TaskStop/TaskStop';
import { bashHarness, gone, isRunning, pidFrom, until } from '../Bash/harness';

const taskIdIn = (text: string) => /with ID: (b[0-9a-z]{8})\./.exec(text)?.[1];

describe('tools/TaskStop', () => {
  it('kills a running background command with everything it started, and marks the task killed', async () => {
    const h = bashHarness();
    const pidFile = path.join(h.ws, 'pid');
    const started = await h.run('Bash', { command: `sleep 300 & echo $! > ${pidFile}; wait`, run_in_background: true, description: 'Sleep a while' });
    const id = taskIdIn(started.text)!;
    expect(started.text).toContain(`Command running in background with ID: ${id}.`);
    expect(started.text).toContain(`TaskStop (task_id "${id}")`);
    const grandchild = await pidFrom(pidFile);
    expect(h.context.getAppState().tasks[id]).toMatchObject({ status: 'running', description: 'Sleep a while', backgroundReason: 'requested' });

    const stopped = await h.run('TaskStop', { task_id: id });
    expect(stopped.result.is_error).toBeFalsy();
    expect(stopped.text).toBe(`Stopped task ${id} (sleep 300 & echo $! > ${pidFile}; wait).`);
    const task = h.context.getAppState().tasks[id] as LocalBashTaskState;
    expect(task).toMatchObject({ status: 'killed', notified: true, exitCode: 143 });
    expect(task.process).toBeUndefined();
    expect(isRunning(grandchild)).toBe(false);
    expect((await gone(grandchild)).code).toBe('ESRCH');
  });

  it('accepts the deprecated shell_id field', async () => {
    const h = bashHarness();
    const id = taskIdIn((await h.run('Bash', { command: 'sleep 300', run_in_background: true })).text)!;
    const stopped = await h.run('TaskStop', { shell_id: id });
    expect(stopped.text).toBe(`Stopped task ${id} (sleep 300).`);
    expect(h.context.getAppState().tasks[id]!.status).toBe('killed');
  });

  it('answers an unknown id with an error that says what can be stopped', async () => {
    const h = bashHarness();
    const { result, text, outcome } = await h.run('TaskStop', { task_id: 'bnope0000' });
    expect(result.is_error).toBe(true);
    expect(outcome.stage).toBe('validation');
    expect(text).toBe('<tool_use_error>No task found with ID: bnope0000. Only background tasks of this session can be stopped.</tool_use_error>');
  });

  it('refuses to stop a task that already finished', async () => {
    const h = bashHarness();
    const id = taskIdIn((await h.run('Bash', { command: 'true', run_in_background: true })).text)!;
    await until(() => h.context.getAppState().tasks[id]!.status === 'completed');
    const { result, text } = await h.run('TaskStop', { task_id: id });
    expect(result.is_error).toBe(true);
    expect(text).toContain(`Task ${id} is not running (status: completed)`);
  });

  it('asks for an id when neither task_id nor shell_id is given', async () => {
    const h = bashHarness();
    const { result, text } = await h.run('TaskStop', {});
    expect(result.is_error).toBe(true);
    expect(text).toContain('Missing task_id');
  });

  it('is deferred: the model loads it through ToolSearch', () => {
    expect(TaskStopTool.shouldDefer).toBe(true);
  });
});
