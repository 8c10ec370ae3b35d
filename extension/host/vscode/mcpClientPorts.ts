/**
 * What MCP servers use of VS Code (docs/ARCHITECTURE.md, MCP, "What servers can use"): every workspace
 * folder as a root (`file://` URI and the folder's name; a change of the folders is sent to the servers as
 * `notifications/roots/list_changed`), and the servers' log messages in the output channel, as
 * `[server] level: data` through the LogOutputChannel's method for that level (its own level filter applies).
 * Servers are asked for `debug` messages while the channel shows them, else `info`.
 */
import * as vscode from 'vscode';
import type { McpLogLevel, McpLogMessage, McpRootsPort, McpServerLogPort } from '../../core/contracts/mcpClient';
import { mcpServerLogLine } from '../../core/engines/mcp/serverLog';

/** The workspace folders now, and their changes. */
export function vscodeMcpRoots(): McpRootsPort {
  return {
    roots: () => (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name })),
    onDidChange: (listener) => {
      const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => listener());
      return () => sub.dispose();
    },
  };
}

type ChannelMethod = 'debug' | 'info' | 'warn' | 'error';

/** MCP's eight levels on the channel's four. */
const CHANNEL_METHOD: Record<McpLogLevel, ChannelMethod> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
};

/** Servers' log messages in `log`; `onServerLog`'s listeners hear each one too (the integration tests' seam). */
export function vscodeMcpServerLog(log: vscode.LogOutputChannel): { port: McpServerLogPort; onServerLog(listener: (message: McpLogMessage) => void): () => void } {
  const listeners = new Set<(message: McpLogMessage) => void>();
  const port: McpServerLogPort = {
    level: () => (log.logLevel !== vscode.LogLevel.Off && log.logLevel <= vscode.LogLevel.Debug ? 'debug' : 'info'),
    log: (message) => {
      log[CHANNEL_METHOD[message.level]](mcpServerLogLine(message));
      for (const l of [...listeners]) l(message);
    },
  };
  return {
    port,
    onServerLog: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
