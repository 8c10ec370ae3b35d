/**
 * Core's `McpConnector` on `@modelcontextprotocol/sdk` (docs/ARCHITECTURE.md, MCP): stdio servers as child
 * processes (their stderr kept, the last ~4 KB, for the failed status), remote servers over streamable HTTP
 * with their headers, falling back to the old SSE transport when streamable HTTP fails to connect (type
 * "http"; type "sse" goes to SSE directly). Connecting times out; so does every request. With `oauth`, remote
 * servers get the SDK's OAuth client (oauth.ts, oauthFlow.ts): stored tokens are sent and refreshed silently,
 * and a server that wants a sign-in is `McpAuthRequiredError` until `authenticate` ran (or, with `interactive`,
 * the browser sign-in runs on the connect itself, the connect timeout standing still meanwhile); without it, a
 * 401 is that error with a hint to configure a bearer header. With `sdk`, servers of type `sdk` run in the Agent
 * SDK application and are reached over its control channel (sdkTransport.ts); with `elicitation`, servers may
 * ask the user for input (elicitation.ts); with `roots` and `serverLog`, servers see the workspace folders and their log
 * messages reach the host (clientFeatures.ts).
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isMcpAuthRequired, McpAuthRequiredError } from '../../../core/engines/mcp/authError';
import type { McpConnection, McpConnector, McpElicitationPort, McpServerConfig, McpServerEntry } from '../../../core/contracts/mcp';
import { ElicitationNotes, elicitationCapability, handleElicitation } from './elicitation';
import { clientFeatureCapabilities, handleClientFeatures, startClientFeatures, type ClientFeatureOptions } from './clientFeatures';
import type { McpOAuthProvider } from './oauth';
import type { BrowserSignIn } from './oauthBrowser';
import { type McpOAuthOptions, oauthProvider } from './oauthFlow';
import { type AuthTransport, SignInRetryTransport } from './oauthRetry';
import { SdkConnection } from './sdkConnection';
import { type SdkMcpPipe, SdkMcpTransport } from './sdkTransport';

type RemoteConfig = Extract<McpServerConfig, { type: 'http' | 'sse' }>;

export interface NodeMcpConnectorOptions {
  /** Where stdio servers run unless their config says `cwd` (the workspace). */
  cwd?: string;
  /** The environment stdio servers inherit (their `env` goes over it); `process.env` by default. */
  env?: NodeJS.ProcessEnv;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  toolTimeoutMs?: number;
  clientVersion?: string;
  /** OAuth for remote servers: stored tokens, and the browser sign-in (`authenticate`; every connect when `interactive`). */
  oauth?: McpOAuthOptions;
  /** The Agent SDK's control channel (cli/sdk/sdkMcp.ts), which reaches servers of type `sdk`; absent elsewhere. */
  sdk?: SdkMcpPipe;
  /** Who answers servers' elicitations; without it the client does not declare the capability. */
  elicitation?: McpElicitationPort;
  /** The folders servers may work in (`roots`) and where their log messages go (clientFeatures.ts). */
  roots?: ClientFeatureOptions['roots'];
  serverLog?: ClientFeatureOptions['serverLog'];
}

/** How much of a server's stderr is kept. */
const STDERR_TAIL = 4096;

/** A connect that failed; `stderr` is what the server printed (the manager shows it). */
export class McpConnectError extends Error {
  constructor(
    message: string,
    readonly stderr?: string,
  ) {
    super(message);
    this.name = 'McpConnectError';
  }
}

export class NodeMcpConnector implements McpConnector {
  constructor(private readonly options: NodeMcpConnectorOptions = {}) {}

  async connect(entry: McpServerEntry, signal?: AbortSignal): Promise<McpConnection> {
    const config = entry.config;
    if (config.type === 'stdio') return this.stdio(config, entry.name, signal);
    if (config.type === 'sdk') return this.sdkServer(config, entry.name, signal);
    return this.remote(config, entry.name, this.options.oauth?.interactive === true, signal);
  }

