/**
 * The prompt box. Enter sends, Shift+Enter adds a line, ↑ in an empty box recalls the last prompt.
 * While a turn runs the Send button becomes Stop (Escape too), and nothing is sent until it ends.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { WebviewToHostSchema } from '../../extension/protocol/messages';

export interface ComposerProps {
  busy: boolean;
  model: string;
  lastPrompt: string | undefined;
  initialDraft: string;
  onDraftChange: (draft: string) => void;
  /** Returns false when the host bridge refused the prompt; the draft is then kept. */
  onSend: (text: string) => boolean;
  onStop: () => void;
}

/** The protocol schema is the one authority on what a sendable prompt is (non-blank, not too long). */
function isSendable(text: string): boolean {
  return WebviewToHostSchema.safeParse({ type: 'sendPrompt', text }).success;
}

export function Composer({ busy, model, lastPrompt, initialDraft, onDraftChange, onSend, onStop }: ComposerProps) {
  const [draft, setDraft] = useState(initialDraft);
  const hintId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const valid = isSendable(draft);
  const tooLong = !valid && draft.trim() !== '';

  const update = (value: string) => {
    setDraft(value);
    onDraftChange(value);
  };
  const send = () => {
    if (busy || !valid) return;
    if (!onSend(draft)) return;
    update('');
    // A click on Send leaves focus on a button that is about to become Stop; bring it back to typing.
    inputRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that confirms an IME composition (Japanese, Chinese…) must not send half-typed text.
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    } else if (e.key === 'ArrowUp' && draft === '' && lastPrompt !== undefined) {
      e.preventDefault();
      update(lastPrompt);
    } else if (e.key === 'Escape' && busy) {
      e.preventDefault();
      onStop();
    }
  };

  return (
    <form
      className="composer"
      aria-label="Prompt"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        className="composer-input"
        data-testid="composer-input"
        aria-label="Message Codewright"
        aria-describedby={hintId}
        ref={inputRef}
        placeholder="Ask Codewright (Enter to send, Shift+Enter for a new line)"
        rows={2}
        autoFocus
        value={draft}
        onChange={(e) => {
          update(e.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="composer-footer">
        <span id={hintId} className={tooLong ? 'composer-hint composer-hint-error' : 'composer-hint'}>
          {tooLong ? 'This prompt is too long to send.' : busy ? 'Working… press Escape to stop.' : model}
        </span>
        {busy ? (
          <button
            type="button"
            className="button-secondary"
            data-testid="stop-button"
            aria-label="Stop (Escape)"
            title="Stop (Escape)"
            onClick={onStop}
          >
            Stop
          </button>
        ) : (
          <button
            type="submit"
            className="button-primary"
            data-testid="send-button"
            aria-label="Send (Enter)"
            title="Send (Enter)"
            disabled={!valid}
          >
            Send
          </button>
        )}
      </div>
    </form>
  );
}
