/**
 * The hub's servers as the rest of core shows them: `McpClientInfo` for `ToolUseContext.options.mcpClients`
 * and the app state, and the rows of the /mcp panel (core/loop/commands/host.ts `McpServerView`).
 */
import type { McpPanelRow } from '../../contracts/mcp';
import type { McpClientInfo } from '../../contracts/appState';
import type { McpServerStatus, McpServerView } from '../../contracts/mcp';

function clientType(status: McpServerStatus): McpClientInfo['type'] {
  switch (status.state) {
    case 'connected':
      return 'connected';
    case 'failed':
      return 'failed';
    case 'disabled':
      return 'disabled';
    default:
      return 'pending';
  }
}

export function mcpClientInfos(servers: readonly McpServerView[]): McpClientInfo[] {
  return servers.map((s) => ({ name: s.name, type: clientType(s.status), ...(s.status.state === 'failed' ? { error: s.status.error } : {}) }));
}

/** Only this much of a server's stderr goes to the panel (the log has all of it). */
const PANEL_STDERR = 2000;
const PANEL_ERROR = 2000;

export function mcpPanelRows(servers: readonly McpServerView[]): McpPanelRow[] {
  return servers.map((s) => {
    const st = s.status;
    const status: McpPanelRow['status'] = st.state === 'needsApproval' || st.state === 'needsAuth' ? st.state : clientType(st);
    return {
      name: s.name,
      status,
      tools: s.tools.length,
      resources: s.resources.length,
      prompts: s.prompts.length,
      scope: s.scope,
      ...(s.path ? { path: s.path } : {}),
      ...(st.state === 'failed' ? { error: st.error.slice(0, PANEL_ERROR), ...(st.stderr ? { stderr: st.stderr.slice(-PANEL_STDERR) } : {}), ...(st.retryAt ? { retryAt: st.retryAt } : {}) } : {}),
      ...(st.state === 'needsAuth' && st.url ? { authUrl: st.url } : {}),
      ...(st.state === 'needsAuth' && st.error ? { error: st.error.slice(0, PANEL_ERROR) } : {}),
      ...(st.state === 'disabled' && st.reason ? { disabledReason: st.reason } : {}),
    };
  });
}
