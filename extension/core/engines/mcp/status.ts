/** Small helpers of the MCP manager (core/engines/mcp/manager.ts and its parts): statuses in words, errors as text, entries compared. */
import type { McpServerEntry, McpServerStatus } from '../../contracts/mcp';

/** The URL of a remote server (the sign-in is for it); undefined for a local or in-process one. */
export function urlOf(entry: McpServerEntry): string | undefined {
  return entry.config.type === 'http' || entry.config.type === 'sse' ? entry.config.url : undefined;
}

export function sameEntry(a: McpServerEntry, b: McpServerEntry): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The connector attaches what the server printed to the error of a failed connect. */
export function stderrOf(err: unknown): string | undefined {
  const stderr = typeof err === 'object' && err !== null ? (err as { stderr?: unknown }).stderr : undefined;
  return typeof stderr === 'string' && stderr.trim() ? stderr : undefined;
}

/** A status in words, for errors and the CLI. */
export function describeStatus(status: McpServerStatus): string {
  switch (status.state) {
    case 'failed':
      return `failed: ${status.error}`;
    case 'needsApproval':
      return 'waiting for approval';
    case 'needsAuth':
      return `needs authentication${status.error ? ` (${status.error})` : ''}`;
    default:
      return status.state;
  }
}
