/** The texts the model reads about work items: one line per task for TaskList, every field for TaskGet. */
import { openBlockers, sortedItems } from './store';
import type { WorkItem, WorkList } from '../../contracts/worklist';

const MAX_METADATA_CHARS = 2_000;

/** `#2 [in_progress] Fix the parser (owner: tester) [blocked by #1]` */
export function listLine(list: WorkList, item: WorkItem): string {
  const owner = item.owner ? ` (owner: ${item.owner})` : '';
  const open = openBlockers(list, item);
  const blocked = open.length ? ` [blocked by ${open.map((id) => `#${id}`).join(', ')}]` : '';
  return `#${item.id} [${item.status}] ${item.subject}${owner}${blocked}`;
}

export function formatList(list: WorkList): string {
  const items = sortedItems(list);
  if (!items.length) return 'No tasks in the work list. Create one with TaskCreate.';
  return items.map((item) => listLine(list, item)).join('\n');
}

export function formatItem(list: WorkList, item: WorkItem): string {
  const lines = [`Task #${item.id}: ${item.subject}`, `Status: ${item.status}`];
  if (item.activeForm) lines.push(`Active form: ${item.activeForm}`);
  if (item.owner) lines.push(`Owner: ${item.owner}`);
  lines.push(`Description: ${item.description}`);
  if (item.blockedBy.length) lines.push(`Blocked by: ${idsWithState(list, item.blockedBy)}`);
  if (item.blocks.length) lines.push(`Blocks: ${idsWithState(list, item.blocks)}`);
  if (item.metadata) lines.push(`Metadata: ${clip(JSON.stringify(item.metadata))}`);
  return lines.join('\n');
}

function idsWithState(list: WorkList, ids: readonly string[]): string {
  return ids.map((id) => (list.items[id]?.status === 'completed' ? `#${id} (completed)` : `#${id}`)).join(', ');
}

function clip(text: string): string {
  return text.length > MAX_METADATA_CHARS ? `${text.slice(0, MAX_METADATA_CHARS)}… (cut)` : text;
}
