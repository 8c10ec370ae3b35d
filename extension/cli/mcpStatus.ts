/**
 * `codewright mcp list` and `get`: the servers of the three scopes (cli/mcpCommands.ts) with a status check
 * as Claude Code's: connect, list the tools, close, within a timeout (`MCP_TIMEOUT` ms, else 30 s). A project
 * server (`.mcp.json`) the settings do not approve is never started by a check: it is shown as waiting for
 * approval, or disabled.
 */
import { isMcpAuthRequired } from '../core/engines/mcp/authError';
import { mcpjsonDecision, type McpjsonApprovalSettings } from '../core/engines/mcp/projectApproval';
import type { McpConnector, McpServerEntry } from '../core/contracts/mcp';
import type { ConfigProblem } from '../core/base/configProblems';
import { loadScopeServers, type McpConfigPlaces, type McpScope } from '../host/node/mcp/configFiles';
import { LazyMcpConnector } from '../host/node/mcp/lazyConnector';
import type { McpCommandContext } from './mcpContext';

/** A server of one scope, as the loader made it. */
export interface ScopedServer {
  scope: McpScope;
  entry: McpServerEntry;
}

/** Every server of the three scopes, one per name as the CLI would run them (local over project over user). */
export async function scopedServers(places: McpConfigPlaces, env: NodeJS.ProcessEnv): Promise<{ servers: ScopedServer[]; problems: ConfigProblem[] }> {
  const byName = new Map<string, ScopedServer>();
  const problems: ConfigProblem[] = [];
  for (const scope of ['user', 'project', 'local'] as const) {
    const loaded = await loadScopeServers(scope, places, env).catch((err: unknown): Awaited<ReturnType<typeof loadScopeServers>> => ({
      entries: [],
      problems: [{ kind: 'settings', path: scope, line: 0, message: err instanceof Error ? err.message : String(err) }],
    }));
    problems.push(...loaded.problems);
    for (const entry of loaded.entries) {
      byName.delete(entry.name);
      byName.set(entry.name, { scope, entry });
    }
  }
  return { servers: [...byName.values()], problems };
}

export type Health =
  | { state: 'connected'; tools: number }
  | { state: 'failed'; error: string }
  | { state: 'needsAuth' }
  | { state: 'needsApproval' }
  | { state: 'disabled' };

/** The status line's words, as Claude Code's `mcp list` says them. */
export function healthText(health: Health, name: string): string {
  switch (health.state) {
    case 'connected':
      return '✓ Connected';
    case 'needsAuth':
      return `⚠ Needs authentication (run \`codewright mcp login ${name}\`)`;
    case 'needsApproval':
      return `⏸ Needs approval (run \`codewright mcp approve ${name}\`)`;
    case 'disabled':
      return '✗ Disabled (disabledMcpjsonServers)';
    default:
      return `✗ Failed to connect: ${health.error.split('\n')[0]}`;
  }
}

/** Connects to the server, lists its tools and closes; a project server only when the settings approve it. */
export async function checkServer(server: ScopedServer, connector: McpConnector, approvals: McpjsonApprovalSettings): Promise<Health> {
  if (server.scope === 'project') {
    const decision = mcpjsonDecision(server.entry.name, approvals);
    if (decision === 'rejected') return { state: 'disabled' };
    if (decision === 'pending') return { state: 'needsApproval' };
  }
  try {
    const connection = await connector.connect(server.entry);
    try {
      return { state: 'connected', tools: (await connection.listTools()).length };
    } finally {
      await connection.close().catch(() => {});
    }
  } catch (err) {
    if (isMcpAuthRequired(err)) return { state: 'needsAuth' };
    return { state: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
}

/** What the server runs or reaches, in one line: its command line, or its URL with the transport. */
export function target(entry: McpServerEntry): string {
  const c = entry.config;
  if (c.type === 'stdio') return [c.command, ...c.args].join(' ');
  if (c.type === 'sdk') return `(in-process: ${c.name})`;
  return `${c.url} (${c.type.toUpperCase()})`;
}

/** The connect timeout of a check: `MCP_TIMEOUT` (ms) as in Claude Code, else 30 s. */
export function checkTimeoutMs(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.MCP_TIMEOUT);
  return Number.isFinite(ms) && ms > 0 ? ms : 30_000;
}

/** A connector for the checks: stored OAuth tokens are used (never a browser), within the check's timeout. */
export function checkConnector(ctx: McpCommandContext): McpConnector {
  const ms = checkTimeoutMs(ctx.env);
  return new LazyMcpConnector({ cwd: ctx.places.cwd, connectTimeoutMs: ms, requestTimeoutMs: ms, ...(ctx.oauth ? { oauth: { ...ctx.oauth.options, interactive: false } } : {}) });
}

/** `get`'s details of one server (Claude Code's layout), ending with how to remove it. */
export function detailLines(server: ScopedServer, health: Health, scopeText: string, raw: unknown): string[] {
  const c = server.entry.config;
  const lines = [`${server.entry.name}:`, `  Scope: ${scopeText}`, `  Status: ${healthText(health, server.entry.name)}`, `  Type: ${c.type}`];
  // What the file says (before ${VAR} expansion): a secret in the environment is not printed.
  const written = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  if (c.type === 'stdio') {
    lines.push(`  Command: ${String(written.command ?? c.command)}`);
    const args = Array.isArray(written.args) ? written.args.map(String) : c.args;
    lines.push(`  Args: ${args.join(' ')}`);
    const env = written.env && typeof written.env === 'object' ? Object.entries(written.env as Record<string, unknown>) : [];
    if (env.length) lines.push('  Environment:', ...env.map(([k, v]) => `    ${k}=${String(v)}`));
  } else if (c.type !== 'sdk') {
    lines.push(`  URL: ${String(written.url ?? c.url)}`);
    const headers = written.headers && typeof written.headers === 'object' ? Object.entries(written.headers as Record<string, unknown>) : [];
    if (headers.length) lines.push('  Headers:', ...headers.map(([k, v]) => `    ${k}: ${String(v)}`));
  }
  lines.push('', `To remove this server, run: codewright mcp remove "${server.entry.name}" -s ${server.scope}`);
  return lines;
}
