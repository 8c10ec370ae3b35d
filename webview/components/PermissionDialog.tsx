/**
 * The inline permission dialog above the composer, keyboard-first: 1 allows once, 2 accepts the first
 * suggestion, 3 or Escape denies, Tab moves to a feedback field whose text goes to the model with the
 * denial (Enter there denies). Focus moves in when it appears and back to the composer when it closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PermissionRequest, WebviewToHost } from '../../extension/protocol/messages';
import { PermissionPreviewView } from './PermissionDialogPreview';

type Answer = Extract<WebviewToHost, { type: 'answerPermission' }>;

export interface PermissionDialogProps {
  request: PermissionRequest;
  onAnswer: (answer: Answer) => void;
  onOpenDiff: (requestId: string) => void;
}

/** The composer is the natural place to continue once the dialog is gone. */
function focusComposer(): void {
  document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.focus();
}

export function PermissionDialog({ request, onAnswer, onOpenDiff }: PermissionDialogProps) {
  const titleId = useId();
  const feedbackId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const feedbackRef = useRef<HTMLInputElement>(null);
  const [feedback, setFeedback] = useState('');
  const answered = useRef(false);
  const suggestion = request.suggestions[0];

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.focus();
    return () => {
      // Only pull focus back if it was still ours; a click elsewhere meanwhile wins.
      const active = document.activeElement;
      if (!active || active === document.body || dialog?.contains(active) || !active.isConnected) focusComposer();
    };
  }, []);

  const answer = (choice: Answer['choice'], extra: { suggestionIndex?: number; feedback?: string } = {}) => {
    // A key repeat or a double click must not answer twice (the second would hit the next request).
    if (answered.current) return;
    answered.current = true;
    onAnswer({ type: 'answerPermission', requestId: request.requestId, choice, ...extra });
  };
  const deny = () => {
    const text = feedback.trim();
    answer('deny', text ? { feedback: text } : {});
  };
  const accept = () => {
    if (suggestion) answer('suggestion', { suggestionIndex: suggestion.index });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
    const inField = e.target === feedbackRef.current;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      deny();
      return;
    }
    if (inField) {
      if (e.key === 'Enter') {
        e.preventDefault();
        deny();
      } else if (e.key === 'Tab' && e.shiftKey) {
        e.preventDefault();
        dialogRef.current?.focus();
      }
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && e.target === dialogRef.current) {
      e.preventDefault();
      feedbackRef.current?.focus();
    } else if (e.key === '1') {
      e.preventDefault();
      answer('allowOnce');
    } else if (e.key === '2' && suggestion) {
      e.preventDefault();
      accept();
    } else if (e.key === '3') {
      e.preventDefault();
      deny();
    }
  };

  return (
    <div
      ref={dialogRef}
      className="inline-dialog permission-dialog"
      data-testid="permission-dialog"
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-detail`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="permission-header">
        <span id={titleId} className="permission-title">
          Allow {request.title}
          {request.summary ? <span className="permission-summary">: {request.summary}</span> : null}?
        </span>
        {request.waiting > 0 && (
          <span className="permission-waiting" data-testid="permission-waiting">
            {request.waiting} more waiting
          </span>
        )}
      </div>
      <div id={`${titleId}-detail`} className="permission-detail">
        <PermissionPreviewView request={request} onOpenDiff={onOpenDiff} />
        {request.warnings.length > 0 && (
          <ul className="permission-warnings" data-testid="permission-warnings" aria-label="Warnings">
            {request.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        )}
        {request.message && request.preview.kind !== 'bash' && request.warnings.length === 0 && (
          <div className="permission-message">{request.message}</div>
        )}
        {request.reason && (
          <div className="permission-reason" data-testid="permission-reason">
            Asking because {request.reason}
          </div>
        )}
      </div>
      <div className="permission-options" role="group" aria-label="Answer">
        <button type="button" className="permission-option" data-testid="permission-allow" onClick={() => answer('allowOnce')}>
          <kbd>1</kbd> Allow once
        </button>
        {suggestion && (
          <button type="button" className="permission-option" data-testid="permission-suggestion" onClick={accept}>
            <kbd>2</kbd> {suggestion.label}
          </button>
        )}
        <button type="button" className="permission-option" data-testid="permission-deny" onClick={deny}>
          <kbd>3</kbd> Deny <span className="permission-hint">(Esc)</span>
        </button>
      </div>
      <label className="permission-feedback" htmlFor={feedbackId}>
        <span className="permission-hint">Tab to tell the agent what to do instead; Enter denies with it</span>
        <input
          id={feedbackId}
          ref={feedbackRef}
          className="permission-feedback-input"
          data-testid="permission-feedback"
          type="text"
          placeholder="Deny with feedback…"
          value={feedback}
          maxLength={10_000}
          onChange={(e) => {
            setFeedback(e.target.value);
          }}
        />
      </label>
    </div>
  );
}
