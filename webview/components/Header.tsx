/**
 * The bar above the conversation: permission mode (bypass asks for confirmation first), model (and the cloud
 * provider it goes through), how full the context window is with the session's cost, a new chat, and the
 * history of past sessions.
 */
import { useState, type ReactNode } from 'react';
import { MODEL_CHOICES, PERMISSION_MODE_CHOICES, PERMISSION_MODE_LABELS, PROVIDER_BADGES, type PermissionModeChoice, type SessionListItem, type SetupState, type Usage } from '../../extension/protocol/messages';
import '../controls.css';
import { SessionHistory } from './SessionHistory';
import { contextPercent } from './contextFigure';

export interface HeaderProps {
  mode: string;
  model: string;
  /** The ids to offer; empty: MODEL_CHOICES. */
  models?: readonly string[];
  usage: Usage | null;
  /** Where model requests go; a cloud provider gets a badge beside the model. */
  provider?: SetupState['provider'];
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

interface HeaderSelectProps {
  testId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

function HeaderSelect({ testId, label, value, onChange, children }: HeaderSelectProps) {
  return (
    <select
      className="header-select"
      data-testid={testId}
      aria-label={label}
      title={label}
      value={value}
      onChange={(e) => {
        onChange(e.target.value);
      }}
    >
      {children}
    </select>
  );
}

/** The permission mode; bypass shows as chosen while its confirmation is open. */
function ModeSelect({ value, mode, onChange }: { value: string; mode: string; onChange: (next: PermissionModeChoice) => void }) {
  return (
    <HeaderSelect
      testId="mode-select"
      label="Permission mode"
      value={value}
      onChange={(next) => {
        if (isModeChoice(next)) onChange(next);
      }}
    >
      {!isModeChoice(mode) && <option value={mode}>{mode}</option>}
      {PERMISSION_MODE_CHOICES.map((m) => (
        <option key={m} value={m}>
          {PERMISSION_MODE_LABELS[m]}
        </option>
      ))}
    </HeaderSelect>
  );
}

function ModelSelect({ model, choices, onSetModel }: { model: string; choices: readonly string[]; onSetModel: (model: string) => void }) {
  // A model the list does not know (set elsewhere) still shows as the current one.
  const offered = choices.length ? choices : MODEL_CHOICES;
  const models = offered.includes(model) ? offered : [model, ...offered];
  return (
    <HeaderSelect testId="model-select" label="Model" value={model} onChange={onSetModel}>
      {models.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </HeaderSelect>
  );
}

/** Bedrock, Vertex AI or Foundry: the model ids are the Anthropic ones, so the header says where they go. */
function ProviderBadge({ provider }: { provider: SetupState['provider'] }) {
  if (!provider || provider === 'anthropic') return null;
  const badge = PROVIDER_BADGES[provider];
  return (
    <span className="header-provider" data-testid="provider-badge" title={badge.title} aria-label={badge.title}>
      {badge.label}
    </span>
  );
}

function UsageMeter({ usage }: { usage: Usage }) {
  const fill = contextPercent(usage.contextFill);
  const tokens = usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens + usage.outputTokens;
  return (
    <div className="chat-header-row header-usage" data-testid="context-meter" title={`${fill} of the context window is used`}>
      <meter min={0} max={100} value={Math.round(usage.contextFill * 100)} aria-label="Context window used" />
      <span>{fill} context</span>
      <span data-testid="session-cost">
        {formatTokens(tokens)} tokens · ${usage.costUsd.toFixed(usage.costUsd < 1 ? 3 : 2)}
      </span>
    </div>
  );
}

function BypassConfirm({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="header-confirm" role="alertdialog" aria-label="Confirm bypass permissions">
      <span>Bypass runs every tool call without asking, including edits and shell commands.</span>
      <button type="button" className="button-primary" data-testid="bypass-confirm" onClick={onConfirm}>
        Enable bypass
      </button>
      <button type="button" className="button-secondary" data-testid="bypass-cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

export function Header(props: HeaderProps) {
  const { mode, model, usage, sessions, busy } = props;
  const [confirmBypass, setConfirmBypass] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const pickMode = (next: PermissionModeChoice) => {
    setConfirmBypass(next === 'bypassPermissions');
    if (next !== 'bypassPermissions') props.onSetMode(next);
  };
  const closeConfirm = () => {
    setConfirmBypass(false);
  };
  const enableBypass = () => {
    closeConfirm();
    props.onSetMode('bypassPermissions');
  };

  return (
    <header className="chat-header" aria-label="Session controls">
      <div className="chat-header-row">
        <ModeSelect value={confirmBypass ? 'bypassPermissions' : mode} mode={mode} onChange={pickMode} />
        <ModelSelect model={model} choices={props.models ?? []} onSetModel={props.onSetModel} />
        <ProviderBadge provider={props.provider} />
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
      {usage && <UsageMeter usage={usage} />}
      {confirmBypass && <BypassConfirm onConfirm={enableBypass} onCancel={closeConfirm} />}
      {historyOpen && (
        <SessionHistory
          sessions={sessions}
          busy={busy}
          onResume={(sessionId) => {
            setHistoryOpen(false);
            props.onResume(sessionId);
          }}
        />
      )}
    </header>
  );
}
