/**
 * A note for the user in the conversation, never sent to the model: what a hook told the user (its
 * `systemMessage`, a hook that failed) or how the turn runs (the fallback model took over, the spending limit
 * was reached). A hook's words are shown as plain React text, never as markdown or HTML.
 */
import { memo } from 'react';
import type { NoticeEntry } from '../../extension/protocol/messages';

export const Notice = memo(function Notice({ notice }: { notice: NoticeEntry }) {
  const label = notice.hookEvent ? `${notice.hookEvent} hook` : 'Note';
  return (
    <div className="notice" role="note" data-testid="notice" data-source={notice.hookEvent ? 'hook' : 'loop'} aria-label={label}>
      <span className="notice-label">{label}:</span> <span className="notice-text">{notice.text}</span>
    </div>
  );
});
