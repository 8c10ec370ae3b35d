/** One chat message. Text is rendered as plain React text, so nothing from the model becomes markup. */
import type { ChatMessage } from '../../extension/protocol/messages';

export interface MessageProps {
  message: ChatMessage;
  onShowLogs: () => void;
}

const AUTHOR = { user: 'You', assistant: 'Codewright' } as const;

export function Message({ message, onShowLogs }: MessageProps) {
  const streaming = message.status === 'streaming';
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
      <div className="message-author" aria-hidden="true">
        {AUTHOR[message.role]}
      </div>
      <div className="message-body">
        {message.text !== '' && <span className="message-text">{message.text}</span>}
        {streaming && <span className="streaming-cursor" data-testid="streaming-indicator" aria-hidden="true" />}
        {streaming && <span className="visually-hidden">Codewright is responding…</span>}
      </div>
      {message.status === 'stopped' && <div className="message-note">Stopped</div>}
      {message.status === 'error' && (
        <div className="message-error" role="alert">
          <span>{message.error ?? 'The request failed.'}</span>{' '}
          <button type="button" className="link-button" onClick={onShowLogs}>
            Show logs
          </button>
        </div>
      )}
    </article>
  );
}
