/**
 * The task state machine: pending → running → completed | failed | killed. A task may also end straight
 * from pending (killed before its process started, or failed to start), never complete without running, and
 * never leave a final state. Every status change and every notification goes through these guards.
 */
import type { SetAppState } from './taskStore';
import { isTerminalTaskStatus, type TaskStateBase, type TaskStatus } from '../../contracts/tasks';

/** The statuses each status may move to; the final ones move nowhere. */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  pending: ['running', 'failed', 'killed'],
  running: ['completed', 'failed', 'killed'],
  completed: [],
  failed: [],
  killed: [],
};

/** True when a task in status `from` may move to `to`. */
export function canTransition(from: TaskStatus, to: TaskStatus): boolean {
  return !isTerminalTaskStatus(from) && TASK_TRANSITIONS[from].includes(to);
}

/** The task moved to `next` with `patch` applied, or undefined when that move is not allowed. */
export function transition<T extends TaskStateBase>(task: T, next: TaskStatus, patch: Partial<T> = {}): T | undefined {
  return canTransition(task.status, next) ? { ...task, ...patch, status: next } : undefined;
}

/**
 * Moves the task with this id to `next` (applying `patch`, which runs only for an allowed move) in one state
 * update, for task implementations that change status from outside an updater. Returns whether it moved:
 * false for an unknown id or a forbidden move (such as leaving `killed`), and then nothing changes.
 */
export function transitionTask<T extends TaskStateBase>(
  setAppState: SetAppState,
  id: string,
  next: TaskStatus,
  patch: (task: T) => Partial<T> = () => ({}),
): boolean {
  let moved = false;
  setAppState((prev) => {
    const task = prev.tasks[id] as T | undefined;
    const after = task && canTransition(task.status, next) ? transition(task, next, patch(task)) : undefined;
    if (!after) return prev;
    moved = true;
    return { ...prev, tasks: { ...prev.tasks, [id]: after } };
  });
  return moved;
}

/** A notification is due for a task that ended and whose end nobody has been told about yet. */
export function isNotificationDue(task: TaskStateBase): boolean {
  return isTerminalTaskStatus(task.status) && !task.notified;
}

/** Marks these tasks notified; a task still pending or running is left alone (it has nothing to report). */
export function markTasksNotified(setAppState: SetAppState, ids: readonly string[]): void {
  setAppState((prev) => {
    const tasks = { ...prev.tasks };
    let changed = false;
    for (const id of ids) {
      const task = tasks[id];
      if (!task || task.notified || !isTerminalTaskStatus(task.status)) continue;
      tasks[id] = { ...task, notified: true };
      changed = true;
    }
    return changed ? { ...prev, tasks } : prev;
  });
}
