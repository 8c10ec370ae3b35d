/**
 * /plugin: Claude Code's plugin menu as a panel. At the top a form adds a marketplace (`marketplaceAction`
 * add), then the action in progress (`busy`, a spinner; every button waits for it) and the last one's
 * outcome (`notice`), the marketplaces (MarketplaceList.tsx) and the plugins each offers (PluginItem.tsx),
 * with Install, Enable or Disable, Update and Uninstall (`pluginAction`). The host asks before installing
 * anything that runs code and refreshes the panel after each action. In an untrusted workspace it says that
 * enabled plugins' hooks and MCP servers wait for trust.
 */
import type { PanelView } from '../../../extension/protocol/messages';
import { AddMarketplaceForm, MarketplaceList } from './MarketplaceList';
import type { MarketplaceActionKind, PluginActionKind } from './panelActions';
import { PluginItem, type Plugin } from './PluginItem';

type PluginsView = Extract<PanelView, { panel: 'plugins' }>;

export interface PluginsPanelProps {
  view: PluginsView;
  onPluginAction: (action: PluginActionKind, plugin: string) => void;
  onMarketplaceAction: (action: MarketplaceActionKind, marketplace: string) => void;
  onManageTrust?: () => void;
}

/** The plugins by marketplace, in the marketplaces' order, then any marketplace the list does not name. */
function byMarketplace(view: PluginsView): [string, Plugin[]][] {
  const names = [...new Set([...view.marketplaces.map((m) => m.name), ...view.plugins.map((p) => p.marketplace)])];
  return names.map((name): [string, Plugin[]] => [name, view.plugins.filter((p) => p.marketplace === name)]).filter(([, plugins]) => plugins.length > 0);
}

function Status({ busy, notice }: Pick<PluginsView, 'busy' | 'notice'>) {
  return (
    <>
      {busy && (
        <div className="plugin-busy" data-testid="plugin-busy" role="status">
          <span className="panel-spinner" aria-hidden="true" />
          {busy}
        </div>
      )}
      {notice && (
        <div className={`plugin-notice plugin-notice-${notice.kind}`} data-testid="plugin-notice" data-kind={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      )}
    </>
  );
}

function UntrustedNote({ onManageTrust }: { onManageTrust?: () => void }) {
  return (
    <div className="plugin-untrusted" data-testid="plugin-untrusted">
      <span>
        This workspace is not trusted: project settings do not enable plugins here, and the hooks and MCP servers of enabled plugins wait until you trust
        the workspace.
      </span>
      {onManageTrust && (
        <button type="button" className="link-button" data-testid="plugin-trust" onClick={() => onManageTrust()}>
          Trust Workspace…
        </button>
      )}
    </div>
  );
}

function PluginGroups({ view, disabled, onAction }: { view: PluginsView; disabled: boolean; onAction: PluginsPanelProps['onPluginAction'] }) {
  const groups = byMarketplace(view);
  if (groups.length === 0) {
    if (view.marketplaces.length === 0) return null;
    return (
      <div className="panel-empty" data-testid="plugin-none">
        No plugins offered yet. Update a marketplace to read its list again.
      </div>
    );
  }
  return groups.map(([marketplace, plugins]) => (
    <section key={marketplace} className="panel-group" data-testid="plugin-group" data-marketplace={marketplace} aria-label={`Plugins from ${marketplace}`}>
      <div className="panel-group-title">{`Plugins from ${marketplace}`}</div>
      <ul className="panel-list">
        {plugins.map((p) => (
          <PluginItem key={p.id} plugin={p} trusted={view.trusted} disabled={disabled} onAction={onAction} />
        ))}
      </ul>
    </section>
  ));
}

export function PluginsPanel({ view, onPluginAction, onMarketplaceAction, onManageTrust }: PluginsPanelProps) {
  // While an action runs, every button waits: a second install or removal would race the first.
  const disabled = Boolean(view.busy);
  return (
    <div className="plugins-panel">
      <AddMarketplaceForm disabled={disabled} onAction={onMarketplaceAction} />
      <Status busy={view.busy} notice={view.notice} />
      {!view.trusted && <UntrustedNote {...(onManageTrust ? { onManageTrust } : {})} />}
      <section className="panel-group" aria-label="Marketplaces">
        <div className="panel-group-title">Marketplaces</div>
        <MarketplaceList marketplaces={view.marketplaces} disabled={disabled} onAction={onMarketplaceAction} />
      </section>
      <PluginGroups view={view} disabled={disabled} onAction={onPluginAction} />
    </div>
  );
}
