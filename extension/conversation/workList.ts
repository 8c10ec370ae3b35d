/**
 * The session's work list as the panel shows it (docs/ARCHITECTURE.md, Work list): tasks in id order,
 * each with its open blockers, capped to the protocol's sizes so a runaway list cannot break the view.
 */
import { openBlockers, sortedItems } from '../core/engines/worklist/store';
import type { WorkList } from '../core/contracts/worklist';
import type { WorkItemView } from '../protocol/messages';

const MAX_ITEMS = 500;
const MAX_TEXT = 2000;
const MAX_OWNER = 200;
const MAX_BLOCKERS = 100;

export function workListViews(list: WorkList | undefined): WorkItemView[] {
  if (!list) return [];
  return sortedItems(list)
    .slice(0, MAX_ITEMS)
    .map((item) => ({
      id: item.id,
      subject: item.subject.slice(0, MAX_TEXT),
      ...(item.activeForm ? { activeForm: item.activeForm.slice(0, MAX_TEXT) } : {}),
      status: item.status,
      ...(item.owner ? { owner: item.owner.slice(0, MAX_OWNER) } : {}),
      blockedBy: openBlockers(list, item).slice(0, MAX_BLOCKERS),
    }));
}
