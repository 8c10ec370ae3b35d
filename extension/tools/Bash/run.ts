/**
 * Running one Bash command through the shell port: stream its output as progress, and end in one of three
 * ways — it exits (the result), the call is aborted (the process tree is killed), or its timeout passes
 * (it keeps running as a background task). `run_in_background` starts it as a task straight away.
 */
import type { SandboxPolicy, ShellExit, ShellPort, ShellProcess, ShellSpawnOptions } from '../../core/contracts/shell';
import { attachBashProcess, registerPendingBashTask, type StartLocalBashTask } from '../../core/engines/tasks/localBash';
import { taskSetter } from '../../core/engines/tasks/taskStore';
import { generateTaskId, type TaskOutputPort } from '../../core/contracts/tasks';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import type { ToolCallProgress } from '../../core/contracts/tool';
import { OutputCollector } from './collector';
import { PROGRESS_INTERVAL_MS } from './constants';

/** What the UI shows while a command runs. */
export interface BashProgress {
  type: 'bash_progress';
  /** The last few lines printed. */
  output: string;
  elapsedMs: number;
  totalLines: number;
  totalBytes: number;
}

export interface RunRequest {
  command: string;
  description?: string;
  cwd: string;
  timeoutMs: number;
  runInBackground: boolean;
  sandboxed: boolean;
  /** What the sandbox allows, with `sandboxed`. */
  sandboxPolicy?: SandboxPolicy;
  toolUseId?: string;
}

export type RunOutcome =
  | { kind: 'exited'; output: string; exit: ShellExit; outputFile: string }
  | { kind: 'background'; taskId: string; outputFile: string; reason: 'requested' | 'timeout'; outputSoFar?: string };

const PROGRESS_LINES = 5;

type SetTasks = ReturnType<typeof taskSetter>;
type Ended = { kind: 'exit'; exit: ShellExit } | { kind: 'timeout' } | { kind: 'abort' };

export async function runCommand(
  shell: ShellPort,
  req: RunRequest,
  context: ToolUseContext,
  onProgress?: ToolCallProgress<BashProgress>,
): Promise<RunOutcome> {
  const signal = context.abortController.signal;
  const id = generateTaskId('local_bash');
  const outputFile = await context.ports.storage.writeText(`tasks/${id}.output`, '');
  signal.throwIfAborted();
  const setTasks = taskSetter(context);
  const task: StartLocalBashTask = {
    id,
    command: req.command,
    description: req.description ?? req.command,
    outputFile,
    backgroundReason: req.runInBackground ? 'requested' : 'timeout',
    ...(req.toolUseId ? { toolUseId: req.toolUseId } : {}),
  };
  const spawnOpts: ShellSpawnOptions = {
    cwd: req.cwd,
    outputFile,
    label: req.description ?? req.command,
    sandboxed: req.sandboxed,
    ...(req.sandboxPolicy ? { sandboxPolicy: req.sandboxPolicy } : {}),
  };

  const output = context.ports.taskOutput;
  if (req.runInBackground) return startInBackground(shell, req.command, spawnOpts, setTasks, task, output);
  return runInForeground(shell.spawn(req.command, spawnOpts), req, { signal, setTasks, output }, task, onProgress);
}

/** `run_in_background`: the task is registered first, and dropped again if the command cannot start. */
function startInBackground(shell: ShellPort, command: string, spawnOpts: ShellSpawnOptions, setTasks: SetTasks, task: StartLocalBashTask, output?: TaskOutputPort): RunOutcome {
  const { id, outputFile } = task;
  registerPendingBashTask(setTasks, task);
  let proc: ShellProcess;
  try {
    proc = shell.spawn(command, spawnOpts);
  } catch (error) {
    setTasks((prev) => {
      const { [id]: _dropped, ...tasks } = prev.tasks;
      return { ...prev, tasks };
    });
    throw error;
  }
  proc.background(id);
  attachBashProcess(setTasks, task, proc, output);
  return { kind: 'background', taskId: id, outputFile, reason: 'requested' };
}

/** Waits for the command while reporting progress, then turns how it ended into the outcome. */
async function runInForeground(
  proc: ShellProcess,
  req: RunRequest,
  { signal, setTasks, output }: { signal: AbortSignal; setTasks: SetTasks; output?: TaskOutputPort | undefined },
  task: StartLocalBashTask,
  onProgress?: ToolCallProgress<BashProgress>,
): Promise<RunOutcome> {
  const collector = new OutputCollector();
  const started = Date.now();
  let lastProgress = 0;
  const progress = () => {
    lastProgress = Date.now();
    onProgress?.({
      toolUseID: req.toolUseId ?? '',
      data: {
        type: 'bash_progress',
        output: collector.lastLines(PROGRESS_LINES),
        elapsedMs: lastProgress - started,
        totalLines: collector.totalLines,
        totalBytes: collector.totalBytes,
      },
    });
  };
  const unsubscribe = proc.onOutput((text) => {
    collector.add(text);
    if (Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) progress();
  });
  // The elapsed time keeps moving in the UI even when a command prints nothing.
  const ticker = setInterval(progress, 1000);
  const ended = await waitForEnd(proc, req.timeoutMs, signal);
  clearInterval(ticker);
  unsubscribe();

  if (ended.kind === 'abort') {
    await proc.kill();
    throw new ToolError('interrupted', 'The command was stopped because the call was interrupted.');
  }
  if (ended.kind === 'timeout') {
    proc.background(task.id);
    attachBashProcess(setTasks, { ...task, outputOffset: collector.totalBytes }, proc, output);
    const outputSoFar = collector.lastLines(20);
    return { kind: 'background', taskId: task.id, outputFile: task.outputFile, reason: 'timeout', ...(outputSoFar ? { outputSoFar } : {}) };
  }
  return { kind: 'exited', output: collector.text(task.outputFile), exit: ended.exit, outputFile: task.outputFile };
}

/** The first of: the process exits, the timeout passes, the call is aborted. Clears its timer and listener. */
async function waitForEnd(proc: ShellProcess, timeoutMs: number, signal: AbortSignal): Promise<Ended> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const ended = await Promise.race<Ended>([
    proc.exited.then((exit) => ({ kind: 'exit' as const, exit })),
    new Promise<{ kind: 'timeout' }>((resolve) => (timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs))),
    new Promise<{ kind: 'abort' }>((resolve) => {
      onAbort = () => resolve({ kind: 'abort' });
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }),
  ]);
  clearTimeout(timer);
  if (onAbort) signal.removeEventListener('abort', onAbort);
  return ended;
}
