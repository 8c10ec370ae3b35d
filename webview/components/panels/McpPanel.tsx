/**
 * /mcp: the MCP servers with where they are configured, their status (a spinner while connecting; a failed
 * server shows its error and, folded, what it printed on stderr), how many tools, resources and prompts each
 * gives, and Restart (`restartMcpServer`; the host reconnects and refreshes the panel). A server that wants
 * an OAuth sign-in has Authenticate instead (`authenticateMcpServer`; the host opens the browser and waits
 * for the redirect). A server that is off says why: a project server the user declined or dismissed has
 * Approve… (`approveMcpServer`; the host asks again, showing what would run), one waiting for workspace
 * trust has Trust Workspace… (`manageWorkspaceTrust`). With none, it says where servers are configured.
 */
import { useState } from 'react';
import { MCP_DISABLED_REASON_TEXT, type PanelView } from '../../../extension/protocol/messages';

type McpView = Extract<PanelView, { panel: 'mcp' }>;
type McpServer = McpView['servers'][number];

const STATUS_LABELS: Record<McpServer['status'], string> = {
  connected: 'Connected',
  pending: 'Connecting…',
  connecting: 'Connecting…',
  failed: 'Failed',
  needsApproval: 'Needs approval',
  needsAuth: 'Needs authentication',
  disabled: 'Disabled',
};

const SCOPE_LABELS: Record<NonNullable<McpServer['scope']>, string> = {
  project: 'Project (.mcp.json)',
  user: 'User',
  settings: 'VS Code settings',
  cli: 'Command line',
  dynamic: 'Agent SDK',
  plugin: 'Plugin',
};

/** Why a server is not running yet, when its status alone does not say what to do. */
const STATUS_HINTS: Partial<Record<McpServer['status'], string>> = {
  needsApproval: 'A project server from .mcp.json starts only after you approve it.',
  needsAuth: 'The server requires you to sign in before it lists its tools: Authenticate opens your browser.',
};

/** A server the user cannot restart from here: turned off, waiting for approval, or for a sign-in (Authenticate). */
const NOT_RESTARTABLE = new Set<McpServer['status']>(['disabled', 'needsApproval', 'needsAuth']);

interface McpPanelProps {
  view: McpView;
  onRestart: (server: string) => void;
  onAuthenticate?: (server: string) => void;
  onApprove?: (server: string) => void;
  onManageTrust?: () => void;
}

export function McpPanel({ view, onRestart, onAuthenticate, onApprove, onManageTrust }: McpPanelProps) {
  // Restart or Authenticate pressed: the button waits for the host's refreshed view rather than being
  // pressed twice. Kept with the view it was pressed in, so a new view from the host clears it.
  const [pressed, setPressed] = useState<{ view: McpView; names: readonly string[] }>({ view, names: [] });
  const restarting = pressed.view === view ? pressed.names : [];
  if (view.servers.length === 0) {
    return (
      <div className="panel-empty" data-testid="panel-empty">
        No MCP servers are configured. Add them to .mcp.json at the root of the workspace (under "mcpServers").
      </div>
    );
  }
  const press = (act: (server: string) => void) => (name: string) => {
    setPressed({ view, names: [...restarting, name] });
    act(name);
  };
  return (
    <ul className="panel-list" aria-label="MCP servers">
      {view.servers.map((s) => (
        <McpServerItem
          key={s.name}
          server={s}
          pressed={restarting.includes(s.name)}
          onRestart={press(onRestart)}
          {...(onAuthenticate ? { onAuthenticate: press(onAuthenticate) } : {})}
          {...(onApprove ? { onApprove: press(onApprove) } : {})}
          {...(onManageTrust ? { onManageTrust } : {})}
        />
      ))}
    </ul>
  );
}

interface McpServerItemProps {
  server: McpServer;
  pressed: boolean;
  onRestart: (server: string) => void;
  onAuthenticate?: (server: string) => void;
  onApprove?: (server: string) => void;
  onManageTrust?: () => void;
}

