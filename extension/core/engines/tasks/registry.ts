/**
 * The task registry: every kind of background task is a `Task` registered under its type, so stopping a task
 * (TaskStop, the chat's stop button, the session's shutdown) dispatches on the task's type instead of knowing
 * each implementation. `taskRegistry` is the one built at startup with the types this build runs;
 * `createTaskRegistry` makes a separate one (tests).
 */
import { InProcessTeammateTask, LocalAgentTask } from './localAgent';
import { LocalBashTask } from './localBash';
import { MonitorTask } from './monitor';
import type { SetAppState } from './taskStore';
import { isTerminalTaskStatus, type Task, type TaskStateBase, type TaskType } from '../../contracts/tasks';

/** Task types that exist in the task model but do not run in this build: nothing can start or stop them. */
export const TASK_TYPES_NOT_IN_BUILD: readonly TaskType[] = ['remote_agent', 'local_workflow', 'dream'];

export function isTaskTypeInBuild(type: TaskType): boolean {
  return !TASK_TYPES_NOT_IN_BUILD.includes(type);
}

/** Why a task could not be killed, or that it was. */
export type KillTaskResult =
  | { kind: 'killed'; task: TaskStateBase }
  | { kind: 'not_found' }
  | { kind: 'not_running'; task: TaskStateBase }
  | { kind: 'not_in_build'; task: TaskStateBase }
  | { kind: 'unregistered'; task: TaskStateBase };

export interface TaskRegistry {
  /** Registers the implementation of `task.type`, replacing an earlier one. */
  registerTaskType(task: Task): void;
  getTaskByType(type: TaskType): Task | undefined;
  /** The registered types. */
  types(): TaskType[];
  /** Kills the task with this id through its type's implementation. */
  killTask(taskId: string, access: { getAppState: () => { tasks: Readonly<Record<string, TaskStateBase>> }; setAppState: SetAppState }): Promise<KillTaskResult>;
  /** Kills every task that has not ended and whose type is registered (the session is shutting down). */
  killAllTasks(tasks: Readonly<Record<string, TaskStateBase>>, setAppState: SetAppState): Promise<void>;
}

/** Why `task` cannot be killed through `registry`, or undefined when it can. */
export function whyNotKillable(registry: Pick<TaskRegistry, 'getTaskByType'>, task: TaskStateBase): Exclude<KillTaskResult['kind'], 'killed' | 'not_found'> | undefined {
  if (isTerminalTaskStatus(task.status)) return 'not_running';
  if (!isTaskTypeInBuild(task.type)) return 'not_in_build';
  if (!registry.getTaskByType(task.type)) return 'unregistered';
  return undefined;
}

export function createTaskRegistry(tasks: readonly Task[] = []): TaskRegistry {
  const byType = new Map<TaskType, Task>();
  const registry: TaskRegistry = {
    registerTaskType(task) {
      byType.set(task.type, task);
    },
    getTaskByType: (type) => byType.get(type),
    types: () => [...byType.keys()],
    async killTask(taskId, access) {
      const task = access.getAppState().tasks[taskId];
      if (!task) return { kind: 'not_found' };
      const why = whyNotKillable(registry, task);
      if (why) return { kind: why, task };
      await byType.get(task.type)!.kill(taskId, access.setAppState);
      return { kind: 'killed', task };
    },
    async killAllTasks(tasks, setAppState) {
      const live = Object.values(tasks).filter((t) => !isTerminalTaskStatus(t.status));
      await Promise.all(live.map((t) => byType.get(t.type)?.kill(t.id, setAppState)));
    },
  };
  for (const task of tasks) registry.registerTaskType(task);
  return registry;
}

/** The task types this build runs. */
export const taskRegistry: TaskRegistry = createTaskRegistry([LocalBashTask, MonitorTask, LocalAgentTask, InProcessTeammateTask]);

export const registerTaskType = (task: Task): void => taskRegistry.registerTaskType(task);
export const getTaskByType = (type: TaskType): Task | undefined => taskRegistry.getTaskByType(type);
