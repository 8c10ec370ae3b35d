/**
 * /mcp: the MCP servers with their connection status and how many tools each gives; a failed server shows
 * its error. With none, it says where servers are configured.
 */
import type { PanelView } from '../../../extension/protocol/messages';

type McpView = Extract<PanelView, { panel: 'mcp' }>;

const STATUS_LABELS: Record<McpView['servers'][number]['status'], string> = {
  connected: 'Connected',
  pending: 'Connecting…',
  failed: 'Failed',
  disabled: 'Disabled',
  needsApproval: 'Waiting for approval',
  needsAuth: 'Needs authentication',
};

export function McpPanel({ view }: { view: McpView }) {
  if (view.servers.length === 0) {
    return (
      <div className="panel-empty" data-testid="panel-empty">
        No MCP servers are configured. Add them to .mcp.json at the root of the workspace (under "mcpServers").
      </div>
    );
  }
  return (
    <ul className="panel-list" aria-label="MCP servers">
      {view.servers.map((s) => (
        <li key={s.name} className="panel-item" data-testid="mcp-server" data-status={s.status}>
          <div className="panel-item-line">
            <span className="panel-item-name">{s.name}</span>
            <span className={`panel-status panel-status-${s.status}`} data-testid="mcp-status">
              {STATUS_LABELS[s.status]}
            </span>
            <span className="panel-item-meta" data-testid="mcp-tools">
              {s.tools === 1 ? '1 tool' : `${String(s.tools)} tools`}
            </span>
          </div>
          {s.error && (
            <div className="panel-item-error" data-testid="mcp-error">
              {s.error}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