  /** The OAuth sign-in of a remote server (the browser opens unless the stored tokens work), then the connection. */
  async authenticate(entry: McpServerEntry, signal?: AbortSignal): Promise<McpConnection> {
    const config = entry.config;
    if (config.type === 'stdio' || config.type === 'sdk') throw new Error(`The MCP server "${entry.name}" runs locally (${config.type}): there is nothing to sign in to.`);
    if (!this.options.oauth) throw new Error(`Signing in to "${entry.name}" needs a browser: not available here. ${BEARER_HINT}`);
    return this.remote(config, entry.name, true, signal);
  }

  /** Streamable HTTP, falling back to SSE (type "http"); with `browser`, a server that wants a sign-in gets one. */
  private async remote(config: RemoteConfig, name: string, browser: boolean, signal?: AbortSignal): Promise<McpConnection> {
    const url = parseUrl(config.url);
    const oauth = this.options.oauth;
    const provider = oauth ? await oauthProvider(oauth, { name, url: config.url, ...(config.oauth ? { oauth: config.oauth } : {}) }, browser) : undefined;
    const signIns = provider?.browser?.started ?? 0;
    const open = (transport: AuthTransport) => this.open(withSignIn(transport, provider), name, signal, undefined, provider?.browser);
    const sse = async () => {
      const completed = provider?.browser?.completed ?? 0;
      try {
        return await open(new SSEClientTransport(url, transportOptions(config, provider)));
      } catch (err) {
        // The SSE stream's own 401 signs in on `start`, which cannot run twice: a fresh transport carries the new tokens.
        if (!(err instanceof UnauthorizedError) || (provider?.browser?.completed ?? 0) === completed) throw err;
        return open(new SSEClientTransport(url, transportOptions(config, provider)));
      }
    };
    if (config.type === 'sse') return sse().catch((err: unknown) => Promise.reject(authError(err, config.url, !!provider) ?? err));
    try {
      return await open(new StreamableHTTPClientTransport(url, transportOptions(config, provider)));
    } catch (streamable) {
      if (signal?.aborted) throw streamable;
      const auth = authError(streamable, config.url, !!provider);
      if (auth) throw auth;
      // A sign-in ran and failed (denied, timed out): the user was asked once; SSE would only ask again.
      if ((provider?.browser?.started ?? 0) > signIns) throw new McpAuthRequiredError(`Signing in to the MCP server at ${config.url} failed: ${message(streamable)}`, config.url);
      try {
        return await sse();
      } catch (err) {
        throw authError(err, config.url, !!provider) ?? new McpConnectError(`Could not connect to ${config.url}: streamable HTTP: ${message(streamable)}; SSE: ${message(err)}`);
      }
    }
  }

  /** An in-process server of the Agent SDK application, over its control channel. */
  private async sdkServer(config: Extract<McpServerConfig, { type: 'sdk' }>, name: string, signal?: AbortSignal): Promise<McpConnection> {
    if (!this.options.sdk) throw new McpConnectError(`"${name}" is an in-process server of an Agent SDK application: it can be reached only when that application runs Codewright.`);
    return this.open(new SdkMcpTransport(config.name, this.options.sdk), name, signal);
  }

