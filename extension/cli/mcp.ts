/**
 * The CLI's MCP servers (docs/ARCHITECTURE.md, The headless CLI): `~/.claude.json`, `.mcp.json` and
 * `--mcp-config` (only the last with `--strict-mcp-config`), and the servers of `--plugin-dir` plugins. Nobody can approve a project server here, so
 * `.mcp.json` servers are not started (a note on stderr says how to run them: pass the file with
 * `--mcp-config`). The run waits for the servers to connect (or fail) before the first turn.
 *
 * Under the Agent SDK (a control `channel`) there is always a manager, even with nothing configured: the
 * app's in-process servers and `mcp_set_servers` add servers later (cli/sdk/sdkMcp.ts, mcpControl.ts), and
 * the session must hold the manager from its start. Servers' elicitations go to the app; without the SDK
 * they are declined.
 */
import { readFile } from 'node:fs/promises';
import { formatConfigProblem } from '../core/base/configProblems';
import { loadMcpConfig } from '../core/engines/mcp/config';
import { describeStatus, McpManager } from '../core/engines/mcp/manager';
import { LazyMcpConnector } from '../host/node/mcp/lazyConnector';
import type { CliOptions } from './args';
import type { ControlChannel } from './sdk/channel';
import { declineElicitations, sdkElicitations } from './sdk/elicitation';
import { sdkMcpBridge } from './sdk/sdkMcp';
import type { McpServerEntry } from '../core/contracts/mcp';

/** How long the first turn waits for the servers. */
const CONNECT_WAIT_MS = 30_000;

export async function startCliMcp(
  opts: Pick<CliOptions, 'mcpConfigs' | 'strict-mcp-config'>,
  where: { cwd: string; homeDir: string; plugins?: readonly McpServerEntry[] },
  warn: (line: string) => void,
  channel?: ControlChannel,
): Promise<McpManager | undefined> {
  const config = await loadMcpConfig({
    homeDir: where.homeDir,
    workspaceRoot: where.cwd,
    readFile: (file) => readFile(file, 'utf8').catch(() => undefined),
    env: process.env,
    cli: opts.mcpConfigs,
    strict: opts['strict-mcp-config'],
  });
  for (const p of config.problems) warn(`MCP server config skipped: ${formatConfigProblem(p)}`);
  // Plugin servers (`plugin:<plugin>:<server>`, cli/plugins.ts) start without approval: --plugin-dir chose them.
  const entries = [...config.entries, ...(where.plugins ?? [])];
  if (entries.length === 0 && !channel) return undefined;
  const manager = cliMcpManager(where.cwd, warn, channel);
  manager.setServers(entries);
  await manager.whenSettled(CONNECT_WAIT_MS);
  for (const s of manager.servers()) {
    if (s.status.state === 'failed' || s.status.state === 'connecting') warn(`MCP server "${s.name}": ${describeStatus(s.status)}${s.status.state === 'failed' && s.status.stderr ? `\n${s.status.stderr.trimEnd()}` : ''}`);
  }
  return manager;
}

/** An empty manager of the CLI; the MCP SDK (and its schemas) loads only when a server connects (docs/ARCHITECTURE.md, Host memory). */
export function cliMcpManager(cwd: string, warn: (line: string) => void, channel?: ControlChannel): McpManager {
  return new McpManager({
    connector: new LazyMcpConnector({ cwd, elicitation: channel ? sdkElicitations(channel) : declineElicitations, ...(channel ? { sdk: sdkMcpBridge(channel) } : {}) }),
    approval: {
      approve: async (entry) => {
        warn(`MCP server "${entry.name}" from ${entry.path ?? '.mcp.json'} not started: project servers need approval; pass the file with --mcp-config to use it here.`);
        return false;
      },
    },
  });
}
