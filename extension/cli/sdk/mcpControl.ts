/**
 * The Agent SDK's control requests about MCP servers (docs/ARCHITECTURE.md, MCP), served on the manager the
 * session holds: `mcp_status` (every server as the SDK's `McpServerStatus`), `mcp_set_servers` (replaces the
 * `dynamic` servers: those the app added, its in-process ones included; configured ones stay), `mcp_reconnect`,
 * `mcp_toggle`, and `mcp_message` (the in-process servers' own messages, sdkMcp.ts).
 */
import { isRecord } from '../../core/base/isRecord';
import { parseMcpSource } from '../../core/engines/mcp/config';
import { McpManager } from '../../core/engines/mcp/manager';
import { describeStatus } from '../../core/engines/mcp/status';
import type { McpConfigScope, McpHub, McpServerConfig, McpServerEntry, McpServerView } from '../../core/contracts/mcp';
import type { ControlBody, ControlChannel } from './channel';
import { sdkMcpBridge } from './sdkMcp';

/** How long `mcp_set_servers` waits for the servers it added, to report those that failed. */
const SET_SERVERS_WAIT_MS = 30_000;

const STATUS: Record<McpServerView['status']['state'], string> = {
  connected: 'connected',
  failed: 'failed',
  needsAuth: 'needs-auth',
  connecting: 'pending',
  needsApproval: 'pending',
  disabled: 'disabled',
};

/** Claude Code's names of the scopes (`dynamic` for servers of the command line and the app). */
const SCOPE: Record<McpConfigScope, string> = { project: 'project', user: 'user', settings: 'user', cli: 'dynamic', dynamic: 'dynamic', plugin: 'dynamic' };

/** The config as `mcp_status` shows it: what runs or where, never env values or headers (they hold secrets). */
function statusConfig(config: McpServerConfig): ControlBody {
  if (config.type === 'stdio') return { type: 'stdio', command: config.command, args: config.args };
  if (config.type === 'sdk') return { type: 'sdk', name: config.name };
  return { type: config.type, url: config.url };
}

/** One row of `mcp_status` (the SDK's `McpServerStatus`). */
export function mcpStatusRow(view: McpServerView, entry: McpServerEntry | undefined): ControlBody {
  const st = view.status;
  const error = st.state === 'failed' || st.state === 'needsAuth' ? st.error : undefined;
  return {
    name: view.name,
    status: STATUS[st.state],
    ...(view.serverInfo ? { serverInfo: view.serverInfo } : {}),
    ...(error ? { error } : {}),
    ...(entry ? { config: statusConfig(entry.config) } : {}),
    scope: SCOPE[view.scope],
    source: entry?.config.type === 'sdk' ? 'sdk' : SCOPE[view.scope],
    ...(st.state === 'connected'
      ? {
          tools: view.tools.map((t) => ({
            name: t.name,
            ...(t.description ? { description: t.description } : {}),
            annotations: { readOnly: t.annotations?.readOnlyHint ?? false, destructive: t.annotations?.destructiveHint ?? false, openWorld: t.annotations?.openWorldHint ?? false },
          })),
        }
      : {}),
  };
}

export function mcpStatus(manager: McpManager | undefined): ControlBody {
  if (!manager) return { mcpServers: [] };
  const entries = new Map(manager.entries().map((e) => [e.name, e]));
  return { mcpServers: manager.servers().map((s) => mcpStatusRow(s, entries.get(s.name))) };
}

/** `mcp_set_servers`: the new dynamic set; answers `{added, removed, errors}` (the SDK's `McpSetServersResult`). */
export async function setDynamicServers(manager: McpManager, servers: unknown, waitMs = SET_SERVERS_WAIT_MS): Promise<ControlBody> {
  const parsed = parseMcpSource({ scope: 'dynamic', label: 'mcp_set_servers', value: servers ?? {} }, process.env);
  const errors: Record<string, string> = {};
  for (const p of parsed.problems) errors[/"([^"]+)"/.exec(p.message)?.[1] ?? 'servers'] = p.message;
  const before = manager.entries();
  const oldDynamic = new Set(before.filter((e) => e.scope === 'dynamic').map((e) => e.name));
  const next = new Map(parsed.entries.map((e) => [e.name, e]));
  manager.setServers([...before.filter((e) => e.scope !== 'dynamic' && !next.has(e.name)), ...next.values()]);
  const added = [...next.keys()].filter((n) => !oldDynamic.has(n));
  const removed = [...oldDynamic].filter((n) => !next.has(n));
  if (added.length) await manager.whenSettled(waitMs);
  for (const s of manager.servers()) {
    if (added.includes(s.name) && s.status.state !== 'connected') errors[s.name] = describeStatus(s.status);
  }
  return { added, removed, errors };
}

function serverName(request: ControlBody): string {
  const name = request.serverName;
  if (typeof name !== 'string' || !name) throw new Error('serverName is required');
  return name;
}

/** `mcp_reconnect`: connects again now; fails with the reason when it does not connect. */
export async function reconnectServer(manager: McpManager, name: string): Promise<ControlBody> {
  const view = manager.servers().find((s) => s.name === name);
  if (!view) throw new Error(`There is no MCP server "${name}".`);
  if (view.status.state === 'disabled') throw new Error(`The MCP server "${name}" is disabled: enable it first (mcp_toggle).`);
  await manager.restart(name);
  const after = manager.servers().find((s) => s.name === name);
  if (after && after.status.state !== 'connected') throw new Error(`The MCP server "${name}" did not connect: ${describeStatus(after.status)}`);
  return {};
}

function managerOf(hub: McpHub | undefined): McpManager {
  if (hub instanceof McpManager) return hub;
  throw new Error('MCP servers cannot be managed in this run');
}

/** Serves the MCP control requests on `channel`; `hub` is read at each request (the session's `deps.mcp`). */
export function registerMcpControl(channel: ControlChannel, hub: () => McpHub | undefined): void {
  sdkMcpBridge(channel);
  channel.handle('mcp_status', () => {
    const current = hub();
    return mcpStatus(current instanceof McpManager ? current : undefined);
  });
  channel.handle('mcp_set_servers', (request) => {
    if (!isRecord(request.servers)) throw new Error('servers must be an object of servers by name');
    return setDynamicServers(managerOf(hub()), request.servers);
  });
  channel.handle('mcp_reconnect', (request) => reconnectServer(managerOf(hub()), serverName(request)));
  channel.handle('mcp_toggle', async (request) => {
    if (typeof request.enabled !== 'boolean') throw new Error('enabled must be true or false');
    await managerOf(hub()).setEnabled(serverName(request), request.enabled);
    return {};
  });
}
