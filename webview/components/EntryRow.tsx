/** One row of the list: a message, a tool use or a notice. Memoised: unchanged entries keep their identity. */
import { memo } from 'react';
import type { ChatEntry } from '../../extension/protocol/messages';
import { ToolRow } from '../tools/ToolRow';
import { Message } from './Message';
import { Notice } from './Notice';

export interface EntryRowProps {
  entry: ChatEntry;
  isLast: boolean;
  /** The row continues the assistant's turn (after its text or a tool): no second author line. */
  continued: boolean;
}

export const EntryRow = memo(function EntryRow({ entry, isLast, continued }: EntryRowProps) {
  return (
    <div className="entry-row">
      {entry.role === 'tool' ? (
        <ToolRow entry={entry} />
      ) : entry.role === 'notice' ? (
        <Notice notice={entry} />
      ) : (
        <Message message={entry} isLast={isLast} showAuthor={!(continued && entry.role === 'assistant')} />
      )}
    </div>
  );
});
