/**
 * The panel a `local-jsx` slash command opens above the composer (docs/ARCHITECTURE.md, Command panels):
 * /permissions, /context, /agents, /mcp, /hooks or /plugin. Focus moves into it when it opens and back to the
 * composer when it closes; Escape or the × button close it and tell the host (`closePanel`).
 */
import { useId } from 'react';
import type { PanelView } from '../../../extension/protocol/messages';
import { handledCommonKey, useInlineDialog } from '../useInlineDialog';
import { AgentsPanel } from './AgentsPanel';
import { ContextPanel } from './ContextPanel';
import { HooksPanel } from './HooksPanel';
import { McpPanel } from './McpPanel';
import type { PanelActions } from './panelActions';
import { PANEL_TITLES } from './panelText';
import { PermissionsPanel } from './PermissionsPanel';
import { PluginsPanel } from './PluginsPanel';
import '../../panels.css';

export interface CommandPanelProps {
  view: PanelView;
  actions: PanelActions;
  /** Hides the panel in the webview; `actions.close` tells the host. */
  onClosed: () => void;
}

function PanelBody({ view, actions }: { view: PanelView; actions: PanelActions }) {
  switch (view.panel) {
    case 'permissions':
      return <PermissionsPanel view={view} onAdd={actions.addRule} onRemove={actions.removeRule} />;
    case 'context':
      return <ContextPanel view={view} />;
    case 'agents':
      return <AgentsPanel view={view} />;
    case 'mcp':
      return (
        <McpPanel
          view={view}
          onRestart={actions.restartMcpServer}
          onAuthenticate={actions.authenticateMcpServer}
          onApprove={actions.approveMcpServer}
          onManageTrust={actions.manageWorkspaceTrust}
        />
      );
    case 'hooks':
      return <HooksPanel view={view} />;
    case 'plugins':
      return <PluginsPanel view={view} onPluginAction={actions.pluginAction} onMarketplaceAction={actions.marketplaceAction} onManageTrust={actions.manageWorkspaceTrust} />;
  }
}

export function CommandPanel({ view, actions, onClosed }: CommandPanelProps) {
  const titleId = useId();
  const { ref, answerOnce } = useInlineDialog<null>(() => {
    actions.close();
    onClosed();
  });
  const close = () => {
    answerOnce(null);
  };
  return (
    <div
      ref={ref}
      className="inline-dialog command-panel"
      data-testid="command-panel"
      data-panel={view.panel}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(e) => void handledCommonKey(e, close)}
    >
      <div className="command-panel-header">
        <span id={titleId} className="command-panel-title">
          {PANEL_TITLES[view.panel]}
        </span>
        <button type="button" className="icon-button" data-testid="command-panel-close" aria-label="Close (Escape)" title="Close (Escape)" onClick={close}>
          ×
        </button>
      </div>
      <PanelBody view={view} actions={actions} />
    </div>
  );
}