/** A server that is off, by why (the reason's sentence is under it): "Disabled" alone said nothing. */
const OFF_LABELS: Record<NonNullable<McpServer['disabledReason']>, string> = {
  declined: 'Declined',
  dismissed: 'Not approved',
  untrusted: 'Waiting for trust',
  turnedOff: 'Disabled',
};

/** A declined or dismissed project server can be approved again; one waiting for trust needs the workspace trusted. */
const APPROVABLE = new Set<McpServer['disabledReason']>(['declined', 'dismissed']);

function McpServerItem({ server: s, pressed, onRestart, onAuthenticate, onApprove, onManageTrust }: McpServerItemProps) {
  const connecting = s.status === 'connecting' || s.status === 'pending';
  const off = s.status === 'disabled' ? s.disabledReason : undefined;
  const hint = off ? MCP_DISABLED_REASON_TEXT[off] : STATUS_HINTS[s.status];
  return (
    <li className="panel-item" data-testid="mcp-server" data-name={s.name} data-status={s.status}>
      <div className="panel-item-line">
        <span className="panel-item-name">{s.name}</span>
        <span className={`panel-status panel-status-${s.status}`} data-testid="mcp-status">
          {connecting && <span className="panel-spinner" role="img" aria-label="Connecting" data-testid="mcp-spinner" />}
          {off ? OFF_LABELS[off] : STATUS_LABELS[s.status]}
        </span>
        {!NOT_RESTARTABLE.has(s.status) && <ServerAction action="Restart" busy="Restarting…" testId="mcp-restart" server={s.name} pressed={pressed} onClick={onRestart} />}
        {s.status === 'needsAuth' && onAuthenticate && (
          <ServerAction action="Authenticate" busy="Authenticating…" testId="mcp-authenticate" server={s.name} pressed={pressed} onClick={onAuthenticate} />
        )}
        {APPROVABLE.has(off) && onApprove && <ServerAction action="Approve…" busy="Waiting for your answer…" testId="mcp-approve" server={s.name} pressed={pressed} onClick={onApprove} />}
        {off === 'untrusted' && onManageTrust && (
          <ServerAction
            action="Trust Workspace…"
            busy="Trust Workspace…"
            label={`Trust the workspace to start ${s.name}`}
            testId="mcp-trust"
            server={s.name}
            pressed={false}
            onClick={() => onManageTrust()}
          />
        )}
      </div>
      <div className="panel-item-meta">
        {s.scope && <span data-testid="mcp-scope">{SCOPE_LABELS[s.scope]}</span>}
        {s.scope && ' · '}
        <span data-testid="mcp-counts">{counts(s)}</span>
      </div>
      {hint && (
        <div className="panel-item-text" data-testid="mcp-hint">
          {hint}
        </div>
      )}
      {s.error && (
        <div className="panel-item-error" data-testid="mcp-error">
          {s.error}
        </div>
      )}
      {s.stderr && (
        <details className="panel-details" data-testid="mcp-stderr">
          <summary>Server output (stderr)</summary>
          <pre className="panel-pre">{s.stderr}</pre>
        </details>
      )}
    </li>
  );
}

function plural(n: number, one: string): string {
  return `${String(n)} ${one}${n === 1 ? '' : 's'}`;
}

/** "12 tools · 3 resources · 1 prompt"; resources and prompts only when the host sent them. */
function counts(s: McpServer): string {
  const parts = [plural(s.tools, 'tool')];
  if (s.resources !== undefined) parts.push(plural(s.resources, 'resource'));
  if (s.prompts !== undefined) parts.push(plural(s.prompts, 'prompt'));
  return parts.join(' · ');
}

/** A server row's button: named with the server for screen readers, disabled while its request runs. */
function ServerAction(props: { action: string; busy: string; label?: string; testId: string; server: string; pressed: boolean; onClick: (server: string) => void }) {
  return (
    <button
      type="button"
      className="button-secondary panel-item-action"
      data-testid={props.testId}
      aria-label={props.label ?? `${props.action.replace(/…$/, '')} ${props.server}`}
      disabled={props.pressed}
      onClick={() => props.onClick(props.server)}
    >
      {props.pressed ? props.busy : props.action}
    </button>
  );
}
