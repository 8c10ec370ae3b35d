/**
 * The line that says the folder is open in Restricted Mode (not trusted): the chat works, but the workspace's
 * hooks, .mcp.json servers, commands, skills and agents wait for trust, as do the plugins its settings enable
 * and every plugin's hooks and MCP servers (host/node/plugins/installedPlugins.ts). Trust Workspace… opens VS Code's
 * trust editor (`manageWorkspaceTrust`); the host sends `workspaceTrusted: true` once trust is granted, and
 * the line goes. Nothing shows while trusted, or when the host does not say (an older host).
 */
import type { HostBridge } from '../vscodeApi';

export function RestrictedModeNotice({ trusted, bridge }: { trusted: boolean | undefined; bridge: HostBridge }) {
  if (trusted !== false) return null;
  return (
    <div className="restricted-notice" role="status" data-testid="restricted-notice">
      <span>
        <strong>Restricted Mode:</strong> this folder is not trusted. The chat works; the workspace&rsquo;s hooks,
        .mcp.json servers, commands, skills and agents wait until you trust it, as do the plugins it enables and
        your plugins&rsquo; hooks and MCP servers.
      </span>{' '}
      <button type="button" className="link-button" data-testid="restricted-trust" onClick={() => void bridge.post({ type: 'manageWorkspaceTrust' })}>
        Trust Workspace…
      </button>
    </div>
  );
}
