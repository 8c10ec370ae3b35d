/**
 * Delivering a monitor's lines to the model: the lines each running (or just ended, not killed) monitor
 * printed since the last delivery become one `<task-notification>` with status `running` and an `<events>`
 * block, in the order printed. A batch is capped; what does not fit is counted and left in the output file.
 */
import { isMonitorTask, type MonitorTaskState } from './monitor';
import { taskSetter, type TaskStoreAccess } from './taskStore';

/** Most lines, and characters, one delivery carries per monitor. */
export const MAX_EVENT_LINES_PER_DELIVERY = 100;
export const MAX_EVENT_CHARS_PER_DELIVERY = 10_000;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function hasEvents(task: MonitorTaskState): boolean {
  return task.status !== 'killed' && (task.pendingLines.length > 0 || task.droppedLines > 0);
}

/** The lines that fit one delivery, and how many did not. */
function batch(lines: readonly string[]): { shown: string[]; left: number } {
  const shown: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (shown.length >= MAX_EVENT_LINES_PER_DELIVERY || chars + line.length > MAX_EVENT_CHARS_PER_DELIVERY) break;
    shown.push(line);
    chars += line.length + 1;
  }
  return { shown, left: lines.length - shown.length };
}

export function formatMonitorEvents(task: MonitorTaskState): string {
  const { shown, left } = batch(task.pendingLines);
  const skipped = left + task.droppedLines;
  return [
    '<task-notification>',
    `<task-id>${task.id}</task-id>`,
    '<status>running</status>',
    `<summary>${escape(`Monitor "${task.description}" printed ${shown.length + skipped} new line${shown.length + skipped === 1 ? '' : 's'}`)}</summary>`,
    '<events>',
    ...shown.map(escape),
    '</events>',
    ...(skipped > 0 ? [`<skipped-lines>${skipped}</skipped-lines>`, `<output-file>${escape(task.outputFile)}</output-file>`] : []),
    '</task-notification>',
  ].join('\n');
}

/** Formats the undelivered lines of every monitor, oldest monitor first, and marks them delivered. */
export function takeMonitorEvents(access: TaskStoreAccess): string[] {
  const tasks = Object.values(access.getAppState().tasks)
    .filter(isMonitorTask)
    .filter(hasEvents)
    .sort((a, b) => a.startTime - b.startTime);
  if (tasks.length === 0) return [];
  const texts = tasks.map(formatMonitorEvents);
  const ids = new Set(tasks.map((t) => t.id));
  taskSetter(access)((prev) => {
    const next = { ...prev.tasks };
    for (const id of ids) {
      const task = next[id];
      if (!isMonitorTask(task)) continue;
      const delivered: MonitorTaskState = { ...task, pendingLines: [], droppedLines: 0, deliveredLines: task.deliveredLines + task.pendingLines.length };
      next[id] = delivered;
    }
    return { ...prev, tasks: next };
  });
  return texts;
}
