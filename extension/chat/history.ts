/** Rebuilding chat entries from a stored transcript, and the task list the sidebar shows. */
import type { Message } from '../core/messages';
import { isLocalAgentTask } from '../core/tasks/localAgent';
import type { TaskStateBase } from '../core/tasks/types';
import { attachmentOfBlock, isMentionBlock } from './mentionFiles';
import { watchedTaskFields } from './scheduledJobs';
import type { Attachment, ChatMessage, TaskView } from '../protocol/messages';

/**
 * The user prompts and assistant text of a transcript as done messages. Tool results (user turns with no
 * text) and tool calls are left out: a resumed chat shows what was said, not every call made.
 */
export function entriesFromHistory(history: readonly Message[], newId: () => string): ChatMessage[] {
  const entries: ChatMessage[] = [];
  for (const m of history) {
    const text =
      typeof m.content === 'string'
        ? m.content
        : m.content
            .map((b) => (b.type === 'text' && !(m.role === 'user' && isMentionBlock(b.text)) ? b.text : ''))
            .filter((t) => t !== '')
            .join('\n\n');
    if (!text.trim()) continue;
    const last = entries.at(-1);
    // One assistant turn spans several API messages (text, tool call, more text): keep it one entry.
    if (last && last.role === 'assistant' && m.role === 'assistant') last.text += `\n\n${text}`;
    else {
      const attachments = m.role === 'user' ? attachmentsOf(m.content) : [];
      entries.push({ id: newId(), role: m.role, text, status: 'done', ...(attachments.length ? { attachments } : {}) });
    }
  }
  return entries;
}

/** The images and mentioned files of a stored user message, as its chips (see userPrompt.ts). */
function attachmentsOf(content: Message['content']): Attachment[] {
  if (typeof content === 'string') return [];
  const out: Attachment[] = [];
  for (const b of content) {
    if (b.type === 'image') out.push({ kind: 'image', mediaType: b.source.media_type, data: b.source.data });
    const file = b.type === 'text' && isMentionBlock(b.text) ? attachmentOfBlock(b.text) : undefined;
    if (file) out.push(file);
  }
  return out;
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
