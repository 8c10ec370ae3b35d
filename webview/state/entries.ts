/**
 * Entry-level updates for the reducer. Each returns the same array when nothing changed, and otherwise a
 * copy with only the touched entry replaced, so memoized rows of untouched entries never re-render.
 */
import type { ChatEntry, ChatMessage, HostToWebview, ToolEntry } from '../../extension/protocol/messages';

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

const isMessage = (e: ChatEntry): e is ChatMessage => e.role === 'user' || e.role === 'assistant';
const isTool = (e: ChatEntry): e is ToolEntry => e.role === 'tool';

export function updateMessage(entries: readonly ChatEntry[], id: string, change: (m: ChatMessage) => ChatMessage): readonly ChatEntry[] {
  return update(entries, id, isMessage, change);
}

export function updateTool(entries: readonly ChatEntry[], id: string, change: (t: ToolEntry) => ToolEntry): readonly ChatEntry[] {
  return update(entries, id, isTool, change);
}

export type EntryEvent = Extract<
  HostToWebview,
  { type: 'messageAdded' | 'noticeAdded' | 'assistantDelta' | 'thinkingDelta' | 'assistantText' | 'toolUseStarted' | 'toolProgress' | 'toolResult' | 'toolStopped' | 'toolAgentUpdated' | 'messageFinished' }
>;

/** The conversation's part of the state: messages, tool uses and notices, folded from their host events. */
export function reduceEntries(entries: readonly ChatEntry[], event: EntryEvent): readonly ChatEntry[] {
  switch (event.type) {
    case 'messageAdded':
      return appendEntry(entries, event.message);
    case 'noticeAdded':
      return appendEntry(entries, event.notice);
    case 'assistantDelta':
      // Only a streaming assistant message grows: text arriving after Stop belongs to an aborted stream.
      return updateMessage(entries, event.messageId, (m) =>
        m.role === 'assistant' && m.status === 'streaming' && event.text !== '' ? { ...m, text: m.text + event.text } : m,
      );
    case 'thinkingDelta':
      return updateMessage(entries, event.messageId, (m) =>
        m.role === 'assistant' && m.status === 'streaming' && event.text !== '' ? { ...m, thinking: (m.thinking ?? '') + event.text } : m,
      );
    case 'assistantText':
      return updateMessage(entries, event.messageId, (m) => {
        if (m.role !== 'assistant' || m.status !== 'streaming') return m;
        if (m.text === event.text && m.thinking === event.thinking) return m;
        const next: ChatMessage = { ...m, text: event.text };
        if (event.thinking === undefined) delete next.thinking;
        else next.thinking = event.thinking;
        return next;
      });
    case 'toolUseStarted':
      return appendEntry(entries, {
        id: event.toolUseId,
        role: 'tool',
        name: event.name,
        input: event.input,
        summary: event.summary,
        activity: event.activity,
        ...(event.label ? { label: event.label } : {}),
        status: 'running',
      });
    case 'toolProgress':
      return updateTool(entries, event.toolUseId, (t) => (t.status === 'running' ? { ...t, progress: event.progress } : t));
    case 'toolResult':
      return updateTool(entries, event.toolUseId, (t) => {
        const { progress: _done, ...rest } = t;
        return { ...rest, status: event.result.isError ? 'error' : 'done', result: event.result };
      });
    case 'toolStopped':
      return updateTool(entries, event.toolUseId, (t) => (t.status === 'running' ? { ...t, status: 'stopped' } : t));
    case 'toolAgentUpdated':
      // The host's whole view of the sub-agent: it is the truth, running or not.
      return updateTool(entries, event.toolUseId, (t) => ({ ...t, agent: event.agent }));
    case 'messageFinished':
      return updateMessage(entries, event.messageId, (m) => {
        // A message that failed and is finished again keeps no stale error from the earlier failure.
        const next: ChatMessage = { ...m, status: event.status };
        if (event.error === undefined) delete next.error;
        else next.error = event.error;
        return next;
      });
  }
}
