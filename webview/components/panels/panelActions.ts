/** The command panels' requests to the host, bound to the bridge once. */
import type { WebviewToHost } from '../../../extension/protocol/messages';
import type { HostBridge } from '../../vscodeApi';

export type AddPermissionRule = Omit<Extract<WebviewToHost, { type: 'addPermissionRule' }>, 'type'>;
export type RemovePermissionRule = Omit<Extract<WebviewToHost, { type: 'removePermissionRule' }>, 'type'>;

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
  };
}
