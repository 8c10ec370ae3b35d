/**
 * `codewright mcp …`: Claude Code's `claude mcp` commands on the same files (host/node/mcp/configFiles.ts), so
 * a server added by one is run by the other: `add`, `add-json`, `list` and `get` (with a status check,
 * cli/mcpStatus.ts), `remove`, `login` / `logout` (OAuth, cli/mcpProjectCommands.ts), and for the approvals of
 * `.mcp.json` servers `approve` and `reset-project-choices`. Plain text out; a problem is one sentence on
 * stderr and exit code 1.
 */
import { homedir } from 'node:os';
import { formatConfigProblem } from '../core/base/configProblems';
import { serverEntryProblem } from '../core/engines/mcp/config';
import { readMcpApprovalSettings } from '../host/node/mcp/approvalSettings';
import { addScopeServer, describeFile, MCP_SCOPES, readScopeServers, removeScopeServer, SCOPE_TEXT, type McpScope } from '../host/node/mcp/configFiles';
import { claudeConfigDir } from '../host/node/plugins/pluginFiles';
import { parseMcpArgs } from './mcpArgs';
import { say, usage, type McpCliOAuth, type McpCommandContext, type McpIo } from './mcpContext';
import { approveCommand, loginCommand, logoutCommand, resetChoicesCommand } from './mcpProjectCommands';
import { checkConnector, checkServer, detailLines, healthText, scopedServers, target } from './mcpStatus';

export type { McpCliOAuth } from './mcpContext';

export const MCP_USAGE = `Usage: codewright mcp <command>
  add <name> <commandOrUrl> [args...]  add a server; options: -t, --transport stdio|http|sse (default stdio),
                                       -s, --scope local|project|user (default local), -e, --env KEY=value,
                                       -H, --header "Name: value", --client-id ID and --callback-port PORT
                                       (a pre-registered OAuth client); the server's own options go after --:
                                       codewright mcp add my-server -e KEY=value -- npx -y my-mcp-server
  add-json <name> <json> [-s scope]    add a server given as JSON, e.g. '{"type":"http","url":"https://…"}'
  list                                 every server, where it is configured, and whether it connects
  get <name>                           one server's details and status
  remove <name> [-s scope]             remove a server
  login <name> / logout <name>         sign in to (or out of) an http or sse server with OAuth
  approve <name>                       let this folder's .mcp.json server start (enabledMcpjsonServers)
  reset-project-choices                forget this folder's approvals and denials of .mcp.json servers`;

export interface McpCommandEnv {
  env: NodeJS.ProcessEnv;
  cwd: string;
  home: string;
}

type Handler = (args: string[], ctx: McpCommandContext, io: McpIo) => Promise<number>;

