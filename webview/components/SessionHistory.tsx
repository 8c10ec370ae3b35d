/** The header's list of past sessions in this workspace; picking one resumes it (not while a turn runs). */
import type { SessionListItem } from '../../extension/protocol/messages';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export interface SessionHistoryProps {
  /** null while the host has not answered yet. */
  sessions: readonly SessionListItem[] | null;
  busy: boolean;
  onResume: (sessionId: string) => void;
}

export function SessionHistory({ sessions, busy, onResume }: SessionHistoryProps) {
  return (
    <div className="session-history" data-testid="session-history">
      {sessions === null ? (
        <div className="session-history-empty">Loading…</div>
      ) : sessions.length === 0 ? (
        <div className="session-history-empty">No past sessions in this workspace.</div>
      ) : (
        <ul>
          {sessions.map((s) => (
            <li key={s.sessionId}>
              <button
                type="button"
                className="session-item"
                data-testid="session-item"
                disabled={busy}
                title={busy ? 'Stop the running turn to switch sessions' : `Resume ${s.title}`}
                onClick={() => {
                  onResume(s.sessionId);
                }}
              >
                <span className="session-title">{s.title}</span>
                <span className="session-meta">
                  {formatDate(s.modifiedAt)} · {s.messageCount} messages
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
