/**
 * Background tasks as stream-json `system` lines (the Agent SDK's task messages), from the session's AppState:
 * `task_started` when a task appears, `task_progress` when a background agent's counts move, `task_updated`
 * with the fields that changed, and `task_notification` once it ended. docs/ARCHITECTURE.md, stream-json messages.
 */
import type { AppState, AppStateStore } from '../../core/contracts/appState';
import { isLocalAgentTask } from '../../core/engines/tasks/localAgent';
import { taskSummary } from '../../core/engines/tasks/notifications';
import { isTerminalTaskStatus, type TaskStateBase } from '../../core/contracts/tasks';

type Tasks = AppState['tasks'];

/** Follows the tasks from now on; returns the function that stops. Tasks that exist already are not reported. */
export function watchTasks(store: Pick<AppStateStore, 'getState' | 'subscribe'>, write: (line: Record<string, unknown>) => void): () => void {
  return store.subscribe((state, prev) => {
    if (state.tasks === prev.tasks) return;
    for (const line of taskLines(state.tasks, prev.tasks)) write(line);
  });
}

/** The lines that tell a reader how `before` became `after`. */
export function taskLines(after: Tasks, before: Tasks): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const [id, task] of Object.entries(after)) {
    const old = before[id];
    if (old === task) continue;
    if (!old) lines.push(started(task));
    if (old && progressOf(old) !== progressOf(task) && !isTerminalTaskStatus(task.status)) lines.push(progress(task));
    const patch = patchOf(task, old);
    if (old && Object.keys(patch).length) lines.push({ type: 'system', subtype: 'task_updated', task_id: id, patch });
    if (isTerminalTaskStatus(task.status) && (!old || !isTerminalTaskStatus(old.status))) lines.push(notification(task));
  }
  return lines;
}

function started(task: TaskStateBase): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'task_started',
    task_id: task.id,
    ...(task.toolUseId ? { tool_use_id: task.toolUseId } : {}),
    description: task.description,
    ...(isLocalAgentTask(task) ? { subagent_type: task.agentType } : {}),
    task_type: task.type,
    is_backgrounded: true,
  };
}

function progressOf(task: TaskStateBase): string {
  return isLocalAgentTask(task) ? `${task.progress.toolUses}/${task.progress.tokens}` : '';
}

function usageOf(task: TaskStateBase): { total_tokens: number; tool_uses: number; duration_ms: number } {
  const p = isLocalAgentTask(task) ? task.progress : { toolUses: 0, tokens: 0 };
  const ms = (task.endTime ?? Date.now()) - task.startTime - (task.totalPausedMs ?? 0);
  return { total_tokens: p.tokens, tool_uses: p.toolUses, duration_ms: Math.max(0, ms) };
}

function progress(task: TaskStateBase): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'task_progress',
    task_id: task.id,
    ...(task.toolUseId ? { tool_use_id: task.toolUseId } : {}),
    description: task.description,
    ...(isLocalAgentTask(task) ? { subagent_type: task.agentType } : {}),
    usage: usageOf(task),
  };
}

/** The wire-safe fields that changed: status, description, end time, paused time. */
function patchOf(task: TaskStateBase, old: TaskStateBase | undefined): Record<string, unknown> {
  if (!old) return {};
  const patch: Record<string, unknown> = {};
  if (task.status !== old.status) patch.status = task.status;
  if (task.description !== old.description) patch.description = task.description;
  if (task.endTime !== old.endTime && task.endTime !== undefined) patch.end_time = task.endTime;
  if (task.totalPausedMs !== old.totalPausedMs && task.totalPausedMs !== undefined) patch.total_paused_ms = task.totalPausedMs;
  return patch;
}

function notification(task: TaskStateBase): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'task_notification',
    task_id: task.id,
    ...(task.toolUseId ? { tool_use_id: task.toolUseId } : {}),
    status: task.status === 'killed' ? 'stopped' : task.status,
    output_file: task.outputFile,
    summary: taskSummary(task),
    usage: usageOf(task),
  };
}
