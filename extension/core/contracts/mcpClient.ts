/**
 * The client side of MCP that servers use (docs/ARCHITECTURE.md, MCP, "What servers can use"): the roots they
 * may work in, the progress of a tool call, and the log messages they send. Core defines the shapes; the host
 * provides the ports (VS Code's workspace folders and output channel, the CLI's cwd, `--add-dir` and stderr)
 * and the connector (host/node/mcp/) speaks the protocol.
 */

/** A folder a server may work in (`roots/list`): a `file://` URI and a name to show. */
export interface McpRoot {
  uri: string;
  name?: string;
}

/** The workspace folders servers see as their roots. */
export interface McpRootsPort {
  /** The folders now, asked on every `roots/list`. */
  roots(): readonly McpRoot[];
  /** The folders changed (VS Code's workspace folders): connected servers get `notifications/roots/list_changed`. */
  onDidChange?(listener: () => void): () => void;
}

/** MCP's log levels (RFC 5424's), least severe first. */
export const MCP_LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];

/** One `notifications/message` of a server. */
export interface McpLogMessage {
  server: string;
  level: McpLogLevel;
  /** The server's name for the part of it that logged. */
  logger?: string;
  data: unknown;
}

/** Where servers' log messages go: VS Code's output channel, the CLI's stderr under `--verbose` / `--debug`. */
export interface McpServerLogPort {
  /** The level asked of a server that declares `logging` (`logging/setLevel`); `info` when absent. */
  level?(): McpLogLevel;
  log(message: McpLogMessage): void;
}

/** A `notifications/progress` of a running tool call (the call sends a `progressToken`). */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** A `notifications/resources/updated` listener: `uri` of `server` changed (a subscribed resource). */
export type McpResourceUpdatedListener = (server: string, uri: string) => void;
