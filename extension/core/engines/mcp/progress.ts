/**
 * A server's `notifications/progress` for a running tool call in words, for the call's row in the chat
 * (docs/ARCHITECTURE.md, MCP, "What servers can use"): "Indexing (3/10)" when the server counts steps,
 * "Uploading (30%)" when it gives a fraction, the message alone when it gives no total.
 */
import type { McpProgress } from '../../contracts/mcpClient';

/** Longest message kept: the row has one line for it (the protocol caps it at 500). */
const MAX_MESSAGE = 400;

/** "3/10" for whole steps, "30%" for fractions; undefined without a usable total. */
function amount(p: McpProgress): string | undefined {
  if (p.total === undefined || !(p.total > 0) || !Number.isFinite(p.progress)) return undefined;
  if (Number.isInteger(p.progress) && Number.isInteger(p.total) && p.total > 1) return `${p.progress}/${p.total}`;
  return `${Math.round(Math.min(1, Math.max(0, p.progress / p.total)) * 100)}%`;
}

export function mcpProgressText(p: McpProgress): string {
  const count = amount(p);
  const message = p.message?.trim().split('\n')[0]?.slice(0, MAX_MESSAGE);
  if (message) return count ? `${message} (${count})` : message;
  return count ? `Progress: ${count}` : `Progress: ${p.progress}`;
}
