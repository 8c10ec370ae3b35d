/**
 * The CLI's MCP servers (docs/ARCHITECTURE.md, The headless CLI): `~/.claude.json`, `.mcp.json` and
 * `--mcp-config` (only the last with `--strict-mcp-config`), and the servers of `--plugin-dir` plugins. Nobody can approve a project server here, so
 * `.mcp.json` servers are not started (a note on stderr says how to run them: pass the file with
 * `--mcp-config`). The run waits for the servers to connect (or fail) before the first turn.
 *
 * Under the Agent SDK (a control `channel`) there is always a manager, even with nothing configured: the
 * app's in-process servers and `mcp_set_servers` add servers later (cli/sdk/sdkMcp.ts, mcpControl.ts), and
 * the session must hold the manager from its start. Servers' elicitations go to the app; without the SDK
 * they are declined. Remote servers sign in with OAuth (cli/mcpOAuth.ts): tokens from earlier runs are reused
 * and refreshed; a server that wants a sign-in gets one in the browser when one can be opened (the first turn
 * waits for it), else it is reported with the `codewright mcp login` command that does it. Servers see the
 * cwd and the `--add-dir` folders as their roots, and their log messages reach stderr under `--verbose` or
 * `--debug` (cli/mcpClient.ts).
 */
import { readFile } from 'node:fs/promises';
import { formatConfigProblem } from '../core/base/configProblems';
import { loadMcpConfig } from '../core/engines/mcp/config';
import { describeStatus, McpManager } from '../core/engines/mcp/manager';
import { LazyMcpConnector } from '../host/node/mcp/lazyConnector';
import type { McpOAuthOptions } from '../host/node/mcp/oauthFlow';
import type { CliOptions } from './args';
import type { ControlChannel } from './sdk/channel';
import { declineElicitations, sdkElicitations } from './sdk/elicitation';
import { canSignIn, cliOAuthOptions, signInCommand } from './mcpOAuth';
import { sdkMcpBridge } from './sdk/sdkMcp';
import type { McpServerEntry } from '../core/contracts/mcp';
import { cliMcpApproval } from './mcpApproval';
import { cliMcpRoots, cliMcpServerLog, type CliMcpClientFlags } from './mcpClient';
import type { McpRootsPort, McpServerLogPort } from '../core/contracts/mcpClient';

/** How long the first turn waits for the servers. */
const CONNECT_WAIT_MS = 30_000;

export async function startCliMcp(
  opts: Pick<CliOptions, 'mcpConfigs' | 'strict-mcp-config'> & CliMcpClientFlags & { interactive?: boolean },
  where: { cwd: string; homeDir: string; plugins?: readonly McpServerEntry[]; stderr?: NodeJS.WritableStream },
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
  const signIns = new Set<Promise<void>>();
  const oauth = cliOAuthOptions(
    { env: process.env, homeDir: where.homeDir, say: warn },
    {
      // Signs in on its own only where the user can see the page; else the server waits for `codewright mcp login`.
      interactive: canSignIn({ env: process.env }, opts.interactive === true),
      onSignIn: (server, done) => {
        const settled = done.catch((err: unknown) => warn(`MCP server "${server}": the sign-in failed: ${err instanceof Error ? err.message : String(err)}`));
        signIns.add(settled);
        void settled.finally(() => signIns.delete(settled));
      },
    },
  );
  const client = { roots: cliMcpRoots(where.cwd, opts['add-dir']), serverLog: cliMcpServerLog(opts, (line) => void (where.stderr ?? process.stderr).write(line)) };
  const manager = cliMcpManager(where.cwd, warn, channel, oauth, client);
  manager.setServers(entries);
  await manager.whenSettled(CONNECT_WAIT_MS);
  // A sign-in in the browser takes as long as the user needs (up to its own timeout); the first turn waits for it.
  while (signIns.size) {
    await Promise.all(signIns);
    await manager.whenSettled(CONNECT_WAIT_MS);
  }
  for (const s of manager.servers()) {
    if (s.status.state === 'failed' || s.status.state === 'connecting') warn(`MCP server "${s.name}": ${describeStatus(s.status)}${s.status.state === 'failed' && s.status.stderr ? `\n${s.status.stderr.trimEnd()}` : ''}`);
    if (s.status.state === 'needsAuth') warn(`MCP server "${s.name}" needs you to sign in (OAuth): run \`${signInCommand(s.name)}\`, then start this run again.`);
  }
  return manager;
}

/**
 * An empty manager of the CLI; the MCP SDK (and its schemas) loads only when a server connects (docs/ARCHITECTURE.md,
 * Host memory). `client`: the roots (the cwd when absent) and where servers' log messages go (dropped when absent).
 */
export function cliMcpManager(cwd: string, warn: (line: string) => void, channel?: ControlChannel, oauth?: McpOAuthOptions, client?: { roots?: McpRootsPort; serverLog?: McpServerLogPort }): McpManager {
  const features = { roots: client?.roots ?? cliMcpRoots(cwd), ...(client?.serverLog ? { serverLog: client.serverLog } : {}) };
  return new McpManager({
    connector: new LazyMcpConnector({ cwd, elicitation: channel ? sdkElicitations(channel) : declineElicitations, ...(channel ? { sdk: sdkMcpBridge(channel) } : {}), ...(oauth ? { oauth } : {}), ...features }),
    approval: cliMcpApproval({ cwd }, warn),
  });
}
