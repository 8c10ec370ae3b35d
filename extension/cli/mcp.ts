/**
 * The CLI's MCP servers (docs/ARCHITECTURE.md, The headless CLI): `~/.claude.json`, `.mcp.json` and
 * `--mcp-config` (only the last with `--strict-mcp-config`). Nobody can approve a project server here, so
 * `.mcp.json` servers are not started (a note on stderr says how to run them: pass the file with
 * `--mcp-config`). The run waits for the servers to connect (or fail) before the first turn.
 */
import { readFile } from 'node:fs/promises';
import { formatConfigProblem } from '../core/configProblems';
import { loadMcpConfig } from '../core/mcp/config';
import { describeStatus, McpManager } from '../core/mcp/manager';
import type { CliOptions } from './args';

/** How long the first turn waits for the servers. */
const CONNECT_WAIT_MS = 30_000;

export async function startCliMcp(opts: Pick<CliOptions, 'mcpConfigs' | 'strict-mcp-config'>, where: { cwd: string; homeDir: string }, warn: (line: string) => void): Promise<McpManager | undefined> {
  const config = await loadMcpConfig({
    homeDir: where.homeDir,
    workspaceRoot: where.cwd,
    readFile: (file) => readFile(file, 'utf8').catch(() => undefined),
    env: process.env,
    cli: opts.mcpConfigs,
    strict: opts['strict-mcp-config'],
  });
  for (const p of config.problems) warn(`MCP server config skipped: ${formatConfigProblem(p)}`);
  if (config.entries.length === 0) return undefined;
  // The MCP SDK (and its schemas) loads only when there is a server to run (docs/ARCHITECTURE.md, Host memory).
  const { NodeMcpConnector } = await import('../host/node/mcp/connector');
  const manager = new McpManager({
    connector: new NodeMcpConnector({ cwd: where.cwd }),
    approval: {
      approve: async (entry) => {
        warn(`MCP server "${entry.name}" from ${entry.path ?? '.mcp.json'} not started: project servers need approval; pass the file with --mcp-config to use it here.`);
        return false;
      },
    },
  });
  manager.setServers(config.entries);
  await manager.whenSettled(CONNECT_WAIT_MS);
  for (const s of manager.servers()) {
    if (s.status.state === 'failed' || s.status.state === 'connecting') warn(`MCP server "${s.name}": ${describeStatus(s.status)}${s.status.state === 'failed' && s.status.stderr ? `\n${s.status.stderr.trimEnd()}` : ''}`);
  }
  return manager;
}
