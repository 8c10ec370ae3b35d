/** What the MCP resource tools share: reaching the window's MCP servers, and a clear refusal for a server that is not there. */
import type { McpHub, McpServerView } from '../../core/contracts/mcp';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';

export function hubOf(context: ToolUseContext): McpHub {
  const hub = context.ports.mcp;
  if (!hub) throw new ToolError('unavailable', 'No MCP servers are configured in this session.');
  return hub;
}

/** The connected server called `name`; an error naming the servers there are otherwise. */
export function connectedServer(hub: McpHub, name: string): McpServerView {
  const servers = hub.servers();
  const server = servers.find((s) => s.name === name);
  if (!server) {
    const known = servers.map((s) => s.name).join(', ') || '(none)';
    throw new ToolError('not_found', `No MCP server is called "${name}". Servers: ${known}.`);
  }
  if (server.status.state !== 'connected') {
    const why = server.status.state === 'failed' ? `failed: ${server.status.error}` : server.status.state;
    throw new ToolError('unavailable', `The MCP server "${name}" is not connected (${why}).`);
  }
  return server;
}
