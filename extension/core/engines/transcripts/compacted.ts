/**
 * The conversation that replaces everything before a compaction: the summary, then the messages kept
 * verbatim. Resume rebuilds it from a `compactBoundary` line, so it must match what the live session sent
 * after compacting, byte for byte, or the resumed request would differ (and miss the prompt cache).
 * core/loop/query/compact.ts builds the live session's conversation with this module too, so there is one source.
 */
import type { Message, TextBlock, UserContentBlock, UserMessage } from '../../base/messages';

export function compactedMessages(summary: string, tail: readonly Message[]): Message[] {
  const note = tail.length
    ? 'This conversation was compacted: the summary above replaces the earlier messages, and the most recent messages follow unchanged.'
    : 'This conversation was compacted: the summary above replaces the earlier messages. Continue from it.';
  const block: TextBlock = { type: 'text', text: `<compact-summary>\n${summary}\n</compact-summary>\n\n${note}` };
  const [first, ...rest] = tail;
  // Merging into a plain text user message keeps strict user/assistant alternation; its blocks stay as they were.
  if (first && isPlainText(first)) {
    const original: UserContentBlock[] = typeof first.content === 'string' ? [{ type: 'text', text: first.content }] : first.content;
    return [{ role: 'user', content: [block, ...original] }, ...rest];
  }
  return [{ role: 'user', content: [block] }, ...tail];
}

function isPlainText(m: Message): m is UserMessage {
  return m.role === 'user' && (typeof m.content === 'string' || m.content.every((b) => b.type === 'text'));
}
