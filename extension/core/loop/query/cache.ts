/**
 * Prompt-cache breakpoints. The request prefix (tools → system → messages) must be byte-identical from one
 * request to the next, so breakpoints go on the stable prefix (last system block) and on the conversation's
 * tail (last block of the last message, and of the user message before it so a long tool round still
 * finds the previous request's prefix). At most 4 are allowed; we place at most 3.
 */
import type { CacheControl, Message, TextBlock, UserContentBlock, AssistantContentBlock } from '../../base/messages';

const EPHEMERAL: CacheControl = { type: 'ephemeral' };

type Block = UserContentBlock | AssistantContentBlock;

export function withCacheBreakpoints(
  system: readonly TextBlock[],
  messages: readonly Message[],
): { system: TextBlock[]; messages: Message[] } {
  const sys = system.map((b, i) => (i === system.length - 1 ? { ...b, cache_control: EPHEMERAL } : stripCache(b)));
  const marked = new Set<number>();
  if (messages.length > 0) marked.add(messages.length - 1);
  for (let i = messages.length - 2; i >= 0; i--) {
    if (messages[i]!.role === 'user') {
      marked.add(i);
      break;
    }
  }
  return { system: sys, messages: messages.map((m, i) => (marked.has(i) ? markLast(m) : m)) };
}

function stripCache<T extends { cache_control?: CacheControl }>(b: T): T {
  if (!b.cache_control) return b;
  const { cache_control: _dropped, ...rest } = b;
  return rest as T;
}

/** Puts the breakpoint on the last block that can carry one (thinking blocks cannot). */
function markLast(message: Message): Message {
  if (typeof message.content === 'string') {
    if (!message.content) return message;
    return { role: message.role, content: [{ type: 'text', text: message.content, cache_control: EPHEMERAL }] } as Message;
  }
  const content = [...message.content] as Block[];
  for (let i = content.length - 1; i >= 0; i--) {
    const b = content[i]!;
    if (b.type === 'thinking' || b.type === 'redacted_thinking' || (b.type === 'text' && !b.text)) continue;
    content[i] = { ...b, cache_control: EPHEMERAL } as Block;
    return { ...message, content } as Message;
  }
  return message;
}
