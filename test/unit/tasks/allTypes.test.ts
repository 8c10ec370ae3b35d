import { describe, expect, it } from 'vitest';
import { isNotificationDue, transitionTask } from '../../../extension/core/engines/tasks/lifecycle';
import { takeTaskNotifications } from '../../../extension/core/engines/tasks/notifications';
import { TASK_TYPES_NOT_IN_BUILD, taskRegistry } from '../../../extension/core/engines/tasks/registry';
import { putTask } from '../../../extension/core/engines/tasks/taskStore';
import type { TaskStateBase, TaskStatus, TaskType } from '../../../extension/core/contracts/tasks';
import { createAppStateStore } from '../../../extension/core/contracts/appState';

const ALL_TYPES: TaskType[] = ['local_bash', 'local_agent', 'remote_agent', 'in_process_teammate', 'local_workflow', 'monitor_mcp', 'dream'];
const RUNNING_HERE = ALL_TYPES.filter((t) => !TASK_TYPES_NOT_IN_BUILD.includes(t));
const FINAL: TaskStatus[] = ['completed', 'failed', 'killed'];

/** A running task of `type` with the fields each implementation reads (an agent's progress, a monitor's lines). */
function running(type: TaskType, id: string, abort = new AbortController()): TaskStateBase {
  const base: TaskStateBase = { id, type, status: 'running', description: `${type} task`, startTime: 1, outputFile: `/tmp/${id}.out`, outputOffset: 0, notified: false };
  return { ...base, abortController: abort, agentId: `a${id}-0123456789abcdef`, agentType: 'Explore', model: 'm', progress: { toolUses: 0, tokens: 0 }, command: 'true', pendingLines: [] } as TaskStateBase;
}

describe('the task state machine over every task type', () => {
  it('runs local_bash, local_agent, in_process_teammate and monitor_mcp here, and no other type', () => {
    expect(RUNNING_HERE.sort()).toEqual(['in_process_teammate', 'local_agent', 'local_bash', 'monitor_mcp']);
    expect(taskRegistry.types().sort()).toEqual(RUNNING_HERE.sort());
  });

  it.each(RUNNING_HERE)('kills a running %s task through the registry: killed, never completed afterwards, no notification', async (type) => {
    const store = createAppStateStore();
    const abort = new AbortController();
    putTask(store.setState, running(type, 'k1', abort));
    const killed = await taskRegistry.killTask('k1', { getAppState: store.getState, setAppState: store.setState });
    expect(killed.kind).toBe('killed');
    const after = store.getState().tasks['k1']!;
    expect(after.status).toBe('killed');
    // An agent's loop is aborted (and with it the process trees of its commands).
    if (type === 'local_agent' || type === 'in_process_teammate') expect(abort.signal.aborted).toBe(true);
    // Whatever the task's own code does next (its process exits 0, its agent loop returns), it stays killed.
    for (const to of FINAL) expect(transitionTask(store.setState, 'k1', to)).toBe(false);
    expect(store.getState().tasks['k1']!.status).toBe('killed');
    expect(isNotificationDue(store.getState().tasks['k1']!)).toBe(false);
    expect(takeTaskNotifications({ getAppState: store.getState, setAppState: store.setState })).toEqual([]);
    // A second kill is refused: the task has ended.
    expect((await taskRegistry.killTask('k1', { getAppState: store.getState, setAppState: store.setState })).kind).toBe('not_running');
  });

  it.each(RUNNING_HERE.flatMap((type) => FINAL.map((status) => [type, status] as const)))('a %s task that ended %s never leaves that state', (type, status) => {
    const store = createAppStateStore();
    putTask(store.setState, running(type, 'e1'));
    expect(transitionTask(store.setState, 'e1', status)).toBe(true);
    for (const to of ['pending', 'running', ...FINAL] as TaskStatus[]) expect(transitionTask(store.setState, 'e1', to)).toBe(false);
    expect(store.getState().tasks['e1']!.status).toBe(status);
  });

  it.each(TASK_TYPES_NOT_IN_BUILD)('refuses to kill a %s task: not available in this build, state untouched', async (type) => {
    const store = createAppStateStore();
    putTask(store.setState, running(type, 'r1'));
    const before = store.getState();
    expect((await taskRegistry.killTask('r1', { getAppState: store.getState, setAppState: store.setState })).kind).toBe('not_in_build');
    expect(store.getState()).toBe(before);
  });
});
