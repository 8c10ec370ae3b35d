/**
 * The `codewright mcp` commands about one server's standing rather than its configuration: `login` / `logout`
 * (the OAuth sign-in of an http or sse server, through the CLI's OAuth: cli/mcpContext.ts `McpCliOAuth`), and
 * `approve` / `reset-project-choices` (the approvals of `.mcp.json` servers in `.claude/settings.local.json`,
 * host/node/mcp/approvalSettings.ts).
 */
import { listsMcpjsonName, mergeApprovalSettings, mcpjsonDecision } from '../core/engines/mcp/projectApproval';
import { readApprovalFiles, recordMcpjsonAnswer, resetMcpjsonChoices } from '../host/node/mcp/approvalSettings';
import { readScopeServers } from '../host/node/mcp/configFiles';
import { LazyMcpConnector } from '../host/node/mcp/lazyConnector';
import { oauthStoreKey } from '../host/node/mcp/oauth';
import { say, usage, type McpCommandContext, type McpIo } from './mcpContext';
import { scopedServers } from './mcpStatus';
import type { McpServerEntry } from '../core/contracts/mcp';

/** The one remote server `args` names, or the exit code of why not. */
async function remoteServer(args: string[], ctx: McpCommandContext, io: McpIo, verb: string): Promise<{ entry: McpServerEntry; url: string } | number> {
  const [name, ...extra] = args;
  if (!name || extra.length) return usage(io, `give the name of one server: codewright mcp ${verb} <name>`);
  const server = (await scopedServers(ctx.places, ctx.env)).servers.find((s) => s.entry.name === name);
  if (!server) return usage(io, `No MCP server found with name: ${name}`);
  const c = server.entry.config;
  if (c.type !== 'http' && c.type !== 'sse') return usage(io, `The MCP server "${name}" runs locally (${c.type}): there is nothing to sign in to.`);
  return { entry: server.entry, url: c.url };
}

export async function loginCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  const server = await remoteServer(args, ctx, io, 'login');
  if (typeof server === 'number') return server;
  if (!ctx.oauth) return usage(io, `Signing in to "${server.entry.name}" is not available in this build: give the server an "Authorization": "Bearer <token>" header instead.`);
  const options = ctx.oauth.options;
  let opened = false;
  const openBrowser: typeof options.openBrowser = (url, name) => {
    opened = true;
    return options.openBrowser(url, name);
  };
  const connection = await new LazyMcpConnector({ cwd: ctx.places.cwd, oauth: { ...options, openBrowser } }).authenticate(server.entry);
  await connection.close().catch(() => {});
  say(io, opened ? `Signed in to the MCP server "${server.entry.name}" (${server.url}).` : `The MCP server "${server.entry.name}" is signed in already: its stored tokens work.`);
  return 0;
}

export async function logoutCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  const server = await remoteServer(args, ctx, io, 'logout');
  if (typeof server === 'number') return server;
  if (!ctx.oauth) return usage(io, `Signing out of "${server.entry.name}" is not available in this build: there are no stored sign-ins.`);
  const key = oauthStoreKey(server.entry.name, server.url);
  const store = ctx.oauth.options.store;
  if ((await store.get(key)) === undefined) {
    say(io, `The MCP server "${server.entry.name}" has no stored sign-in.`);
    return 0;
  }
  await store.delete(key);
  say(io, `Signed out of the MCP server "${server.entry.name}": its tokens and client registration are removed.`);
  return 0;
}

export async function approveCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  const [name, ...extra] = args;
  if (!name || extra.length) return usage(io, 'give the name of one server of .mcp.json: codewright mcp approve <name>');
  if (!(name in (await readScopeServers('project', ctx.places)))) return usage(io, `No MCP server named "${name}" in ${ctx.places.cwd}/.mcp.json.`);
  const file = await recordMcpjsonAnswer(ctx.places.cwd, name, true);
  say(io, `Approved the project MCP server "${name}": enabledMcpjsonServers in ${file}.`);
  const files = await readApprovalFiles({ configDir: ctx.configDir, workspaceRoot: ctx.places.cwd, trusted: true });
  if (mcpjsonDecision(name, mergeApprovalSettings(files.map((f) => f.settings))) === 'rejected') {
    const where = files.filter((f) => listsMcpjsonName(f.settings.disabledMcpjsonServers, name)).map((f) => f.file);
    io.stderr.write(`codewright: warning: disabledMcpjsonServers in ${where.join(', ')} still lists "${name}", and a denial wins: it stays off until you remove it there.\n`);
  }
  return 0;
}

export async function resetChoicesCommand(args: string[], ctx: McpCommandContext, io: McpIo): Promise<number> {
  if (args.length) return usage(io, '`codewright mcp reset-project-choices` takes no arguments');
  const file = await resetMcpjsonChoices(ctx.places.cwd);
  say(io, `All project-scoped (.mcp.json) server approvals and rejections have been reset in ${file}.`);
  say(io, 'Servers of .mcp.json need approval again (VS Code asks; the CLI says how).');
  return 0;
}
