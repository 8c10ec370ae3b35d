/** The command panels' requests to the host, bound to the bridge once. */
import type { WebviewToHost } from '../../../extension/protocol/messages';
import type { HostBridge } from '../../vscodeApi';

export type AddPermissionRule = Omit<Extract<WebviewToHost, { type: 'addPermissionRule' }>, 'type'>;
export type RemovePermissionRule = Omit<Extract<WebviewToHost, { type: 'removePermissionRule' }>, 'type'>;
export type PluginActionKind = Extract<WebviewToHost, { type: 'pluginAction' }>['action'];
export type MarketplaceActionKind = Extract<WebviewToHost, { type: 'marketplaceAction' }>['action'];

export interface PanelActions {
  addRule: (rule: AddPermissionRule) => void;
  removeRule: (rule: RemovePermissionRule) => void;
  close: () => void;
  /** /mcp: the host closes the server's connection and connects again. */
  restartMcpServer: (server: string) => void;
  /** /mcp: the host runs the server's OAuth sign-in (the browser opens). */
  authenticateMcpServer: (server: string) => void;
  /** /mcp: the host asks again about a project server the user declined or dismissed. */
  approveMcpServer: (server: string) => void;
  /** VS Code's workspace trust editor: project servers wait for trust. */
  manageWorkspaceTrust: () => void;
  /** /plugin: install, uninstall, enable, disable or update `<plugin>@<marketplace>`. */
  pluginAction: (action: PluginActionKind, plugin: string) => void;
  /** /plugin: add (a folder, git URL, owner/repo, or a suggested marketplace's name), remove or update a marketplace. */
  marketplaceAction: (action: MarketplaceActionKind, marketplace: string) => void;
}

export function panelActions(bridge: HostBridge): PanelActions {
  return {
    addRule: (rule) => void bridge.post({ type: 'addPermissionRule', ...rule }),
    removeRule: (rule) => void bridge.post({ type: 'removePermissionRule', ...rule }),
    close: () => void bridge.post({ type: 'closePanel' }),
    restartMcpServer: (server) => void bridge.post({ type: 'restartMcpServer', server }),
    authenticateMcpServer: (server) => void bridge.post({ type: 'authenticateMcpServer', server }),
    approveMcpServer: (server) => void bridge.post({ type: 'approveMcpServer', server }),
    manageWorkspaceTrust: () => void bridge.post({ type: 'manageWorkspaceTrust' }),
    pluginAction: (action, plugin) => void bridge.post({ type: 'pluginAction', action, plugin }),
    marketplaceAction: (action, marketplace) => void bridge.post({ type: 'marketplaceAction', action, marketplace }),
  };
}
