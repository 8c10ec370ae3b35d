/**
 * Reading and updating tasks in `AppState.tasks`. Tasks write through `setAppStateForTasks` when a context
 * has one: a sub-agent's `setAppState` does not reach the session's store, but its tasks must.
 */
import type { AppState } from '../../contracts/appState';
import type { TaskStateBase } from '../../contracts/tasks';

export type SetAppState = (updater: (prev: AppState) => AppState) => void;

/** Where a tool call's tasks are stored. */
export interface TaskStoreAccess {
  getAppState(): AppState;
  setAppState: SetAppState;
  setAppStateForTasks?: SetAppState;
  /** Set for a sub-agent: the tasks it started carry its id. */
  subAgent?: { agentId: string };
}

export function taskSetter(access: TaskStoreAccess): SetAppState {
  return access.setAppStateForTasks ?? access.setAppState;
}

export function putTask(setAppState: SetAppState, task: TaskStateBase): void {
  setAppState((prev) => ({ ...prev, tasks: { ...prev.tasks, [task.id]: task } }));
}

/** Applies `update` to the task with this id; nothing happens when there is none. */
export function updateTask<T extends TaskStateBase>(setAppState: SetAppState, id: string, update: (task: T) => T): void {
  setAppState((prev) => {
    const task = prev.tasks[id] as T | undefined;
    if (!task) return prev;
    const next = update(task);
    return next === task ? prev : { ...prev, tasks: { ...prev.tasks, [id]: next } };
  });
}
