/**
 * `local_bash` tasks: shell commands that outlive the Bash call that started them (`run_in_background`, or
 * a foreground command past its timeout). The process keeps writing to its output file; when it ends the
 * task turns completed, failed or killed, and a notification waits for the model's next request.
 */
import type { ShellExit, ShellProcess } from '../ports';
import { putTask, updateTask, type SetAppState } from './taskStore';
import { isTerminalTaskStatus, type Task, type TaskStateBase } from './types';

export interface LocalBashTaskState extends TaskStateBase {
  type: 'local_bash';
  command: string;
  /** Why it runs in the background: asked for, or still running when the foreground timeout passed. */
  backgroundReason: 'requested' | 'timeout';
  exitCode?: number;
  /** The live process while it runs (AppState.tasks may hold live handles; see appState.ts). */
  process?: ShellProcess;
}

export function isLocalBashTask(task: TaskStateBase | undefined): task is LocalBashTaskState {
  return task?.type === 'local_bash';
}

export interface StartLocalBashTask {
  id: string;
  command: string;
  description: string;
  outputFile: string;
  toolUseId?: string;
  backgroundReason: LocalBashTaskState['backgroundReason'];
  /** Bytes of the output file already shown to the model (the foreground part of a timed-out command). */
  outputOffset?: number;
}

/** Records a task before its process starts (run_in_background): status pending. */
export function registerPendingBashTask(setAppState: SetAppState, start: StartLocalBashTask): void {
  putTask(setAppState, {
    ...start,
    type: 'local_bash',
    status: 'pending',
    startTime: Date.now(),
    outputOffset: start.outputOffset ?? 0,
    notified: false,
  } satisfies LocalBashTaskState);
}

/**
 * Makes `process` the task's process (creating the task when it was not registered yet) and marks it running;
 * when the process exits, the task ends: killed when TaskStop asked for it, else completed (exit 0) or failed.
 */
export function attachBashProcess(setAppState: SetAppState, start: StartLocalBashTask, process: ShellProcess): void {
  setAppState((prev) => {
    const existing = prev.tasks[start.id];
    const base: LocalBashTaskState = isLocalBashTask(existing)
      ? existing
      : { ...start, type: 'local_bash', status: 'pending', startTime: Date.now(), outputOffset: start.outputOffset ?? 0, notified: false };
    return { ...prev, tasks: { ...prev.tasks, [start.id]: { ...base, status: 'running', process } } };
  });
  void process.exited.then((exit) => finishBashTask(setAppState, start.id, exit));
}

function finishBashTask(setAppState: SetAppState, id: string, exit: ShellExit): void {
  updateTask<LocalBashTaskState>(setAppState, id, (task) => {
    const status = task.status === 'killed' ? 'killed' : exit.code === 0 ? 'completed' : 'failed';
    const { process: _gone, ...rest } = task;
    return { ...rest, status, exitCode: exit.code, endTime: task.endTime ?? Date.now() };
  });
}

/**
 * Kills a running task's process tree. The task is marked killed (and notified: whoever stopped it knows)
 * before the signal goes out, so its exit is not mistaken for a failure.
 */
export async function killBashTask(task: LocalBashTaskState, setAppState: SetAppState): Promise<void> {
  if (isTerminalTaskStatus(task.status)) return;
  updateTask<LocalBashTaskState>(setAppState, task.id, (t) => ({ ...t, status: 'killed', endTime: Date.now(), notified: true }));
  await task.process?.kill();
}

/** The local_bash task implementation, for code that kills any task by id. */
export function localBashTask(getTask: (id: string) => TaskStateBase | undefined): Task {
  return {
    name: 'LocalBashTask',
    type: 'local_bash',
    async kill(taskId, setAppState) {
      const task = getTask(taskId);
      if (isLocalBashTask(task)) await killBashTask(task, setAppState);
    },
  };
}

/** Kills every running local_bash task (the session or host is shutting down). */
export async function killAllBashTasks(tasks: Readonly<Record<string, TaskStateBase>>, setAppState: SetAppState): Promise<void> {
  await Promise.all(Object.values(tasks).filter(isLocalBashTask).map((t) => killBashTask(t, setAppState)));
}