  private async stdio(config: Extract<McpServerConfig, { type: 'stdio' }>, name: string, signal?: AbortSignal): Promise<McpConnection> {
    const base = this.options.env ?? process.env;
    const env = Object.fromEntries(Object.entries({ ...base, ...config.env }).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const cwd = config.cwd ?? this.options.cwd;
    const transport = new StdioClientTransport({ command: config.command, args: config.args, env, ...(cwd ? { cwd } : {}), stderr: 'pipe' });
    const tail = stderrTail();
    transport.stderr?.on('data', (chunk: Buffer | string) => tail.add(chunk.toString()));
    try {
      return await this.open(transport, name, signal, tail.text);
    } catch (err) {
      // The process may still be writing why it failed.
      await new Promise((r) => setTimeout(r, 50));
      throw new McpConnectError(message(err), tail.text());
    }
  }

  /** The `initialize` handshake on `transport`, within the connect timeout; the transport is closed on failure. */
  private async open(transport: Transport, name: string, signal: AbortSignal | undefined, stderr: () => string | undefined = () => undefined, browser?: BrowserSignIn): Promise<McpConnection> {
    const capabilities = { ...elicitationCapability(this.options.elicitation), ...clientFeatureCapabilities(this.options) };
    const client = new Client({ name: 'codewright', version: this.options.clientVersion ?? '0.0.0' }, { capabilities });
    handleClientFeatures(client, name, this.options);
    const notes = new ElicitationNotes();
    handleElicitation(client, name, this.options.elicitation, notes);
    const timeout = this.options.connectTimeoutMs ?? 30_000;
    // The request timeout covers `initialize`; the deadline also covers the transport's start (an SSE stream
    // that never opens), and stands still while the user signs in in the browser (the request's cannot).
    const deadline = pausableDeadline(timeout, browser);
    try {
      await Promise.race([client.connect(transport, { timeout: timeout + (browser?.timeoutMs ?? 0), ...(signal ? { signal } : {}) }), deadline.expired]);
    } catch (err) {
      await client.close().catch(() => {});
      throw err;
    } finally {
      deadline.cancel();
    }
    const stopFeatures = startClientFeatures(client, this.options);
    return new SdkConnection(client, { requestTimeoutMs: this.options.requestTimeoutMs ?? 60_000, toolTimeoutMs: this.options.toolTimeoutMs ?? 10 * 60_000, stderr, notes, onClosed: stopFeatures });
  }
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new McpConnectError(`Not a valid URL: ${url}`);
  }
}

const BEARER_HINT = 'Give the server an "Authorization": "Bearer <token>" entry in its "headers", or sign in with OAuth (VS Code: the /mcp panel; the CLI: codewright mcp login <name>).';

function transportOptions(config: RemoteConfig, provider: McpOAuthProvider | undefined) {
  return { requestInit: { headers: config.headers }, ...(provider ? { authProvider: provider, fetch: noticingStepUp(provider) } : {}) };
}

/** The global fetch, telling the provider of a step-up challenge (403 `insufficient_scope`) before the SDK's `auth()` runs. */
function noticingStepUp(provider: McpOAuthProvider): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 403 && /error="?insufficient_scope/.test(response.headers.get('www-authenticate') ?? '')) provider.noteInsufficientScope();
    return response;
  };
}

/** The provider exchanges codes through the transport; with a browser sign-in, refused requests are sent again after it. */
function withSignIn(transport: AuthTransport, provider: McpOAuthProvider | undefined): Transport {
  provider?.bindTransport(transport);
  return provider?.browser ? new SignInRetryTransport(transport, provider.browser) : transport;
}

/** Rejects `expired` after `ms`, not counting the time a browser sign-in takes. */
function pausableDeadline(ms: number, browser: BrowserSignIn | undefined): { expired: Promise<never>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expire: (err: Error) => void = () => {};
  const expired = new Promise<never>((_, reject) => (expire = reject));
  expired.catch(() => {});
  let cancelled = false;
  const arm = () => {
    clearTimeout(timer);
    if (!cancelled) timer = setTimeout(() => expire(new McpConnectError(`Connecting timed out after ${ms / 1000} s.`)), ms);
  };
  const off = browser?.onSignIn((done) => {
    clearTimeout(timer);
    void done.catch(() => {}).finally(arm);
  });
  arm();
  return {
    expired,
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
      off?.();
    },
  };
}

/** The server wants a sign-in (the SDK's 401 handling reached the browser step, or a plain 401 without OAuth). */
function authError(err: unknown, url: string, oauth: boolean): McpAuthRequiredError | undefined {
  if (isMcpAuthRequired(err)) return err;
  if (err instanceof UnauthorizedError) return new McpAuthRequiredError(`The MCP server at ${url} requires you to sign in (OAuth).`, url);
  if ((err as { code?: unknown } | undefined)?.code !== 401) return undefined;
  return new McpAuthRequiredError(oauth ? `The MCP server at ${url} refused the request (HTTP 401): sign in again.` : `The MCP server at ${url} requires authentication (HTTP 401). ${BEARER_HINT}`, url);
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The last `STDERR_TAIL` characters written. */
function stderrTail() {
  let kept = '';
  return {
    add(text: string) {
      kept = (kept + text).slice(-STDERR_TAIL);
    },
    text: () => (kept.trim() ? kept : undefined),
  };
}
