/** Background tasks still running (Bash `run_in_background`), each with a Stop button. */
import type { TaskView } from '../../extension/protocol/messages';

const LIVE = new Set(['pending', 'running']);

export function TaskPanel({ tasks, onStop }: { tasks: readonly TaskView[]; onStop: (taskId: string) => void }) {
  const live = tasks.filter((t) => LIVE.has(t.status));
  if (live.length === 0) return null;
  return (
    <div className="task-panel" data-testid="task-panel" aria-label="Background tasks">
      {live.map((t) => (
        <div key={t.id} className="task-row" data-testid="task-row">
          <span className="task-description" title={t.description}>
            {t.description || t.id}
          </span>
          <button
            type="button"
            className="task-stop"
            data-testid="task-stop"
            aria-label={`Stop task: ${t.description}`}
            title="Stop this task"
            onClick={() => {
              onStop(t.id);
            }}
          >
            Stop
          </button>
        </div>
      ))}
    </div>
  );
}
