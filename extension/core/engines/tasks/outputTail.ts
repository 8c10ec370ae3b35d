/**
 * The tail a task's notification carries (docs/ARCHITECTURE.md, "Background tasks"): when a background command
 * ends, the last lines it wrote past what the model had read are kept on the task, so the `<task-notification>`
 * shows how it ended without a Read of the output file. Read once at the end (the notification is formatted
 * synchronously, before a request); delivering it moves `outputOffset` past it, so TaskGet does not repeat it.
 */
import { readOutputSince } from './outputPort';
import type { SetAppState } from './taskStore';
import type { TaskOutputPort, TaskOutputTail, TaskStateBase } from '../../contracts/tasks';

/** Most lines of output a notification carries. */
export const NOTIFICATION_TAIL_LINES = 20;
/** Most bytes of output a notification carries (the lines are cut to fit). */
export const NOTIFICATION_TAIL_BYTES = 4_000;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The last lines `path` holds past `offset`, at most NOTIFICATION_TAIL_LINES / NOTIFICATION_TAIL_BYTES. */
export async function readOutputTail(port: TaskOutputPort, path: string, offset: number): Promise<TaskOutputTail> {
  const read = await readOutputSince(port, path, offset, NOTIFICATION_TAIL_BYTES);
  const body = read.text.trimEnd();
  const text = body.split('\n').slice(-NOTIFICATION_TAIL_LINES).join('\n');
  const cut = utf8Length(read.text.slice(0, body.length - text.length));
  return { text, fromOffset: offset, skippedBytes: read.skippedBytes + cut, endOffset: read.endOffset };
}

/**
 * Reads the tail of task `taskId` from the offset the model reached; undefined for an unknown task or when the
 * file cannot be read (the notification then only names the file).
 */
export async function captureOutputTail(port: TaskOutputPort, setAppState: SetAppState, taskId: string): Promise<TaskOutputTail | undefined> {
  let task: TaskStateBase | undefined;
  // Task implementations reach the store through setAppState alone (see localBash.ts's kill).
  setAppState((prev) => {
    task = prev.tasks[taskId];
    return prev;
  });
  if (!task) return undefined;
  return readOutputTail(port, task.outputFile, task.outputOffset).catch(() => undefined);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The model read the whole tail already (TaskGet after the task ended, before the notification went). */
const alreadyRead = (task: TaskStateBase, tail: TaskOutputTail) => task.outputOffset >= tail.endOffset && tail.endOffset > tail.fromOffset;

/** The `<output-tail>` lines of the notification; none without a tail, or when it holds nothing new. */
export function tailBlock(task: TaskStateBase): string[] {
  const tail = task.outputTail;
  if (!tail || !tail.text || alreadyRead(task, tail)) return [];
  return ['<output-tail>', escape(tail.text), '</output-tail>'];
}

/** The line after the notification: where the rest of the output is, or that there is none. */
export function tailNote(task: TaskStateBase): string {
  const tail = task.outputTail;
  if (!tail) return 'Read the output file to see what it printed.';
  const since = tail.fromOffset > 0 ? ' since you last read its output' : '';
  if (alreadyRead(task, tail)) return 'You have already read all of its output.';
  if (!tail.text) return `It printed nothing${since}.`;
  if (tail.skippedBytes === 0) return `The tail above is everything it printed${since}.`;
  const lines = tail.text.split('\n').length;
  return `The tail above is its last ${lines} line${lines === 1 ? '' : 's'}; ${tail.skippedBytes.toLocaleString('en-US')} earlier bytes${since} are in the output file (Read it to see them).`;
}

/** Moves each task's `outputOffset` past the tail its notification delivered (never backwards). */
export function markTailsDelivered(setAppState: SetAppState, tasks: readonly TaskStateBase[]): void {
  const ends = new Map(tasks.filter((t) => t.outputTail).map((t) => [t.id, t.outputTail!.endOffset]));
  if (ends.size === 0) return;
  setAppState((prev) => {
    const next = { ...prev.tasks };
    let changed = false;
    for (const [id, end] of ends) {
      const task = next[id];
      if (!task || task.outputOffset >= end) continue;
      next[id] = { ...task, outputOffset: end };
      changed = true;
    }
    return changed ? { ...prev, tasks: next } : prev;
  });
}
