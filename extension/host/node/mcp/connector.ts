/**
 * Core's `McpConnector` on `@modelcontextprotocol/sdk` (docs/ARCHITECTURE.md, MCP): stdio servers as child
 * processes (their stderr kept, the last ~4 KB, for the failed status), remote servers over streamable HTTP
 * with their headers, falling back to the old SSE transport when streamable HTTP fails to connect (type
 * "http"; type "sse" goes to SSE directly). Connecting times out; so does every request.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpConnection, McpConnector, McpServerConfig, McpServerEntry } from '../../../core/mcp/types';
import { SdkConnection } from './sdkConnection';

export interface NodeMcpConnectorOptions {
  /** Where stdio servers run unless their config says `cwd` (the workspace). */
  cwd?: string;
  /** The environment stdio servers inherit (their `env` goes over it); `process.env` by default. */
  env?: NodeJS.ProcessEnv;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  toolTimeoutMs?: number;
  clientVersion?: string;
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
    if (config.type === 'stdio') return this.stdio(config, signal);
    const url = parseUrl(config.url);
    const requestInit = { headers: config.headers };
    if (config.type === 'sse') return this.open(new SSEClientTransport(url, { requestInit }), signal);
    try {
      return await this.open(new StreamableHTTPClientTransport(url, { requestInit }), signal);
    } catch (streamable) {
      if (signal?.aborted) throw streamable;
      try {
        return await this.open(new SSEClientTransport(url, { requestInit }), signal);
      } catch (sse) {
        throw new McpConnectError(`Could not connect to ${config.url}: streamable HTTP: ${message(streamable)}; SSE: ${message(sse)}`);
      }
    }
  }

  private async stdio(config: Extract<McpServerConfig, { type: 'stdio' }>, signal?: AbortSignal): Promise<McpConnection> {
    const base = this.options.env ?? process.env;
    const env = Object.fromEntries(Object.entries({ ...base, ...config.env }).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const cwd = config.cwd ?? this.options.cwd;
    const transport = new StdioClientTransport({ command: config.command, args: config.args, env, ...(cwd ? { cwd } : {}), stderr: 'pipe' });
    const tail = stderrTail();
    transport.stderr?.on('data', (chunk: Buffer | string) => tail.add(chunk.toString()));
    try {
      return await this.open(transport, signal, tail.text);
    } catch (err) {
      // The process may still be writing why it failed.
      await new Promise((r) => setTimeout(r, 50));
      throw new McpConnectError(message(err), tail.text());
    }
  }

  /** The `initialize` handshake on `transport`, within the connect timeout; the transport is closed on failure. */
  private async open(transport: Transport, signal: AbortSignal | undefined, stderr: () => string | undefined = () => undefined): Promise<McpConnection> {
    const client = new Client({ name: 'codewright', version: this.options.clientVersion ?? '0.0.0' }, { capabilities: {} });
    const timeout = this.options.connectTimeoutMs ?? 30_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The request timeout covers `initialize`; this one also covers the transport's start (an SSE stream that never opens).
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new McpConnectError(`Connecting timed out after ${timeout / 1000} s.`)), timeout);
    });
    try {
      await Promise.race([client.connect(transport, { timeout, ...(signal ? { signal } : {}) }), expired]);
    } catch (err) {
      await client.close().catch(() => {});
      throw err;
    } finally {
      clearTimeout(timer);
    }
    return new SdkConnection(client, { requestTimeoutMs: this.options.requestTimeoutMs ?? 60_000, toolTimeoutMs: this.options.toolTimeoutMs ?? 10 * 60_000, stderr });
  }
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new McpConnectError(`Not a valid URL: ${url}`);
  }
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
