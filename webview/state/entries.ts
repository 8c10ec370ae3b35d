/**
 * Entry-level updates for the reducer. Each returns the same array when nothing changed, and otherwise a
 * copy with only the touched entry replaced, so memoized rows of untouched entries never re-render.
 */
import type { ChatEntry, ChatMessage, ToolEntry } from '../../extension/protocol/messages';

/** Searched from the end: streaming deltas and tool events almost always touch the last few rows. */
function indexOf(entries: readonly ChatEntry[], id: string): number {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]?.id === id) return i;
  return -1;
}

export function appendEntry(entries: readonly ChatEntry[], entry: ChatEntry): readonly ChatEntry[] {
  // The host may re-send after a reconnect; the first copy wins so ids stay unique React keys.
  return indexOf(entries, entry.id) >= 0 ? entries : [...entries, entry];
}

function update<T extends ChatEntry>(
  entries: readonly ChatEntry[],
  id: string,
  is: (e: ChatEntry) => e is T,
  change: (e: T) => T,
): readonly ChatEntry[] {
  const index = indexOf(entries, id);
  const current = entries[index];
  if (current === undefined || !is(current)) return entries;
  const next = change(current);
  if (next === current) return entries;
  const copy = entries.slice();
  copy[index] = next;
  return copy;
}

const isMessage = (e: ChatEntry): e is ChatMessage => e.role !== 'tool';
const isTool = (e: ChatEntry): e is ToolEntry => e.role === 'tool';

export function updateMessage(entries: readonly ChatEntry[], id: string, change: (m: ChatMessage) => ChatMessage): readonly ChatEntry[] {
  return update(entries, id, isMessage, change);
}

export function updateTool(entries: readonly ChatEntry[], id: string, change: (t: ToolEntry) => ToolEntry): readonly ChatEntry[] {
  return update(entries, id, isTool, change);
}
