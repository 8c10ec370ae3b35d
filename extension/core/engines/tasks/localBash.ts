/**
 * `local_bash` tasks: shell commands that outlive the Bash call that started them (`run_in_background`, or
 * a foreground command past its timeout). The process keeps writing to its output file; when it ends the
 * task turns completed, failed or killed, and a notification waits for the model's next request.
 */
import type { ShellExit, ShellProcess } from '../../contracts/shell';
import { putTask, updateTask, type SetAppState } from './taskStore';
import { transition } from './lifecycle';
import { captureOutputTail } from './outputTail';
import { isTerminalTaskStatus, type Task, type TaskOutputPort, type TaskOutputTail, type TaskStateBase } from '../../contracts/tasks';

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

function newBashTask(start: StartLocalBashTask): LocalBashTaskState {
  return { ...start, type: 'local_bash', status: 'pending', startTime: Date.now(), outputOffset: start.outputOffset ?? 0, notified: false };
}

/** Records a task before its process starts (run_in_background): status pending. */
export function registerPendingBashTask(setAppState: SetAppState, start: StartLocalBashTask): void {
  putTask(setAppState, newBashTask(start));
}

/**
 * Makes `process` the task's process (creating the task when it was not registered yet) and marks it running;
 * when the process exits, the task ends: killed when TaskStop asked for it, else completed (exit 0) or failed.
 * A task that already ended (killed while pending) does not start again: the process is killed instead. With
 * `output`, the tail of what it printed is read before it ends, for its notification (outputTail.ts).
 */
export function attachBashProcess(setAppState: SetAppState, start: StartLocalBashTask, process: ShellProcess, output?: TaskOutputPort): void {
  let started = false;
  setAppState((prev) => {
    const existing = prev.tasks[start.id];
    const running = transition(isLocalBashTask(existing) ? existing : newBashTask(start), 'running', { process });
    if (!running) return prev;
    started = true;
    return { ...prev, tasks: { ...prev.tasks, [start.id]: running } };
  });
  if (!started) {
    void process.kill();
    return;
  }
  void process.exited.then(async (exit) => {
    const tail = output ? await captureOutputTail(output, setAppState, start.id) : undefined;
    finishBashTask(setAppState, start.id, exit, tail);
  });
}

/** Ends the task as its exit says, unless it already ended (a killed task stays killed, never completed). */
function finishBashTask(setAppState: SetAppState, id: string, exit: ShellExit, outputTail?: TaskOutputTail): void {
  updateTask<LocalBashTaskState>(setAppState, id, (task) => {
    const ended = transition(task, exit.code === 0 ? 'completed' : 'failed') ?? task;
    const { process: _gone, ...rest } = ended;
    return { ...rest, exitCode: exit.code, endTime: task.endTime ?? Date.now(), ...(outputTail ? { outputTail } : {}) };
  });
}

/**
 * Kills a running task's process tree. The task is marked killed (and notified: whoever stopped it knows)
 * before the signal goes out, so its exit is not mistaken for a failure. A task that already ended is left alone.
 */
export async function killBashTask(task: LocalBashTaskState, setAppState: SetAppState): Promise<void> {
  if (isTerminalTaskStatus(task.status)) return;
  await killBashTaskById(task.id, setAppState);
}

/**
 * Kills the local_bash task with this id, reading it through `setAppState` alone (as every Task's kill does);
 * unknown ids, other types and tasks that already ended are ignored.
 */
async function killBashTaskById(taskId: string, setAppState: SetAppState): Promise<void> {
  let process: ShellProcess | undefined;
  let killed = false;
  setAppState((prev) => {
    const task = prev.tasks[taskId];
    if (!isLocalBashTask(task)) return prev;
    const after = transition(task, 'killed', { endTime: Date.now(), notified: true });
    if (!after) return prev;
    killed = true;
    process = task.process;
    return { ...prev, tasks: { ...prev.tasks, [taskId]: after } };
  });
  if (killed) await process?.kill();
}

/** The local_bash task implementation, registered in the task registry (registry.ts) under its type. */
export const LocalBashTask: Task = {
  name: 'LocalBashTask',
  type: 'local_bash',
  kill: killBashTaskById,
};

/** Kills every running local_bash task (the session or host is shutting down). */
export async function killAllBashTasks(tasks: Readonly<Record<string, TaskStateBase>>, setAppState: SetAppState): Promise<void> {
  await Promise.all(Object.values(tasks).filter(isLocalBashTask).map((t) => killBashTask(t, setAppState)));
}
