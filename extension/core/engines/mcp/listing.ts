/** What a connected server offers: its tools, resources and prompts, listed after connecting and again on each list_changed. */
import { errorText } from './status';
import type { Logger } from '../../contracts/settings';
import type { Slot } from './slots';

export const LIST_KINDS = ['tools', 'resources', 'prompts'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/**
 * Lists one kind into the slot. False when there was nothing to list from (no connection) or listing
 * failed (logged; a server without that capability has none, and the slot keeps what it had).
 */
export async function listInto(slot: Slot, kind: ListKind, log: Logger | undefined): Promise<boolean> {
  const connection = slot.connection;
  if (!connection) return false;
  try {
    if (kind === 'tools') slot.tools = await connection.listTools();
    else if (kind === 'resources') slot.resources = await connection.listResources();
    else slot.prompts = await connection.listPrompts();
  } catch (err) {
    log?.warn(`MCP server "${slot.entry.name}": listing ${kind} failed: ${errorText(err)}`);
    return false;
  }
  return true;
}
