import { describe, expect, expectTypeOf, it } from 'vitest';
import { getDefaultAppState, type AppState } from '../../../extension/core/contracts/appState';
import {
  generateTaskId,
  isTerminalTaskStatus,
  TASK_ID_PREFIXES,
  type Task,
  type TaskStateBase,
  type TaskStatus,
  type TaskType,
} from '../../../extension/core/contracts/tasks';

const TYPES = Object.keys(TASK_ID_PREFIXES) as TaskType[];

describe('core/tasks types', () => {
  it('has one distinct one-letter prefix for each of the 7 task types', () => {
    expect(TASK_ID_PREFIXES).toEqual({
      local_bash: 'b',
      local_agent: 'a',
      remote_agent: 'r',
      in_process_teammate: 't',
      local_workflow: 'w',
      monitor_mcp: 'm',
      dream: 'd',
    });
    expect(new Set(Object.values(TASK_ID_PREFIXES)).size).toBe(7);
  });

  it.each(TYPES)('generates %s ids of its prefix and 8 base-36 characters', (type) => {
    const id = generateTaskId(type);
    expect(id).toMatch(new RegExp(`^${TASK_ID_PREFIXES[type]}[0-9a-z]{8}$`));
  });

  it('generates a different id on each call', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateTaskId('local_bash')));
    expect(ids.size).toBe(200);
  });

  it('treats completed, failed and killed as terminal', () => {
    const statuses: Record<TaskStatus, boolean> = {
      pending: false,
      running: false,
      completed: true,
      failed: true,
      killed: true,
    };
    for (const [status, terminal] of Object.entries(statuses)) {
      expect(isTerminalTaskStatus(status as TaskStatus), status).toBe(terminal);
    }
  });

  it('lets a task implementation update state through the updater it is given', async () => {
    const task: Task = {
      name: 'LocalShellTask',
      type: 'local_bash',
      async kill(taskId, setAppState) {
        setAppState((prev) => {
          const t = prev.tasks[taskId];
          return t ? { ...prev, tasks: { ...prev.tasks, [taskId]: { ...t, status: 'killed' } } } : prev;
        });
      },
    };
    const b1: TaskStateBase = {
      id: 'b1',
      type: 'local_bash',
      status: 'running',
      description: 'npm test',
      startTime: 0,
      outputFile: '/tmp/b1',
      outputOffset: 0,
      notified: false,
    };
    let state: AppState = { ...getDefaultAppState(), tasks: { b1 } };
    await task.kill('b1', (f) => (state = f(state)));
    expect(state.tasks.b1?.status).toBe('killed');
    expect(b1.status).toBe('running');
    expectTypeOf<TaskType>().toEqualTypeOf<
      'local_bash' | 'local_agent' | 'remote_agent' | 'in_process_teammate' | 'local_workflow' | 'monitor_mcp' | 'dream'
    >();
  });
});
