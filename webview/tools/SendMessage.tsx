/** SendMessage: who the message went to, and the message itself. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  const message = str(entry.input, 'message');
  return (
    <div className="send-message" data-testid="send-message">
      {message ? <p className="send-message-text">{message}</p> : null}
      {entry.result ? <ResultText result={entry.result} /> : null}
    </div>
  );
}

export const SendMessageRenderer: ToolRenderer = {
  title: (entry) => {
    const to = str(entry.input, 'to');
    if (!to) return 'Send message';
    return to === '*' ? 'Message to the team' : `Message to ${to}`;
  },
  Result,
};
