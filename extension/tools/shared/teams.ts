/** What TeamCreate and TeamDelete share (docs/ARCHITECTURE.md, Teams). */
import { taskRegistry } from '../../core/engines/tasks/registry';
import { taskSetter } from '../../core/engines/tasks/taskStore';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';

/** Stops the tasks with these ids through the task registry; ones already ended are left alone. Returns the ids stopped. */
export async function stopTasks(taskIds: readonly (string | undefined)[], context: ToolUseContext): Promise<string[]> {
  const access = { getAppState: () => context.getAppState(), setAppState: taskSetter(context) };
  const stopped: string[] = [];
  for (const id of taskIds) {
    if (!id) continue;
    const result = await taskRegistry.killTask(id, access);
    if (result.kind === 'killed') stopped.push(id);
  }
  return stopped;
}
