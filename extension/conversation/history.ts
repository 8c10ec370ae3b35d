/** Rebuilding chat entries from a stored transcript, and the task list the sidebar shows. */
import type { Message } from '../core/base/messages';
import { isLocalAgentTask } from '../core/engines/tasks/localAgent';
import type { TaskStateBase } from '../core/contracts/tasks';
import type { Tools } from '../core/contracts/tool';
import { replayMessages } from './replay';
import { watchedTaskFields } from './scheduledJobs';
import type { ChatEntry, TaskView } from '../protocol/messages';

/**
 * The rows stored messages alone give (no records, no sub-agent transcripts): prompts, the reply text split around
 * its tool rows, each row with its input and result text. A resumed chat uses `replaySession` (replay.ts), which
 * also has what the live rows recorded.
 */
export function entriesFromHistory(history: readonly Message[], newId: () => string, tools: Tools = [], cwd = ''): ChatEntry[] {
  return replayMessages(history, { tools, cwd, newId });
}

/** Most tasks the panel is sent (TaskViewSchema's cap): the newest. */
const MAX_TASK_VIEWS = 500;

/**
 * The task panel's rows, oldest first, finished ones included (the panel shows those briefly). A task type's
 * state may carry a `detail` line and a `nextRunAt` time (cron, monitor); any other fields stay on the host.
 */
export function taskViews(tasks: Readonly<Record<string, TaskStateBase>>): TaskView[] {
  return Object.values(tasks)
    .sort((a, b) => a.startTime - b.startTime)
    .slice(-MAX_TASK_VIEWS)
    .map(taskView);
}

function taskView(t: TaskStateBase): TaskView {
  const extra: Record<string, unknown> = { ...t };
  const detail = typeof extra.detail === 'string' && extra.detail ? extra.detail.slice(0, 500) : undefined;
  const nextRunAt = typeof extra.nextRunAt === 'number' && Number.isFinite(extra.nextRunAt) ? extra.nextRunAt : undefined;
  return {
    id: t.id,
    description: t.description.slice(0, 2000),
    status: t.status,
    type: t.type,
    startTime: t.startTime,
    ...(t.endTime !== undefined ? { endTime: t.endTime } : {}),
    ...(detail !== undefined ? { detail } : {}),
    ...(nextRunAt !== undefined ? { nextRunAt } : {}),
    ...(t.transcriptPath ? { hasTranscript: true } : {}),
    ...watchedTaskFields(t),
    ...agentTaskFields(t),
  };
}

/** A background agent's or teammate's line: its type (and name), model, tokens so far, and `idle` for a teammate waiting for mail. */
function agentTaskFields(t: TaskStateBase): Partial<TaskView> {
  if (!isLocalAgentTask(t)) return {};
  const who = t.name ? `${t.name} (${t.agentType})` : t.agentType;
  const tokens = t.progress.tokens >= 1000 ? `${(t.progress.tokens / 1000).toFixed(1)}k` : String(t.progress.tokens);
  const idle = t.idle ? ' · idle' : '';
  return { detail: `${who} · ${t.model} · ${tokens} tokens · ${t.progress.toolUses} tool uses${idle}`.slice(0, 500) };
}
