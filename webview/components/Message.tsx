/**
 * One chat message. User text is shown as written (plain React text); assistant text is markdown
 * (Markdown.tsx keeps it inert). Thinking sits above the text, collapsed unless it is still streaming.
 */
import { memo } from 'react';
import type { ChatMessage } from '../../extension/protocol/messages';
import { useActions } from '../shared/actions';
import { Attachments } from './Attachments';
import { Markdown } from './Markdown';
import { RewindButton } from './RewindButton';
import { Thinking } from './Thinking';

export interface MessageProps {
  message: ChatMessage;
  /** Whether this is the newest entry: only there does a streaming message show the cursor. */
  isLast: boolean;
  /** False for a continuation of the assistant's turn; the label stays for screen readers. */
  showAuthor?: boolean;
}

const AUTHOR = { user: 'You', assistant: 'Codewright' } as const;

export const Message = memo(function Message({ message, isLast, showAuthor = true }: MessageProps) {
  const { showLogs } = useActions();
  const streaming = message.status === 'streaming';
  const showCursor = streaming && isLast;
  return (
    <article
      className="message"
      data-testid="message"
      data-role={message.role}
      data-status={message.status}
      aria-label={AUTHOR[message.role]}
      // Screen readers wait for the finished text instead of announcing every streamed fragment.
      aria-busy={streaming}
    >
      {showAuthor && (
        <div className="message-author" aria-hidden="true">
          {AUTHOR[message.role]}
        </div>
      )}
      {message.thinking ? <Thinking messageId={message.id} text={message.thinking} active={showCursor && message.text === ''} /> : null}
      <div className="message-body">
        {message.role === 'user' ? (
          message.text !== '' && <span className="message-text">{message.text}</span>
        ) : (
          message.text !== '' && <Markdown text={message.text} streaming={streaming} />
        )}
        {message.attachments?.length ? <Attachments items={message.attachments} /> : null}
        {showCursor && <span className="streaming-cursor" data-testid="streaming-indicator" aria-hidden="true" />}
        {showCursor && <span className="visually-hidden">Codewright is responding…</span>}
      </div>
      {message.role === 'user' && <RewindButton messageId={message.id} />}
      {message.status === 'stopped' && <div className="message-note">Stopped</div>}
      {message.status === 'error' && (
        <div className="message-error" role="alert">
          <span>{message.error ?? 'The request failed.'}</span>{' '}
          <button type="button" className="link-button" onClick={showLogs}>
            Show logs
          </button>
        </div>
      )}
    </article>
  );
});

/** An assistant message with nothing to show (the turn went straight to a tool) takes no row. */
export function isVisibleMessage(m: ChatMessage, isLast: boolean): boolean {
  if (m.role === 'user' || m.text !== '' || m.thinking || m.attachments?.length) return true;
  return m.status === 'error' || m.status === 'stopped' || (m.status === 'streaming' && isLast);
}
