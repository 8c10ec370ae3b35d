/**
 * What servers use of the client besides tools (docs/ARCHITECTURE.md, MCP, "What servers can use"), on the
 * SDK's `Client`: `roots` (declared with `listChanged` when the host gives an `McpRootsPort`: `roots/list` is
 * answered with its folders, and a change of them sends `notifications/roots/list_changed`) and logging (a
 * server's `notifications/message` goes to the host's `McpServerLogPort`; a server that declares `logging`
 * is asked for the port's level, `info` by default, with `logging/setLevel`). Progress and resource
 * subscriptions are requests of the connection itself (sdkConnection.ts).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListRootsRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { MCP_LOG_LEVELS, type McpLogLevel, type McpRootsPort, type McpServerLogPort } from '../../../core/contracts/mcpClient';

export interface ClientFeatureOptions {
  /** The folders servers may work in; without it the client does not declare `roots`. */
  roots?: McpRootsPort;
  /** Where servers' log messages go; without it they are dropped and no level is set. */
  serverLog?: McpServerLogPort;
  /** The timeout of `logging/setLevel`. */
  requestTimeoutMs?: number;
}

/** The capabilities to declare in `initialize` for these features. */
export function clientFeatureCapabilities(options: ClientFeatureOptions): { roots?: { listChanged: true } } {
  return options.roots ? { roots: { listChanged: true } } : {};
}

function levelOf(level: string): McpLogLevel {
  return (MCP_LOG_LEVELS as readonly string[]).includes(level) ? (level as McpLogLevel) : 'info';
}

/** Before `connect`: the handlers of `roots/list` and of the server's log messages. */
export function handleClientFeatures(client: Client, server: string, options: ClientFeatureOptions): void {
  const { roots, serverLog } = options;
  if (roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.roots().map((r) => ({ uri: r.uri, ...(r.name ? { name: r.name } : {}) })) }));
  if (serverLog) {
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      const { level, logger, data } = n.params;
      serverLog.log({ server, level: levelOf(level), ...(typeof logger === 'string' ? { logger } : {}), data });
    });
  }
}

/**
 * After `connect`: the log level asked of a server that declares `logging`, and `roots/list_changed` sent on
 * each change of the roots. Returns the stop, for when the connection closes.
 */
export function startClientFeatures(client: Client, options: ClientFeatureOptions): () => void {
  const { roots, serverLog } = options;
  if (serverLog && client.getServerCapabilities()?.logging) {
    // Not awaited: a server slow to answer must not hold the connection back; a refusal keeps its own level.
    void client.setLoggingLevel(serverLog.level?.() ?? 'info', { timeout: options.requestTimeoutMs ?? 60_000 }).catch(() => {});
  }
  const off = roots?.onDidChange?.(() => void client.sendRootsListChanged().catch(() => {}));
  return () => off?.();
}
