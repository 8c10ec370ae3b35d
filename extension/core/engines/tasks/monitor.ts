/**
 * `monitor_mcp` tasks (the Monitor tool): a shell command whose stdout lines reach the model as events.
 * Complete lines collect in the task's `pendingLines` until the next delivery (notifications.ts takes them
 * before the model's next request, in order, capped); the task completes when its timeout passes or the
 * command exits 0, fails on another exit, and a kill ends it as killed: it then never reports completed
 * and its undelivered lines are dropped. See docs/ARCHITECTURE.md, "Scheduled and watched work".
 */
import type { SandboxPolicy, ShellPort, ShellProcess } from '../../contracts/shell';
import { transition } from './lifecycle';
import { putTask, updateTask, type SetAppState } from './taskStore';
import { isTerminalTaskStatus, type Task, type TaskStateBase } from '../../contracts/tasks';

/** Most lines kept waiting for delivery; older ones beyond it are counted as dropped (the output file has all). */
export const MAX_PENDING_MONITOR_LINES = 500;
/** Longest line kept; the rest of a longer one is cut. */
export const MAX_MONITOR_LINE_CHARS = 2_000;

export interface MonitorTaskState extends TaskStateBase {
  type: 'monitor_mcp';
  command: string;
  timeoutMs: number;
  /** Lines printed and not yet delivered, oldest first. */
  pendingLines: string[];
  /** Lines that did not fit in `pendingLines` since the last delivery. */
  droppedLines: number;
  /** Lines delivered to the model so far. */
  deliveredLines: number;
  /** Why it ended, once it has. */
  endReason?: 'timeout' | 'exit';
  exitCode?: number;
  /** Live handles while it runs (AppState.tasks may hold them; see appState.ts). */
  process?: ShellProcess;
  cancelTimeout?: () => void;
}

export function isMonitorTask(task: TaskStateBase | undefined): task is MonitorTaskState {
  return task?.type === 'monitor_mcp';
}

export interface StartMonitor {
  id: string;
  command: string;
  description: string;
  cwd: string;
  outputFile: string;
  timeoutMs: number;
  toolUseId?: string;
  sandboxed?: boolean;
  /** What the sandbox allows, with `sandboxed`. */
  sandboxPolicy?: SandboxPolicy;
}

function addLines(setAppState: SetAppState, id: string, lines: readonly string[]): void {
  if (lines.length === 0) return;
  updateTask<MonitorTaskState>(setAppState, id, (task) => {
    if (task.status !== 'running') return task;
    const all = [...task.pendingLines, ...lines.map((l) => l.slice(0, MAX_MONITOR_LINE_CHARS))];
    const over = Math.max(0, all.length - MAX_PENDING_MONITOR_LINES);
    return { ...task, pendingLines: all.slice(over), droppedLines: task.droppedLines + over };
  });
}

/** Splits streamed text into complete lines; `flush` returns the unfinished last one. */
function lineSplitter(): { push(text: string): string[]; flush(): string[] } {
  let partial = '';
  return {
    push(text) {
      const parts = (partial + text).split(/\r?\n/);
      partial = parts.pop() ?? '';
      return parts;
    },
    flush() {
      const rest = partial;
      partial = '';
      return rest ? [rest] : [];
    },
  };
}

/** Ends a running monitor (timeout or exit), releasing its live handles; a task already ended stays as it is. */
function endMonitor(setAppState: SetAppState, id: string, status: 'completed' | 'failed', patch: Partial<MonitorTaskState>): void {
  updateTask<MonitorTaskState>(setAppState, id, (task) => {
    const ended = transition(task, status, { ...patch, endTime: Date.now() });
    if (!ended) return task;
    task.cancelTimeout?.();
    const { process: _p, cancelTimeout: _t, ...rest } = ended;
    return rest;
  });
}

/** Starts the command and registers the running task; a command that cannot start throws and leaves no task. */
export function startMonitorTask(setAppState: SetAppState, shell: ShellPort, start: StartMonitor): MonitorTaskState {
  const { id, command, cwd, outputFile, timeoutMs } = start;
  const proc = shell.spawn(command, {
    cwd,
    outputFile,
    label: start.description,
    sandboxed: start.sandboxed === true,
    ...(start.sandboxPolicy ? { sandboxPolicy: start.sandboxPolicy } : {}),
  });
  const timer = setTimeout(() => {
    endMonitor(setAppState, id, 'completed', { endReason: 'timeout' });
    void proc.kill();
  }, timeoutMs);
  const task: MonitorTaskState = {
    ...start,
    type: 'monitor_mcp',
    status: 'running',
    startTime: Date.now(),
    outputOffset: 0,
    notified: false,
    pendingLines: [],
    droppedLines: 0,
    deliveredLines: 0,
    process: proc,
    cancelTimeout: () => clearTimeout(timer),
  };
  putTask(setAppState, task);
  // No `proc.background(id)`: a backgrounded process stops streaming its output, and the lines are the point.
  const lines = lineSplitter();
  const unsubscribe = proc.onOutput((text) => addLines(setAppState, id, lines.push(text)));
  void proc.exited.then((exit) => {
    unsubscribe();
    addLines(setAppState, id, lines.flush());
    endMonitor(setAppState, id, exit.code === 0 ? 'completed' : 'failed', { endReason: 'exit', exitCode: exit.code });
  });
  return task;
}

/** Kills a monitor: marked killed (and notified: whoever stopped it knows) before its process is killed. */
async function killMonitorTask(taskId: string, setAppState: SetAppState): Promise<void> {
  let live: MonitorTaskState | undefined;
  setAppState((prev) => {
    const task = prev.tasks[taskId];
    if (!isMonitorTask(task) || isTerminalTaskStatus(task.status)) return prev;
    const after = transition(task, 'killed', { endTime: Date.now(), notified: true, pendingLines: [] });
    if (!after) return prev;
    live = task;
    const { process: _p, cancelTimeout: _t, ...rest } = after;
    return { ...prev, tasks: { ...prev.tasks, [taskId]: rest } };
  });
  live?.cancelTimeout?.();
  await live?.process?.kill();
}

/** The monitor task implementation, registered in the task registry (registry.ts) under its type. */
export const MonitorTask: Task = {
  name: 'MonitorTask',
  type: 'monitor_mcp',
  kill: killMonitorTask,
};
