/**
 * OAuth of remote MCP servers in the CLI (docs/ARCHITECTURE.md, MCP authentication): the same flow as VS Code
 * (host/node/mcp/oauth*.ts) with the CLI's parts. Tokens and client registrations are kept in
 * `<CODEWRIGHT_HOME>/mcp-oauth.json` (user-only, written atomically: host/node/mcp/oauthFileStore.ts), so a
 * later run reuses and refreshes them. A sign-in prints the authorization URL on stderr, always, and opens it
 * with `$BROWSER` or the system's opener (cli/browser.ts); the redirect comes back to a listener on 127.0.0.1.
 *
 * A run signs in on its own when a server asks and a browser can be opened (or a person is at the terminal
 * to open the printed URL); otherwise the server is reported as needing a sign-in, with the command that
 * does it: `codewright mcp login <name>` (cliSignIn). `CODEWRIGHT_MCP_CLIENT_METADATA_URL` names an https
 * client ID metadata document for servers that take one instead of registering a client.
 */
import path from 'node:path';
import type { McpServerEntry } from '../core/contracts/mcp';
import { LazyMcpConnector } from '../host/node/mcp/lazyConnector';
import { oauthStoreKey } from '../host/node/mcp/oauth';
import { FileSecretStore } from '../host/node/mcp/oauthFileStore';
import type { McpOAuthOptions } from '../host/node/mcp/oauthFlow';
import { codewrightHome } from '../host/node/transcriptStore';
import { browserCommand, currentHost, openWith, type OpenerHost } from './browser';

export interface CliOAuthWhere {
  env: NodeJS.ProcessEnv;
  homeDir: string;
  /** One line for the user (stderr). */
  say(line: string): void;
  /** Where browsers are found; this process's by default. */
  host?: OpenerHost;
}

/** The file the CLI keeps MCP sign-ins in. */
export function cliOAuthFile(env: NodeJS.ProcessEnv, homeDir: string): string {
  return path.join(codewrightHome(env, homeDir), 'mcp-oauth.json');
}

/** The command that signs in to `server`, as the user types it. */
export function signInCommand(server: string): string {
  return `codewright mcp login ${/^[\w.-]+$/.test(server) ? server : `'${server.replaceAll("'", "'\\''")}'`}`;
}

/** Whether this process can show the user an authorization page: a browser to open, or a person at the terminal. */
export function canSignIn(where: { env: NodeJS.ProcessEnv; host?: OpenerHost }, terminal: boolean): boolean {
  return terminal || browserCommand('https://example.invalid/', where.host ?? currentHost(where.env)) !== undefined;
}

/**
 * The CLI's OAuth options. `interactive`: a connect that meets a server wanting a sign-in runs it (the run
 * itself); without it only `authenticate` does (`codewright mcp login`, and the status checks stay silent).
 */
export function cliOAuthOptions(where: CliOAuthWhere, mode: { interactive: boolean; onSignIn?: McpOAuthOptions['onSignIn'] }): McpOAuthOptions {
  const host = where.host ?? currentHost(where.env);
  const metadataUrl = where.env.CODEWRIGHT_MCP_CLIENT_METADATA_URL?.trim();
  return {
    store: new FileSecretStore(cliOAuthFile(where.env, where.homeDir)),
    openBrowser: async (url, server) => {
      where.say(`Sign in to the MCP server "${server}" in your browser: ${url}`);
      const command = browserCommand(url, host);
      if (!command) return where.say('No browser can be opened here: open the URL above in a browser on this machine.');
      await openWith(command).catch((err: unknown) => where.say(`Could not start the browser (${command.via === 'BROWSER' ? '$BROWSER' : command.command}: ${err instanceof Error ? err.message : String(err)}): open the URL above yourself.`));
    },
    clientName: 'Codewright CLI',
    retryHint: (server) => `Run \`${signInCommand(server)}\` to try again.`,
    ...(metadataUrl ? { clientMetadataUrl: metadataUrl } : {}),
    ...(mode.interactive ? { interactive: true } : {}),
    ...(mode.onSignIn ? { onSignIn: mode.onSignIn } : {}),
  };
}

/** For the `codewright mcp` commands (cli/mcpContext.ts `McpCliOAuth`): silent connects, `login` opens the browser. */
export function cliMcpOAuth(where: CliOAuthWhere): { options: McpOAuthOptions } {
  return { options: cliOAuthOptions(where, { interactive: false }) };
}

export interface CliSignInOptions {
  env?: NodeJS.ProcessEnv;
  homeDir: string;
  /** Where a stdio server would run (not used for remote ones; the connector wants one). */
  cwd: string;
  /** Lines for the user: the URL to open, what went wrong with the browser. */
  say(line: string): void;
  signal?: AbortSignal;
  /** How long to wait for the browser to come back (5 minutes by default). */
  timeoutMs?: number;
  host?: OpenerHost;
}

export interface CliSignInResult {
  /** False: the stored tokens still worked (or were refreshed), no browser was needed. */
  browserOpened: boolean;
  /** The server's tools, listed with the new sign-in. */
  tools: number;
}

/**
 * `codewright mcp login <name>`: signs in to the remote server `entry` (its tokens stored for later runs),
 * connects with them and lists its tools. Rejects with a message for the user when the server runs locally,
 * the sign-in fails, is refused, or times out.
 */
export async function cliSignIn(name: string, entry: McpServerEntry, opts: CliSignInOptions): Promise<CliSignInResult> {
  if (entry.config.type !== 'http' && entry.config.type !== 'sse') throw new Error(`The MCP server "${name}" runs locally (${entry.config.type}): there is nothing to sign in to.`);
  let browserOpened = false;
  const env = opts.env ?? process.env;
  const options = cliOAuthOptions({ env, homeDir: opts.homeDir, say: opts.say, ...(opts.host ? { host: opts.host } : {}) }, { interactive: true });
  const connector = new LazyMcpConnector({
    cwd: opts.cwd,
    oauth: {
      ...options,
      ...(opts.timeoutMs ? { callbackTimeoutMs: opts.timeoutMs } : {}),
      openBrowser: (url, server) => {
        browserOpened = true;
        return options.openBrowser(url, server);
      },
    },
  });
  const connection = await connector.authenticate({ ...entry, name }, opts.signal);
  try {
    return { browserOpened, tools: (await connection.listTools()).length };
  } finally {
    await connection.close().catch(() => {});
  }
}

/** `codewright mcp logout <name>`: forgets the server's tokens and client registration; false when there were none. */
export async function cliSignOut(name: string, entry: McpServerEntry, opts: { env?: NodeJS.ProcessEnv; homeDir: string }): Promise<boolean> {
  if (entry.config.type !== 'http' && entry.config.type !== 'sse') return false;
  const store = new FileSecretStore(cliOAuthFile(opts.env ?? process.env, opts.homeDir));
  const key = oauthStoreKey(name, entry.config.url);
  if ((await store.get(key)) === undefined) return false;
  await store.delete(key);
  return true;
}
