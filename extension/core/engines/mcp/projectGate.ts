/**
 * Whether a project server (`.mcp.json`) may start: only in a trusted workspace and after `McpApprovalPort`
 * said yes (a repository must not run programs silently). The user's own servers always may.
 */
import type { McpManagerDeps } from './deps';
import type { McpSlots, Slot } from './slots';

/** Only a project server waits for trust; the others are the user's own. */
export function isTrusted(slot: Slot, deps: McpManagerDeps): boolean {
  return slot.entry.scope !== 'project' || (deps.trusted?.() ?? true);
}

/**
 * Asks about a project server not approved yet. True when it may connect now; otherwise its status says why not (`disabled` untrusted, declined or
 * dismissed; `needsApproval` with nobody to ask), or the attempt `generation` was superseded meanwhile.
 */
export async function admit(slot: Slot, generation: number, askAgain: boolean, deps: McpManagerDeps, slots: McpSlots, disposed: () => boolean): Promise<boolean> {
  if (!isTrusted(slot, deps)) {
    slots.set(slot, { state: 'disabled', reason: 'untrusted' });
    return false;
  }
  const approval = deps.approval;
  slots.set(slot, approval?.asks === false ? { state: 'connecting' } : { state: 'needsApproval' });
  if (!approval) return false;
  // A question that failed to show got no answer: off, but not as if the user had said no.
  const answer = await approval.approve(slot.entry, askAgain ? { askAgain } : undefined).catch(() => undefined);
  if (generation !== slot.generation || disposed()) return false;
  slot.approved = answer === true;
  if (answer !== true) slots.set(slot, { state: 'disabled', reason: answer === undefined ? 'dismissed' : 'declined' });
  return answer === true;
}
