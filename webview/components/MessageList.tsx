/**
 * The conversation. It follows new output while the user is at the bottom, and stays put once they
 * scroll up to read, until they scroll back down or send a new prompt.
 */
import { useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../../extension/protocol/messages';
import { Message } from './Message';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  onShowLogs: () => void;
}

/** How close to the bottom still counts as "at the bottom" (sub-pixel rounding, a line of slack). */
const FOLLOW_SLACK_PX = 24;

export function MessageList({ messages, onShowLogs }: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  const lastSeenIdRef = useRef<string | undefined>(undefined);

  const onScroll = () => {
    const el = listRef.current;
    if (el) followRef.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX;
  };

  // Layout effect: scroll before paint so streamed text never flashes below the fold.
  useLayoutEffect(() => {
    const el = listRef.current;
    const last = messages.at(-1);
    if (last && last.id !== lastSeenIdRef.current && last.role === 'user') followRef.current = true;
    lastSeenIdRef.current = last?.id;
    if (el && followRef.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  return (
    <div
      ref={listRef}
      className="message-list"
      data-testid="message-list"
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      tabIndex={0}
      onScroll={onScroll}
    >
      {messages.length === 0 ? (
        <p className="empty-hint">Ask Codewright to explain, change or write code in this workspace.</p>
      ) : (
        messages.map((m) => <Message key={m.id} message={m} onShowLogs={onShowLogs} />)
      )}
    </div>
  );
}
