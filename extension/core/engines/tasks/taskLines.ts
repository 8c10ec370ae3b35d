/**
 * Background tasks as text (docs/ARCHITECTURE.md, "Background tasks"): one line each for TaskList and /tasks,
 * and one task with its new output for TaskGet, so the model and the user see running shells and agents, and
 * how the finished ones ended, without opening the task panel.
 */
import { isLocalAgentTask } from './localAgent';
import { isLocalBashTask } from './localBash';
import { isMonitorTask } from './monitor';
import { taskLabel } from './notifications';
import type { NewTaskOutput } from './outputPort';
import type { TaskStateBase, TaskType } from '../../contracts/tasks';

/** Most tasks a list shows: the newest. */
export const MAX_LISTED_TASKS = 50;

/** What each type is called in a line. */
const KIND: Record<TaskType, string> = {
  local_bash: 'shell',
  local_agent: 'agent',
  in_process_teammate: 'teammate',
  monitor_mcp: 'monitor',
  remote_agent: 'remote agent',
  local_workflow: 'workflow',
  dream: 'dream',
};

/** `45s`, `2m 5s`, `1h 3m`. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

function exitCodeOf(task: TaskStateBase): number | undefined {
  return isLocalBashTask(task) || isMonitorTask(task) ? task.exitCode : undefined;
}

/** What follows the label in brackets: an agent's type, an exit code, idle, and how long it ran (runs) so far. */
function facts(task: TaskStateBase, now: number): string {
  const parts: string[] = [];
  if (isLocalAgentTask(task)) parts.push(task.name ? `${task.name}, ${task.agentType}` : task.agentType);
  const exitCode = exitCodeOf(task);
  if (exitCode !== undefined) parts.push(`exit code ${exitCode}`);
  if (isLocalAgentTask(task) && task.idle && task.status === 'running') parts.push('idle');
  parts.push(formatElapsed((task.endTime ?? now) - task.startTime));
  return parts.join(', ');
}

/** `b3k9x0q2a [running] shell: npm test (2m 5s)` */
export function backgroundTaskLine(task: TaskStateBase, now = Date.now()): string {
  return `${task.id} [${task.status}] ${KIND[task.type]}: ${taskLabel(task)} (${facts(task, now)})`;
}

/** One line per task, oldest first, the newest MAX_LISTED_TASKS of them; empty when there are none. */
export function backgroundTaskLines(tasks: Readonly<Record<string, TaskStateBase>>, now = Date.now()): string[] {
  const all = Object.values(tasks).sort((a, b) => a.startTime - b.startTime);
  const shown = all.slice(-MAX_LISTED_TASKS).map((t) => backgroundTaskLine(t, now));
  const older = all.length - shown.length;
  return older > 0 ? [`(${older} older task${older === 1 ? '' : 's'} not shown)`, ...shown] : shown;
}

/** What TaskGet says about the output it read: the new part, or that there is none, and what was left out. */
function outputLines(task: TaskStateBase, read: NewTaskOutput | undefined): string[] {
  if (!read) return [`Its output cannot be read here: Read the output file.`];
  const body = read.text.trimEnd();
  if (!body && read.skippedBytes === 0) {
    return [read.endOffset === 0 ? 'No output yet.' : `No new output since your last look (${read.endOffset.toLocaleString('en-US')} bytes in the output file).`];
  }
  const head = read.skippedBytes > 0
    ? [`New output since your last look, its last part: ${read.skippedBytes.toLocaleString('en-US')} earlier bytes were left out (Read the output file to see them).`]
    : ['New output since your last look:'];
  const more = task.status === 'running' ? ['(Still running: TaskGet again shows only what it prints after this.)'] : [];
  return [...head, body, ...more];
}

/** One background task for TaskGet: what it is, its state, its output file, and its output since the last look. */
export function backgroundTaskDetails(task: TaskStateBase, read: NewTaskOutput | undefined, now = Date.now()): string {
  const command = isLocalBashTask(task) || isMonitorTask(task) ? [`Command: ${task.command}`] : [];
  return [
    `Background task ${task.id} (${KIND[task.type]}): ${taskLabel(task)}`,
    `Status: ${task.status} (${facts(task, now)})`,
    ...command,
    `Output file: ${task.outputFile}`,
    ...outputLines(task, read),
  ].join('\n');
}
