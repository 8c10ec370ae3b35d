/** The text TaskUpdate answers with: what changed, and what the change means for the other tasks. */
import { normalizeTaskId, openBlockers } from '../../core/engines/worklist/store';
import type { WorkList } from '../../core/contracts/worklist';

export interface TaskUpdateOutput {
  taskId: string;
  before: WorkList;
  after: WorkList;
  changed: string[];
  deleted: boolean;
}

export function updateResultText(output: TaskUpdateOutput): string {
  const id = normalizeTaskId(output.taskId);
  const old = output.before.items[id];
  if (output.deleted) return `Deleted task #${id}${old ? ` (${old.subject})` : ''} and its links.`;
  const item = output.after.items[id];
  if (!item || !output.changed.length) return `Task #${id} unchanged: it already had those values.`;
  const lines = [`Updated task #${id}: ${output.changed.join(', ')}.`];
  const waiting = openBlockers(output.after, item);
  if (item.status === 'in_progress' && waiting.length) lines.push(`Note: it still waits for ${waiting.map((w) => `#${w}`).join(', ')}, which ${waiting.length === 1 ? 'is' : 'are'} not completed.`);
  const freed = unblocked(output, id);
  if (freed.length) lines.push(`Now unblocked: ${freed.map((f) => `#${f}`).join(', ')}. Call TaskList to pick the next task.`);
  return lines.join('\n');
}

/** Tasks that waited on something before this update and wait on nothing now. */
function unblocked(output: TaskUpdateOutput, id: string): string[] {
  const item = output.after.items[id];
  if (item?.status !== 'completed' || output.before.items[id]?.status === 'completed') return [];
  return item.blocks.filter((other) => {
    const waiter = output.after.items[other];
    return waiter !== undefined && waiter.status !== 'completed' && openBlockers(output.after, waiter).length === 0;
  });
}
