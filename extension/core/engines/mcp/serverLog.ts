/**
 * An MCP server's log message (`notifications/message`) as one line for VS Code's output channel and the
 * CLI's stderr (docs/ARCHITECTURE.md, MCP, "What servers can use"): `[server] level: data`, the logger's name
 * before the data when the server gave one, structured data as JSON, cut to a length a log line can take.
 */
import type { McpLogMessage } from '../../contracts/mcpClient';

const MAX_LINE = 4000;

export function mcpServerLogLine(message: McpLogMessage, max = MAX_LINE): string {
  const text = typeof message.data === 'string' ? message.data : json(message.data);
  const line = `[${message.server}] ${message.level}: ${message.logger ? `${message.logger}: ` : ''}${text}`;
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A cycle or a BigInt: the message still says something.
    return String(value);
  }
}
