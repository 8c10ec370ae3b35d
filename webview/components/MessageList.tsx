/**
 * The conversation: a virtualised list (react-virtuoso) of memoised rows keyed by entry id, so a streamed
 * delta re-renders only the row it touches. It follows new output while the user is at the bottom; once
 * they scroll up it stays put and offers "Jump to latest", until they go back down or send a prompt.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

/**
 * Following new output at the bottom. Following is the user's intent, learned only from scroll events:
 * growth of the last row changes the distance to the bottom without anyone scrolling, and must not count
 * as "scrolled up".
 */
function useFollow(visible: readonly ChatEntry[]) {
  const virtuoso = useRef<VirtuosoHandle>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const followRef = useRef(true);
  const [following, setFollowing] = useState(true);
  const lastSeenRef = useRef(visible.at(-1)?.id);

  const setFollow = useCallback((value: boolean) => {
    followRef.current = value;
    setFollowing(value);
  }, []);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) setFollow(el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX);
  }, [setFollow]);

  const scrollerRef = useCallback(
    (el: HTMLElement | Window | null) => {
      scroller.current?.removeEventListener('scroll', onScroll);
      scroller.current = el instanceof HTMLElement ? el : null;
      scroller.current?.addEventListener('scroll', onScroll, { passive: true });
    },
    [onScroll],
  );

  // A prompt the user just sent is always brought into view, wherever they had scrolled.
  useLayoutEffect(() => {
    const last = visible.at(-1);
    if (last && last.id !== lastSeenRef.current && last.role === 'user') setFollow(true);
    lastSeenRef.current = last?.id;
  }, [visible, setFollow]);

  const followOutput = useCallback(() => (followRef.current ? 'auto' : false), []);
  const onHeightChanged = useCallback(() => {
    if (followRef.current) toBottom();
  }, [toBottom]);

  const jump = () => {
    setFollow(true);
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
    toBottom();
  };
  return { virtuoso, scrollerRef, following, followOutput, onHeightChanged, jump };
}

export function MessageList({ entries }: MessageListProps) {
  const visible = useMemo(
    () => entries.filter((e, i) => e.role === 'tool' || e.role === 'notice' || isVisibleMessage(e, i === entries.length - 1)),
    [entries],
  );
  const lastId = visible.at(-1)?.id;
  const { virtuoso, scrollerRef, following, followOutput, onHeightChanged, jump } = useFollow(visible);

  return (
    <div className="message-list-frame">
      <Virtuoso
        ref={virtuoso}
        scrollerRef={scrollerRef}
        className="message-list"
        data-testid="message-list"
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        tabIndex={0}
        data={visible}
        computeItemKey={(_i, e) => e.id}
        itemContent={(i, e) => <EntryRow entry={e} isLast={e.id === lastId} continued={i > 0 && visible[i - 1]?.role !== 'user'} />}
        components={COMPONENTS}
        initialTopMostItemIndex={visible.length > 0 ? { index: 'LAST', align: 'end' } : 0}
        followOutput={followOutput}
        totalListHeightChanged={onHeightChanged}
        increaseViewportBy={{ top: 400, bottom: 400 }}
      />
      {!following && visible.length > 0 && (
        <button type="button" className="jump-to-latest" data-testid="jump-to-latest" onClick={jump}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}
