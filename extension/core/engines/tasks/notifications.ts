/**
 * Telling the model that a background task ended. A finished task whose `notified` flag is still false is a
 * pending notification; `takeTaskNotifications` formats those and sets the flag, so each is delivered once.
 * The loop sends them as a user text message just before its next request (core/loop/query/query.ts).
 */
import type { UserMessage } from '../../base/messages';
import { isLocalAgentTask } from './localAgent';
import { isLocalBashTask } from './localBash';
import { isNotificationDue, markTasksNotified } from './lifecycle';
import { takeMonitorEvents } from './monitorEvents';
import { markTailsDelivered, tailBlock, tailNote } from './outputTail';
import type { TaskStoreAccess } from './taskStore';
import { taskSetter } from './taskStore';
import type { TaskStateBase } from '../../contracts/tasks';

const MAX_LABEL = 200;

/** The task on one line: a command's description (else the command), an agent's description, cut to 200 characters. */
export function taskLabel(task: TaskStateBase): string {
  const text = isLocalBashTask(task) ? task.description || task.command : task.description;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_LABEL ? `${line.slice(0, MAX_LABEL - 1)}…` : line;
}

/** One line saying how the task ended ("Task \"…\" completed"): the notification's summary, and the chat's note. */
export function taskSummary(task: TaskStateBase): string {
  const what = isLocalBashTask(task) ? `Background command "${taskLabel(task)}"` : `Task "${taskLabel(task)}"`;
  const exit = isLocalBashTask(task) && task.exitCode !== undefined ? ` (exit code ${task.exitCode})` : '';
  if (task.status === 'completed') return `${what} completed${exit}`;
  if (task.status === 'failed') return `${what} failed${exit}`;
  if (task.status === 'killed') return `${what} was stopped`;
  return `${what} is ${task.status}`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An agent's report travels in the notification (up to this many characters; the output file has all of it). */
const MAX_RESULT = 20_000;

function agentResult(task: TaskStateBase): string[] {
  if (!isLocalAgentTask(task) || task.status !== 'completed' || !task.report) return [];
  const report = task.report.length > MAX_RESULT ? `${task.report.slice(0, MAX_RESULT)}… (cut; the output file has the whole report)` : task.report;
  return [`<result>${escape(report)}</result>`];
}

/** The `<task-notification>` block for one task (after Claude Code's shape, so models recognise it), with its output's tail. */
export function formatTaskNotification(task: TaskStateBase): string {
  const lines = [
    '<task-notification>',
    `<task-id>${task.id}</task-id>`,
    `<status>${task.status}</status>`,
    ...(isLocalBashTask(task) && task.exitCode !== undefined ? [`<exit-code>${task.exitCode}</exit-code>`] : []),
    `<output-file>${escape(task.outputFile)}</output-file>`,
    `<summary>${escape(taskSummary(task))}</summary>`,
    ...agentResult(task),
    ...tailBlock(task),
    '</task-notification>',
    tailNote(task),
  ];
  return lines.join('\n');
}

/**
 * Finished tasks the model has not been told about, oldest end first. Only the tasks `agentId` started: a
 * sub-agent's own background commands are reported to it, not to the main agent (absent = the main agent).
 */
export function pendingNotifications(tasks: Readonly<Record<string, TaskStateBase>>, agentId?: string): TaskStateBase[] {
  return Object.values(tasks)
    .filter((t) => isNotificationDue(t) && t.ownerAgentId === agentId)
    .sort((a, b) => (a.endTime ?? 0) - (b.endTime ?? 0));
}

/** Formats every pending notification and marks those tasks notified; monitors' new lines come first (Monitor). */
export function takeTaskNotifications(access: TaskStoreAccess): string[] {
  const events = takeMonitorEvents(access);
  const pending = pendingNotifications(access.getAppState().tasks, access.subAgent?.agentId);
  if (pending.length === 0) return events;
  markTasksNotified(taskSetter(access), pending.map((t) => t.id));
  markTailsDelivered(taskSetter(access), pending);
  return [...events, ...pending.map(formatTaskNotification)];
}

/** The user message carrying pending notifications, or undefined when there are none (marks them notified). */
export function takeTaskNotificationMessage(access: TaskStoreAccess): UserMessage | undefined {
  const texts = takeTaskNotifications(access);
  if (texts.length === 0) return undefined;
  return { role: 'user', content: texts.map((text) => ({ type: 'text' as const, text })) };
}
