/**
 * Pure operations on a work list: each takes a list and returns a new one (or says why it cannot), so the
 * tools can check a call against the current state and then apply the same operation inside `setState`.
 */
import { emptyWorkList, type WorkItem, type WorkItemMetadata, type WorkItemStatus, type WorkList } from '../../contracts/worklist';

export interface NewWorkItem {
  subject: string;
  description: string;
  activeForm?: string;
  metadata?: Readonly<Record<string, unknown>>;
}

/** What TaskUpdate may change. `status: 'deleted'` removes the task and every link to it. */
export interface WorkItemPatch {
  subject?: string;
  description?: string;
  activeForm?: string;
  status?: WorkItemStatus | 'deleted';
  addBlocks?: readonly string[];
  addBlockedBy?: readonly string[];
  owner?: string;
  /** Merged into the task's metadata; a key set to null is removed. */
  metadata?: Readonly<Record<string, unknown>>;
}

export type UpdateOutcome =
  | { ok: true; list: WorkList; item: WorkItem | undefined; deleted: boolean; changed: string[] }
  | { ok: false; error: string };

/** "#3", " 3 " and "3" all name task 3. */
export function normalizeTaskId(raw: string): string {
  return raw.trim().replace(/^#/, '');
}

/** The tasks in creation order. */
export function sortedItems(list: WorkList = emptyWorkList()): WorkItem[] {
  return Object.values(list.items).sort((a, b) => Number(a.id) - Number(b.id));
}

export function findItem(list: WorkList, rawId: string): WorkItem | undefined {
  return list.items[normalizeTaskId(rawId)];
}

/** The tasks `item` still waits for: its blockers that are not completed. */
export function openBlockers(list: WorkList, item: WorkItem): string[] {
  return item.blockedBy.filter((id) => list.items[id]?.status !== 'completed');
}

/** The task to pick up next: pending, unowned, nothing open blocking it, lowest id (for teammates' loops). */
export function nextAvailable(list: WorkList): WorkItem | undefined {
  return sortedItems(list).find((item) => item.status === 'pending' && !item.owner && openBlockers(list, item).length === 0);
}

export function notFoundMessage(rawId: string): string {
  return `Task #${normalizeTaskId(rawId)} not found. Call TaskList to see the ids of the tasks in the work list.`;
}

export function createItem(list: WorkList, input: NewWorkItem): { list: WorkList; item: WorkItem } {
  const id = String(list.nextId);
  const metadata = mergeMetadata(undefined, input.metadata);
  const item: WorkItem = {
    id,
    subject: input.subject,
    description: input.description,
    ...(input.activeForm ? { activeForm: input.activeForm } : {}),
    status: 'pending',
    blocks: [],
    blockedBy: [],
    ...(metadata ? { metadata } : {}),
  };
  return { list: { nextId: list.nextId + 1, items: { ...list.items, [id]: item } }, item };
}

export function updateItem(list: WorkList, rawId: string, patch: WorkItemPatch): UpdateOutcome {
  const id = normalizeTaskId(rawId);
  const current = list.items[id];
  if (!current) return { ok: false, error: notFoundMessage(rawId) };
  if (patch.status === 'deleted') return { ok: true, list: removeItem(list, id), item: undefined, deleted: true, changed: ['deleted'] };
  const linkError = checkLinks(list, id, [...(patch.addBlocks ?? []), ...(patch.addBlockedBy ?? [])]);
  if (linkError) return { ok: false, error: linkError };
  const { item, changed } = patchFields(current, patch);
  let next: WorkList = { ...list, items: { ...list.items, [id]: item } };
  const linked = { blocks: new Set<string>(), blockedBy: new Set<string>() };
  for (const other of (patch.addBlocks ?? []).map(normalizeTaskId)) next = link(next, id, other, linked);
  for (const other of (patch.addBlockedBy ?? []).map(normalizeTaskId)) next = link(next, other, id, linked);
  if (linked.blocks.size) changed.push('blocks');
  if (linked.blockedBy.size) changed.push('blockedBy');
  return { ok: true, list: next, item: next.items[id], deleted: false, changed };
}

function checkLinks(list: WorkList, id: string, targets: readonly string[]): string | undefined {
  for (const raw of targets) {
    const other = normalizeTaskId(raw);
    if (other === id) return `Task #${id} cannot block or wait for itself. Pass the ids of other tasks in addBlocks / addBlockedBy.`;
    if (!list.items[other]) return `${notFoundMessage(raw)} Create it with TaskCreate before linking to it.`;
  }
  return undefined;
}

/** `blocker` blocks `waiter`, recorded on both; links already there are left as they are. */
function link(list: WorkList, blocker: string, waiter: string, linked: { blocks: Set<string>; blockedBy: Set<string> }): WorkList {
  const a = list.items[blocker]!;
  const b = list.items[waiter]!;
  if (a.blocks.includes(waiter) && b.blockedBy.includes(blocker)) return list;
  linked.blocks.add(blocker);
  linked.blockedBy.add(waiter);
  return {
    ...list,
    items: {
      ...list.items,
      [blocker]: { ...a, blocks: addUnique(a.blocks, waiter) },
      [waiter]: { ...b, blockedBy: addUnique(b.blockedBy, blocker) },
    },
  };
}

function addUnique(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

function removeItem(list: WorkList, id: string): WorkList {
  const items: Record<string, WorkItem> = {};
  for (const item of Object.values(list.items)) {
    if (item.id === id) continue;
    const touched = item.blocks.includes(id) || item.blockedBy.includes(id);
    items[item.id] = touched ? { ...item, blocks: item.blocks.filter((x) => x !== id), blockedBy: item.blockedBy.filter((x) => x !== id) } : item;
  }
  return { ...list, items };
}

/** Applies the plain fields; an empty activeForm or owner clears it. Returns the names of what changed. */
function patchFields(current: WorkItem, patch: WorkItemPatch): { item: WorkItem; changed: string[] } {
  const item: WorkItem = { ...current };
  const changed: string[] = [];
  const status = patch.status === 'deleted' ? undefined : patch.status;
  for (const [key, value] of [['subject', patch.subject], ['description', patch.description], ['status', status]] as const) {
    if (value === undefined || value === current[key]) continue;
    Object.assign(item, { [key]: value });
    changed.push(key);
  }
  setOptional(item, 'activeForm', patch.activeForm, changed);
  setOptional(item, 'owner', patch.owner, changed);
  if (patch.metadata !== undefined) {
    const metadata = mergeMetadata(current.metadata, patch.metadata);
    if (metadata) item.metadata = metadata;
    else delete item.metadata;
    changed.push('metadata');
  }
  return { item, changed };
}

function setOptional(item: WorkItem, key: 'activeForm' | 'owner', value: string | undefined, changed: string[]): void {
  if (value === undefined || value === (item[key] ?? '')) return;
  if (value) item[key] = value;
  else delete item[key];
  changed.push(key);
}

/** `patch` over `base`; null values delete their key. Undefined when nothing is left. */
export function mergeMetadata(base: WorkItemMetadata | undefined, patch: Readonly<Record<string, unknown>> | undefined): WorkItemMetadata | undefined {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return Object.keys(merged).length ? merged : undefined;
}
