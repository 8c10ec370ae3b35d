/**
 * Reading a background task's output file by byte offset (docs/ARCHITECTURE.md, "Background tasks"). A task
 * appends to `outputFile` while it runs; whoever reports on it reads from the offset it reached last time,
 * so each read returns only new output and a long run is never loaded whole. host/node implements the port.
 */
import type { TaskStoreAccess } from './taskStore';
import { taskSetter, updateTask } from './taskStore';
import type { TaskStateBase } from './types';

export interface TaskOutputChunk {
  /** The text read; never ends inside a multi-byte character. */
  text: string;
  /** Where the next read starts: the offset plus the bytes decoded into `text`. */
  nextOffset: number;
}

export interface TaskOutputPort {
  /**
   * At most `maxBytes` bytes of `path` from byte `offset`, decoded as UTF-8. A character cut by `maxBytes`
   * or by the end of what was written so far is left for the next read; a missing file reads as empty.
   */
  read(path: string, offset: number, maxBytes: number): Promise<TaskOutputChunk>;
}

/** Default cap of one read: enough for a notification or a result, small enough for the context window. */
export const TASK_OUTPUT_READ_BYTES = 64 * 1024;

/**
 * The output of task `taskId` past its `outputOffset`, advancing the offset so the next call returns only what
 * came after. Undefined for an unknown task. The offset only moves forward, even when two reads race.
 */
export async function readNewTaskOutput(
  port: TaskOutputPort,
  access: TaskStoreAccess,
  taskId: string,
  maxBytes = TASK_OUTPUT_READ_BYTES,
): Promise<string | undefined> {
  const task = access.getAppState().tasks[taskId];
  if (!task) return undefined;
  const chunk = await port.read(task.outputFile, task.outputOffset, maxBytes);
  updateTask<TaskStateBase>(taskSetter(access), taskId, (t) =>
    chunk.nextOffset > t.outputOffset ? { ...t, outputOffset: chunk.nextOffset } : t,
  );
  return chunk.text;
}
