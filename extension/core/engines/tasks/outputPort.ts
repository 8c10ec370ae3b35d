/**
 * Reading a background task's output file by byte offset (docs/ARCHITECTURE.md, "Background tasks"). A task
 * appends to `outputFile` while it runs; whoever reports on it reads from the offset it reached last time,
 * so each read returns only new output and a long run is never loaded whole. host/node implements the port.
 */
import type { TaskOutputPort } from '../../contracts/tasks';
import type { TaskStoreAccess } from './taskStore';
import { taskSetter, updateTask } from './taskStore';
import type { TaskStateBase } from '../../contracts/tasks';

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
