/** One row of the list: a message or a tool use. Memoised: unchanged entries keep their identity. */
import { memo } from 'react';
import type { ChatEntry } from '../../extension/protocol/messages';
import { ToolRow } from '../tools/ToolRow';
import { Message } from './Message';

export const EntryRow = memo(function EntryRow({ entry, isLast }: { entry: ChatEntry; isLast: boolean }) {
  return <div className="entry-row">{entry.role === 'tool' ? <ToolRow entry={entry} /> : <Message message={entry} isLast={isLast} />}</div>;
});
