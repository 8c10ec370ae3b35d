/**
 * Background tasks (docs/ARCHITECTURE.md, Host and webview): every live shell, agent, teammate, monitor and
 * cron task with its kind, description and detail, how long it has run or when it next runs, a Stop
 * button and, for agents and teammates, "Open transcript". A task that just finished stays a few seconds
 * with its final status, so a stop or a completion is seen rather than a row vanishing.
 */
import { useEffect, useState } from 'react';
import { AGENT_TOOL_NAME, MONITOR_TOOL_NAME, type TaskView } from '../../extension/protocol/messages';
import { formatElapsed } from '../tools/Agent';
import '../tasks.css';

// A scheduled job (cron) is live until it is deleted or fires for the last time.
const LIVE = new Set(['pending', 'running', 'scheduled']);
/** How long a finished task stays in the panel. */
export const FINISHED_LINGER_MS = 5_000;

/** A task's kind in the user's words; an agent's and a monitor's are named after the tool that starts them. */
const KIND_LABELS: Record<string, string> = {
  local_bash: 'Shell',
  local_agent: AGENT_TOOL_NAME,
  remote_agent: 'Remote agent',
  in_process_teammate: 'Teammate',
  monitor_mcp: MONITOR_TOOL_NAME,
  cron: 'Cron',
  local_workflow: 'Workflow',
  dream: 'Dream',
};

const STATUS_LABELS: Record<string, string> = { completed: 'Completed', failed: 'Failed', killed: 'Stopped', pending: 'Starting', running: 'Running', scheduled: 'Scheduled' };

export interface TaskPanelProps {
  tasks: readonly TaskView[];
  onStop: (taskId: string) => void;
  onOpenTranscript: (taskId: string) => void;
}

function shown(t: TaskView, now: number): boolean {
  if (LIVE.has(t.status)) return true;
  return t.endTime !== undefined && now - t.endTime < FINISHED_LINGER_MS;
}

/** The current time, renewed every second while a task runs or lingers, so times move and finished rows leave on time. */
function useNow(tasks: readonly TaskView[]): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (!tasks.some((task) => shown(task, t))) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [tasks]);
  return now;
}

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** "Running 12s", "Next run 14:05", or the final status. */
function timing(t: TaskView, now: number): string {
  if (!LIVE.has(t.status)) return STATUS_LABELS[t.status] ?? t.status;
  if (t.nextRunAt !== undefined) return `Next run ${timeOf(t.nextRunAt)}`;
  if (t.startTime !== undefined && t.status === 'running') return `Running ${formatElapsed(now - t.startTime)}`;
  return STATUS_LABELS[t.status] ?? t.status;
}

function TaskRow({ task: t, now, onStop, onOpenTranscript }: { task: TaskView; now: number } & Omit<TaskPanelProps, 'tasks'>) {
  const live = LIVE.has(t.status);
  const name = t.description || t.id;
  return (
    <li className={`task-row task-${live ? 'live' : 'finished'}`} data-testid="task-row" data-status={t.status} data-type={t.type ?? ''}>
      <div className="task-line">
        {t.type && (
          <span className="task-kind" data-testid="task-kind">
            {KIND_LABELS[t.type] ?? t.type}
          </span>
        )}
        <span className="task-description" title={t.description}>
          {name}
        </span>
        <span className="task-timing" data-testid="task-timing">
          {timing(t, now)}
        </span>
      </div>
      {t.detail && (
        <div className="task-detail" data-testid="task-detail" title={t.detail}>
          {t.detail}
        </div>
      )}
      {(live || t.hasTranscript) && (
        <div className="task-actions">
          {t.hasTranscript && (
            <button type="button" className="task-stop" data-testid="task-transcript" aria-label={`Open transcript: ${name}`} onClick={() => onOpenTranscript(t.id)}>
              Open transcript
            </button>
          )}
          {live && (
            <button type="button" className="task-stop" data-testid="task-stop" aria-label={`Stop task: ${name}`} title="Stop this task" onClick={() => onStop(t.id)}>
              Stop
            </button>
          )}
        </div>
      )}
    </li>
  );
}

export function TaskPanel({ tasks, onStop, onOpenTranscript }: TaskPanelProps) {
  const now = useNow(tasks);
  const visible = tasks.filter((t) => shown(t, now));
  if (visible.length === 0) return null;
  return (
    <section className="task-panel" data-testid="task-panel" aria-label="Background tasks">
      <ul className="task-list">
        {visible.map((t) => (
          <TaskRow key={t.id} task={t} now={now} onStop={onStop} onOpenTranscript={onOpenTranscript} />
        ))}
      </ul>
    </section>
  );
}