/** Runs `codewright mcp <args>`; resolves with the exit code. Without `oauth` (main.ts passes cli/mcpOAuth.ts's), login and logout refuse. */
export async function runMcpCommand(args: readonly string[], io: McpIo, where?: McpCommandEnv, oauth?: McpCliOAuth): Promise<number> {
  const env = where ?? { env: process.env, cwd: process.cwd(), home: homedir() };
  const ctx: McpCommandContext = { places: { homeDir: env.home, cwd: env.cwd }, env: env.env, configDir: claudeConfigDir(env.env, env.home), oauth };
  const [command, ...rest] = args;
  const handler = COMMANDS[command ?? ''];
  if (command === '--help' || command === '-h' || command === 'help') {
    say(io, MCP_USAGE);
    return 0;
  }
  if (!handler) {
    io.stderr.write(`${command ? `codewright: unknown mcp command "${command}".\n` : ''}${MCP_USAGE}\n`);
    return 1;
  }
  try {
    return await handler(rest, ctx, io);
  } catch (err) {
    io.stderr.write(`codewright: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

/** The name of a server as the loader takes it. */
function nameProblem(name: string): string | undefined {
  return /^[\w.-]{1,100}$/.test(name) ? undefined : `Invalid name ${name}. Names can only contain letters, numbers, "_", "-" and ".".`;
}

function written(io: McpIo, scope: McpScope, ctx: McpCommandContext): void {
  say(io, `File modified: ${describeFile(scope, ctx.places)}`);
}

async function addCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  const parsed = parseMcpArgs(args, ['transport', 'scope', 'env', 'header', 'clientId', 'callbackPort']);
  if (!parsed.ok) return usage(io, parsed.error);
  const { positionals, rest, env, headers, clientId, callbackPort } = parsed.value;
  // `add name -- npx -y pkg` as well as `add name npx -- -y pkg`: the command may come after `--` too.
  const [name, commandOrUrl, ...extra] = [...positionals, ...rest];
  if (!name || !commandOrUrl) return usage(io, 'give a name and a command or URL: codewright mcp add <name> <commandOrUrl> [args...]');
  const bad = nameProblem(name);
  if (bad) return usage(io, bad);
  const transport = parsed.value.transport ?? 'stdio';
  const scope = parsed.value.scope ?? 'local';
  const hasHeaders = Object.keys(headers).length > 0;
  let server: Record<string, unknown>;
  const oauth = { ...(clientId ? { clientId } : {}), ...(callbackPort ? { callbackPort } : {}) };
  if (transport === 'stdio') {
    if (hasHeaders || Object.keys(oauth).length) return usage(io, `${hasHeaders ? '-H/--header' : '--client-id and --callback-port'} are for http and sse servers; add --transport http`);
    if (/^https?:\/\//.test(commandOrUrl)) io.stderr.write(`codewright: warning: "${commandOrUrl}" looks like a URL but is added as a command (stdio); for a remote server use: codewright mcp add --transport http ${name} ${commandOrUrl}\n`);
    server = { type: 'stdio', command: commandOrUrl, args: extra, env };
  } else {
    if (extra.length) return usage(io, `an ${transport} server takes a URL and no arguments`);
    if (Object.keys(env).length) return usage(io, '-e/--env is for stdio servers; give a remote server headers with -H "Name: value"');
    if (!URL.canParse(commandOrUrl)) return usage(io, `"${commandOrUrl}" is not a URL`);
    server = { type: transport, url: commandOrUrl, ...(hasHeaders ? { headers } : {}), ...(Object.keys(oauth).length ? { oauth } : {}) };
  }
  await addScopeServer(scope, ctx.places, name, server);
  const what = transport === 'stdio' ? `with command: ${[commandOrUrl, ...extra].join(' ')}` : `with URL: ${commandOrUrl}`;
  say(io, `Added ${transport === 'stdio' ? 'stdio' : transport.toUpperCase()} MCP server ${name} ${what} to ${scope} config`);
  if (hasHeaders) say(io, `Headers: ${JSON.stringify(headers, null, 2)}`);
  written(io, scope, ctx);
  return 0;
}

async function addJsonCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  const parsed = parseMcpArgs(args, ['scope']);
  if (!parsed.ok) return usage(io, parsed.error);
  const [name, json, ...extra] = [...parsed.value.positionals, ...parsed.value.rest];
  if (!name || json === undefined || extra.length) return usage(io, 'give a name and the server as one JSON argument: codewright mcp add-json <name> \'{"command": "…"}\'');
  const bad = nameProblem(name);
  if (bad) return usage(io, bad);
  let server: unknown;
  try {
    server = JSON.parse(json);
  } catch (err) {
    return usage(io, `Invalid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const problem = typeof server === 'object' && server !== null && !Array.isArray(server) ? serverEntryProblem(server) : 'the server must be a JSON object';
  if (problem) return usage(io, `Invalid MCP server configuration: ${problem}`);
  const scope = parsed.value.scope ?? 'local';
  await addScopeServer(scope, ctx.places, name, server as Record<string, unknown>);
  const type = String((server as { type?: unknown }).type ?? ('url' in (server as object) ? 'http' : 'stdio'));
  say(io, `Added ${type === 'stdio' ? 'stdio' : type.toUpperCase()} MCP server ${name} to ${scope} config`);
  written(io, scope, ctx);
  return 0;
}

async function removeCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  const parsed = parseMcpArgs(args, ['scope']);
  if (!parsed.ok) return usage(io, parsed.error);
  const [name, ...extra] = parsed.value.positionals;
  if (!name || extra.length) return usage(io, 'give the name of one server: codewright mcp remove <name> [-s local|project|user]');
  let scope = parsed.value.scope;
  if (!scope) {
    const found: McpScope[] = [];
    for (const s of MCP_SCOPES) if (name in (await readScopeServers(s, ctx.places))) found.push(s);
    if (found.length === 0) return usage(io, `No MCP server found with name: "${name}"`);
    if (found.length > 1) {
      return usage(io, `MCP server "${name}" exists in multiple scopes: ${found.join(', ')}. To remove it from one, use:\n${found.map((s) => `  codewright mcp remove "${name}" -s ${s}`).join('\n')}`);
    }
    scope = found[0]!;
  }
  await removeScopeServer(scope, ctx.places, name);
  say(io, `Removed MCP server ${name} from ${scope} config`);
  written(io, scope, ctx);
  return 0;
}

async function listCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  if (args.length) return usage(io, '`codewright mcp list` takes no arguments');
  const { servers, problems } = await scopedServers(ctx.places, ctx.env);
  for (const p of problems) io.stderr.write(`codewright: MCP server config skipped: ${formatConfigProblem(p)}\n`);
  if (servers.length === 0) {
    say(io, 'No MCP servers configured. Use `codewright mcp add` to add a server.');
    return 0;
  }
  say(io, 'Checking MCP server health...\n');
  const approvals = await readMcpApprovalSettings({ configDir: ctx.configDir, workspaceRoot: ctx.places.cwd, trusted: true });
  const connector = checkConnector(ctx);
  const health = await Promise.all(servers.map((s) => checkServer(s, connector, approvals)));
  servers.forEach((s, i) => say(io, `${s.entry.name}: ${target(s.entry)} [${s.scope}] - ${healthText(health[i]!, s.entry.name)}`));
  return 0;
}

async function getCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  const [name, ...extra] = args;
  if (!name || extra.length) return usage(io, 'give the name of one server: codewright mcp get <name>');
  const server = (await scopedServers(ctx.places, ctx.env)).servers.find((s) => s.entry.name === name);
  if (!server) return usage(io, `No MCP server found with name: ${name}`);
  const approvals = await readMcpApprovalSettings({ configDir: ctx.configDir, workspaceRoot: ctx.places.cwd, trusted: true });
  const health = await checkServer(server, checkConnector(ctx), approvals);
  const raw = (await readScopeServers(server.scope, ctx.places))[name];
  for (const line of detailLines(server, health, SCOPE_TEXT[server.scope], raw)) say(io, line);
  return 0;
}

const COMMANDS: Record<string, Handler> = {
  add: addCommand,
  'add-json': addJsonCommand,
  list: listCommand,
  get: getCommand,
  remove: removeCommand,
  login: loginCommand,
  logout: logoutCommand,
  approve: approveCommand,
  'reset-project-choices': resetChoicesCommand,
};
