/**
 * The conversation: a virtualised list (react-virtuoso) of memoised rows keyed by entry id, so a streamed
 * delta re-renders only the row it touches. It follows new output while the user is at the bottom; once
 * they scroll up it stays put and offers "Jump to latest", until they go back down or send a prompt.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ChatEntry } from '../../extension/protocol/messages';
import { EntryRow } from './EntryRow';
import { isVisibleMessage } from './Message';

export interface MessageListProps {
  entries: readonly ChatEntry[];
}

/** How close to the bottom still counts as "at the bottom" (sub-pixel rounding, a line of slack). */
const FOLLOW_SLACK_PX = 24;

function Empty() {
  return <p className="empty-hint">Ask Codewright to explain, change or write code in this workspace.</p>;
}

const COMPONENTS = { EmptyPlaceholder: Empty };

export function MessageList({ entries }: MessageListProps) {
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const visible = useMemo(
    () => entries.filter((e, i) => e.role === 'tool' || isVisibleMessage(e, i === entries.length - 1)),
    [entries],
  );
  const lastIdRef = useRef(visible.at(-1)?.id);
  const lastId = visible.at(-1)?.id;

  const followOutput = useCallback(
    (isAtBottom: boolean) => {
      // A prompt the user just sent is always brought into view, wherever they had scrolled.
      const last = visible.at(-1);
      const newUserPrompt = last?.role === 'user' && last.id !== lastIdRef.current;
      lastIdRef.current = last?.id;
      return isAtBottom || newUserPrompt ? 'auto' : false;
    },
    [visible],
  );

  const jump = () => {
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
  };

  return (
    <div className="message-list-frame">
      <Virtuoso
        ref={virtuoso}
        className="message-list"
        data-testid="message-list"
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        tabIndex={0}
        data={visible}
        computeItemKey={(_i, e) => e.id}
        itemContent={(_i, e) => <EntryRow entry={e} isLast={e.id === lastId} />}
        components={COMPONENTS}
        initialTopMostItemIndex={visible.length > 0 ? { index: 'LAST', align: 'end' } : 0}
        followOutput={followOutput}
        atBottomThreshold={FOLLOW_SLACK_PX}
        atBottomStateChange={setAtBottom}
        increaseViewportBy={{ top: 400, bottom: 400 }}
      />
      {!atBottom && visible.length > 0 && (
        <button type="button" className="jump-to-latest" data-testid="jump-to-latest" onClick={jump}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}
