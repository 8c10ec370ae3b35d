/**
 * One plugin of the /plugin panel: its name, state, version (and an update when the marketplace offers a
 * different one), the settings file that switched it on or off, what it contributes, why it fails, and the
 * actions its state allows. Hooks and MCP servers are marked as running code: an untrusted workspace holds
 * them back until it is trusted.
 */
import { Fragment } from 'react';
import type { PanelView } from '../../../extension/protocol/messages';
import type { PluginActionKind } from './panelActions';

type PluginsView = Extract<PanelView, { panel: 'plugins' }>;
export type Plugin = PluginsView['plugins'][number];
type Contributions = NonNullable<Plugin['contributes']>;

export type PluginState = 'installed-enabled' | 'installed-disabled' | 'available';

export function pluginState(p: Plugin): PluginState {
  if (!p.installed) return 'available';
  return p.enabled ? 'installed-enabled' : 'installed-disabled';
}

/** The marketplace's version when it differs from the installed one; nothing when either is unknown. */
export function updateVersion(p: Plugin): string | undefined {
  if (!p.installed || !p.version || !p.installedVersion) return undefined;
  return p.version === p.installedVersion ? undefined : p.version;
}

const ENABLED_BY_LABELS: Record<NonNullable<Plugin['enabledBy']>, string> = {
  user: 'user settings (~/.claude/settings.json)',
  project: 'project settings (.claude/settings.json)',
  local: 'local settings (.claude/settings.local.json)',
};

/** The kinds in the order Claude Code's /plugin lists them; `code` marks the parts that run programs. */
const KINDS: readonly { key: keyof Contributions; label: string; code?: true }[] = [
  { key: 'commands', label: 'Commands' },
  { key: 'agents', label: 'Agents' },
  { key: 'skills', label: 'Skills' },
  { key: 'hooks', label: 'Hooks', code: true },
  { key: 'mcpServers', label: 'MCP servers', code: true },
  { key: 'outputStyles', label: 'Output styles' },
];

export const runsCode = (p: Plugin): boolean => Boolean(p.contributes && (p.contributes.hooks.length > 0 || p.contributes.mcpServers.length > 0));

function Contributes({ contributes }: { contributes: Contributions }) {
  const kinds = KINDS.filter((k) => contributes[k.key].length > 0);
  if (kinds.length === 0) return null;
  return (
    <dl className="panel-facts" data-testid="plugin-contributes">
      {kinds.map((k) => (
        <Fragment key={k.key}>
          <dt>{k.label}</dt>
          <dd data-kind={k.key}>
            {contributes[k.key].join(', ')}
            {k.code && (
              <span className="plugin-runs-code" data-testid="plugin-runs-code" title="Runs programs on your machine">
                runs code
              </span>
            )}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

interface ActionProps {
  action: PluginActionKind;
  label: string;
  plugin: string;
  disabled: boolean;
  onAction: (action: PluginActionKind, plugin: string) => void;
}

function PluginAction({ action, label, plugin, disabled, onAction }: ActionProps) {
  return (
    <button type="button" className="button-secondary" data-testid={`plugin-${action}`} aria-label={`${label} ${plugin}`} disabled={disabled} onClick={() => onAction(action, plugin)}>
      {label}
    </button>
  );
}

/** Install for an available plugin; Enable or Disable, Update (when offered) and Uninstall for an installed one. */
function PluginActions({ plugin: p, disabled, onAction }: { plugin: Plugin; disabled: boolean; onAction: ActionProps['onAction'] }) {
  const common = { plugin: p.id, disabled, onAction };
  if (!p.installed) {
    return (
      <span className="plugin-actions">
        <PluginAction action="install" label="Install" {...common} />
      </span>
    );
  }
  return (
    <span className="plugin-actions">
      {p.enabled ? <PluginAction action="disable" label="Disable" {...common} /> : <PluginAction action="enable" label="Enable" {...common} />}
      {updateVersion(p) !== undefined && <PluginAction action="update" label="Update" {...common} />}
      <PluginAction action="uninstall" label="Uninstall" {...common} />
    </span>
  );
}

/** "v1.2.0 · update available: 1.3.0 · Enabled in user settings (~/.claude/settings.json)". */
function PluginMeta({ plugin: p }: { plugin: Plugin }) {
  const update = updateVersion(p);
  const version = p.installed ? p.installedVersion : p.version;
  const parts = [
    version && <span key="version" data-testid="plugin-version">{`v${version}`}</span>,
    update && (
      <span key="update" className="plugin-update" data-testid="plugin-update-available">
        {`update available: ${update}`}
      </span>
    ),
    p.enabledBy && <span key="by" data-testid="plugin-enabled-by">{`${p.enabled ? 'Enabled' : 'Disabled'} in ${ENABLED_BY_LABELS[p.enabledBy]}`}</span>,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <div className="panel-item-meta">{parts.flatMap((part, i) => (i === 0 ? [part] : [' · ', part]))}</div>;
}

export interface PluginItemProps {
  plugin: Plugin;
  trusted: boolean;
  disabled: boolean;
  onAction: (action: PluginActionKind, plugin: string) => void;
}

export function PluginItem({ plugin: p, trusted, disabled, onAction }: PluginItemProps) {
  const state = pluginState(p);
  return (
    <li className="panel-item" data-testid="plugin-item" data-id={p.id} data-state={state}>
      <div className="panel-item-line">
        <span className="panel-item-name">{p.name}</span>
        {p.installed && (
          <span className="panel-badge" data-testid="plugin-status">
            {p.enabled ? 'Enabled' : 'Disabled'}
          </span>
        )}
        <PluginActions plugin={p} disabled={disabled} onAction={onAction} />
      </div>
      <PluginMeta plugin={p} />
      {p.description && (
        <div className="panel-item-text" data-testid="plugin-description">
          {p.description}
        </div>
      )}
      {p.contributes && <Contributes contributes={p.contributes} />}
      {!trusted && p.enabled && runsCode(p) && (
        <div className="panel-item-text" data-testid="plugin-trust-wait">
          Its hooks and MCP servers wait until you trust this workspace.
        </div>
      )}
      {p.error && (
        <div className="panel-item-error" data-testid="plugin-error">
          {p.error}
        </div>
      )}
    </li>
  );
}
