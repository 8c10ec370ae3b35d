/**
 * The bar above the conversation: permission mode (bypass asks for confirmation first), model, how full
 * the context window is with the session's cost, a new chat, and the history of past sessions.
 */
import { useState } from 'react';
import { MODEL_CHOICES, PERMISSION_MODE_CHOICES, PERMISSION_MODE_LABELS, type PermissionModeChoice, type SessionListItem, type Usage } from '../../extension/protocol/messages';
import '../controls.css';

export interface HeaderProps {
  mode: string;
  model: string;
  usage: Usage | null;
  sessions: readonly SessionListItem[] | null;
  busy: boolean;
  onSetMode: (mode: PermissionModeChoice) => void;
  onSetModel: (model: string) => void;
  onNewChat: () => void;
  onListSessions: () => void;
  onResume: (sessionId: string) => void;
}

function isModeChoice(v: string): v is PermissionModeChoice {
  return (PERMISSION_MODE_CHOICES as readonly string[]).includes(v);
}

function formatTokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 100_000 ? 0 : 1)}k` : String(n);
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function Header(props: HeaderProps) {
  const { mode, model, usage, sessions, busy } = props;
  const [confirmBypass, setConfirmBypass] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const models = MODEL_CHOICES.includes(model as (typeof MODEL_CHOICES)[number]) ? MODEL_CHOICES : [model, ...MODEL_CHOICES];
  const fill = usage ? Math.round(usage.contextFill * 100) : 0;
  const fillLabel = usage && fill === 0 && usage.contextFill > 0 ? '<1' : String(fill);
  const tokens = usage ? usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens + usage.outputTokens : 0;

  return (
    <header className="chat-header" aria-label="Session controls">
      <div className="chat-header-row">
        <select
          className="header-select"
          data-testid="mode-select"
          aria-label="Permission mode"
          title="Permission mode"
          value={confirmBypass ? 'bypassPermissions' : mode}
          onChange={(e) => {
            const next = e.target.value;
            if (!isModeChoice(next)) return;
            if (next === 'bypassPermissions') setConfirmBypass(true);
            else {
              setConfirmBypass(false);
              props.onSetMode(next);
            }
          }}
        >
          {!isModeChoice(mode) && <option value={mode}>{mode}</option>}
          {PERMISSION_MODE_CHOICES.map((m) => (
            <option key={m} value={m}>
              {PERMISSION_MODE_LABELS[m]}
            </option>
          ))}
        </select>
        <select
          className="header-select"
          data-testid="model-select"
          aria-label="Model"
          title="Model"
          value={model}
          onChange={(e) => {
            props.onSetModel(e.target.value);
          }}
        >
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <span className="header-spacer" />
        <button
          type="button"
          className="header-button"
          data-testid="history-button"
          aria-label="Session history"
          title="Session history"
          aria-expanded={historyOpen}
          onClick={() => {
            if (!historyOpen) props.onListSessions();
            setHistoryOpen(!historyOpen);
          }}
        >
          History
        </button>
        <button type="button" className="header-button" data-testid="new-chat" aria-label="New chat" title="New chat" onClick={props.onNewChat}>
          New
        </button>
      </div>
      {usage && (
        <div className="chat-header-row header-usage" data-testid="context-meter" title={`${fillLabel}% of the context window is used`}>
          <meter min={0} max={100} value={fill} aria-label="Context window used" />
          <span>{fillLabel}% context</span>
          <span data-testid="session-cost">
            {formatTokens(tokens)} tokens · ${usage.costUsd.toFixed(usage.costUsd < 1 ? 3 : 2)}
          </span>
        </div>
      )}
      {confirmBypass && (
        <div className="header-confirm" role="alertdialog" aria-label="Confirm bypass permissions">
          <span>Bypass runs every tool call without asking, including edits and shell commands.</span>
          <button
            type="button"
            className="button-primary"
            data-testid="bypass-confirm"
            onClick={() => {
              setConfirmBypass(false);
              props.onSetMode('bypassPermissions');
            }}
          >
            Enable bypass
          </button>
          <button
            type="button"
            className="button-secondary"
            data-testid="bypass-cancel"
            onClick={() => {
              setConfirmBypass(false);
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {historyOpen && (
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
                      setHistoryOpen(false);
                      props.onResume(s.sessionId);
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
      )}
    </header>
  );
}
