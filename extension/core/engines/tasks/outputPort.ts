/**
 * Reading a background task's output file by byte offset (docs/ARCHITECTURE.md, "Background tasks"). A task
 * appends to `outputFile` while it runs; whoever reports on it reads from the offset it reached last time,
 * so each read returns only new output and a long run is never loaded whole. host/node implements the port.
 */
import type { TaskOutputPort } from '../../contracts/tasks';
import type { TaskStoreAccess } from './taskStore';
import { taskSetter, updateTask } from './taskStore';
import type { TaskStateBase } from '../../contracts/tasks';

/** Default cap of one read: fits in a tool result (30,000 characters) with room for the lines around it. */
export const TASK_OUTPUT_READ_BYTES = 20_000;

/** What a task wrote past an offset: all of it, or its last part when there was more than one read takes. */
export interface NewTaskOutput {
  text: string;
  /** Bytes of the new output before `text` that were left out (0: `text` is all of it). */
  skippedBytes: number;
  /** Where the part read ends: the offset the next read starts from. */
  endOffset: number;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * Where the first whole line of a read that started mid-output begins: after the first line break (the line
 * before it was cut), or after the replacement characters of a character cut in two when there is none.
 */
function firstWholeLine(text: string): number {
  const nl = text.indexOf('\n');
  if (nl >= 0 && nl < text.length - 1) return nl + 1;
  let i = 0;
  while (text[i] === '\uFFFD') i++;
  return i;
}

/**
 * What `path` holds past `offset`: all of it when it fits in `maxBytes`, else its last `maxBytes` from the
 * first whole line on (a model following a long run wants the newest output; the file keeps the rest).
 */
export async function readOutputSince(port: TaskOutputPort, path: string, offset: number, maxBytes: number): Promise<NewTaskOutput> {
  const size = await port.size(path);
  const start = Math.max(offset, size - maxBytes);
  const chunk = await port.read(path, start, maxBytes);
  if (start <= offset) return { text: chunk.text, skippedBytes: 0, endOffset: Math.max(chunk.nextOffset, offset) };
  const text = chunk.text.slice(firstWholeLine(chunk.text));
  return { text, skippedBytes: chunk.nextOffset - offset - utf8Length(text), endOffset: chunk.nextOffset };
}

/**
 * The output of task `taskId` past its `outputOffset` (its last `maxBytes` when there is more), advancing the
 * offset so the next call returns only what came after. Undefined for an unknown task. The offset only moves
 * forward, even when two reads race.
 */
export async function readNewTaskOutput(
  port: TaskOutputPort,
  access: TaskStoreAccess,
  taskId: string,
  maxBytes = TASK_OUTPUT_READ_BYTES,
): Promise<NewTaskOutput | undefined> {
  const task = access.getAppState().tasks[taskId];
  if (!task) return undefined;
  const read = await readOutputSince(port, task.outputFile, task.outputOffset, maxBytes);
  updateTask<TaskStateBase>(taskSetter(access), taskId, (t) =>
    read.endOffset > t.outputOffset ? { ...t, outputOffset: read.endOffset } : t,
  );
  return read;
}
