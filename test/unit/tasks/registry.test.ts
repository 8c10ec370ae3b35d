import { describe, expect, it } from 'vitest';
import { MonitorTask } from '../../../extension/core/engines/tasks/monitor';
import { attachBashProcess, LocalBashTask } from '../../../extension/core/engines/tasks/localBash';
import { createTaskRegistry, getTaskByType, TASK_TYPES_NOT_IN_BUILD, taskRegistry } from '../../../extension/core/engines/tasks/registry';
import { putTask, type SetAppState } from '../../../extension/core/engines/tasks/taskStore';
import type { Task, TaskStateBase, TaskStatus, TaskType } from '../../../extension/core/contracts/tasks';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import { FakeProcess } from './fakeProcess';

/** A Task that records which ids it was asked to kill. */
function recordingTask(type: TaskType): Task & { killed: string[] } {
  const killed: string[] = [];
  return {
    name: `Fake ${type}`,
    type,
    killed,
    async kill(taskId: string, _setAppState: SetAppState) {
      killed.push(taskId);
    },
  };
}

function task(id: string, type: TaskType, status: TaskStatus = 'running'): TaskStateBase {
  return { id, type, status, description: `a ${type}`, startTime: 1, outputFile: `/tmp/${id}`, outputOffset: 0, notified: false };
}

function storeWith(...tasks: TaskStateBase[]) {
  const store = createAppStateStore();
  for (const t of tasks) putTask(store.setState, t);
  return { store, access: { getAppState: store.getState, setAppState: store.setState } };
}

describe('core/engines/tasks/registry', () => {
  it('dispatches kill to the implementation registered for the task type', async () => {
    const agent = recordingTask('local_agent');
    const teammate = recordingTask('in_process_teammate');
    const registry = createTaskRegistry([agent, teammate]);
    const { access } = storeWith(task('a1', 'local_agent'), task('t1', 'in_process_teammate'));
    expect(await registry.killTask('t1', access)).toMatchObject({ kind: 'killed', task: { id: 't1' } });
    expect(teammate.killed).toEqual(['t1']);
    expect(agent.killed).toEqual([]);
    await registry.killTask('a1', access);
    expect(agent.killed).toEqual(['a1']);
  });

  it('finds an implementation by type once it is registered, and a later one replaces it', () => {
    const registry = createTaskRegistry();
    expect(registry.getTaskByType('monitor_mcp')).toBeUndefined();
    const first = recordingTask('monitor_mcp');
    const second = recordingTask('monitor_mcp');
    registry.registerTaskType(first);
    expect(registry.getTaskByType('monitor_mcp')).toBe(first);
    registry.registerTaskType(second);
    expect(registry.getTaskByType('monitor_mcp')).toBe(second);
    expect(registry.types()).toEqual(['monitor_mcp']);
  });

  it('says why it did not kill: unknown id, task ended, type not in this build, type not registered', async () => {
    const registry = createTaskRegistry([recordingTask('local_agent'), recordingTask('dream')]);
    const { access } = storeWith(task('a1', 'local_agent', 'completed'), task('d1', 'dream'), task('m1', 'monitor_mcp'));
    expect(await registry.killTask('nope', access)).toEqual({ kind: 'not_found' });
    expect((await registry.killTask('a1', access)).kind).toBe('not_running');
    expect((await registry.killTask('d1', access)).kind).toBe('not_in_build');
    expect((await registry.killTask('m1', access)).kind).toBe('unregistered');
    expect((registry.getTaskByType('dream') as ReturnType<typeof recordingTask>).killed).toEqual([]);
  });

  it('lists remote_agent, local_workflow and dream as not in this build', () => {
    expect([...TASK_TYPES_NOT_IN_BUILD].sort()).toEqual(['dream', 'local_workflow', 'remote_agent']);
  });

  it('is built at startup with the local_bash, monitor_mcp, local_agent and in_process_teammate implementations', () => {
    expect(getTaskByType('local_bash')).toBe(LocalBashTask);
    expect(getTaskByType('monitor_mcp')).toBe(MonitorTask);
    expect(taskRegistry.types()).toEqual(['local_bash', 'monitor_mcp', 'local_agent', 'in_process_teammate']);
  });

  it('kills a local_bash task through the registry: the process dies and the task ends killed', async () => {
    const store = createAppStateStore();
    const proc = new FakeProcess();
    attachBashProcess(store.setState, { id: 'b1', command: 'sleep 9', description: 'Sleep', outputFile: '/tmp/b1', backgroundReason: 'requested' }, proc);
    expect((await taskRegistry.killTask('b1', { getAppState: store.getState, setAppState: store.setState })).kind).toBe('killed');
    expect(proc.killed).toBe(true);
    expect(store.getState().tasks['b1']).toMatchObject({ status: 'killed', notified: true, exitCode: 143 });
  });

  it('kills every live task of a registered type at shutdown and leaves the rest alone', async () => {
    const agent = recordingTask('local_agent');
    const registry = createTaskRegistry([agent]);
    const { store } = storeWith(task('a1', 'local_agent'), task('a2', 'local_agent', 'failed'), task('a3', 'local_agent', 'pending'), task('m1', 'monitor_mcp'));
    await registry.killAllTasks(store.getState().tasks, store.setState);
    expect(agent.killed.sort()).toEqual(['a1', 'a3']);
  });
});
