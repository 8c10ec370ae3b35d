/** What a connected server offers: its tools, resources and prompts, listed after connecting and again on each list_changed. */
import { isMcpAuthRequired } from './authError';
import { errorText } from './status';
import type { Logger } from '../../contracts/settings';
import type { Slot } from './slots';

export const LIST_KINDS = ['tools', 'resources', 'prompts'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/**
 * `listed`; `stale` when there was nothing to list from (no connection, or it was replaced meanwhile);
 * `needsAuth` when the server refused the list for want of a sign-in (it let `initialize` through, then
 * answered 401): the caller moves it to needsAuth; `{ error }` when the request failed (logged; a server
 * without that capability has none, and the slot keeps what it had).
 */
export type ListOutcome = 'listed' | 'stale' | 'needsAuth' | { error: string };

/** Lists one kind into the slot; a list that arrives after the connection was replaced or dropped is not kept. */
export async function listInto(slot: Slot, kind: ListKind, log: Logger | undefined): Promise<ListOutcome> {
  const connection = slot.connection;
  if (!connection) return 'stale';
  try {
    if (kind === 'tools') {
      const tools = await connection.listTools();
      if (slot.connection === connection) slot.tools = tools;
    } else if (kind === 'resources') {
      const resources = await connection.listResources();
      if (slot.connection === connection) slot.resources = resources;
    } else {
      const prompts = await connection.listPrompts();
      if (slot.connection === connection) slot.prompts = prompts;
    }
  } catch (err) {
    if (isMcpAuthRequired(err)) return 'needsAuth';
    log?.warn(`MCP server "${slot.entry.name}": listing ${kind} failed: ${errorText(err)}`);
    return { error: errorText(err) };
  }
  return slot.connection === connection ? 'listed' : 'stale';
}
