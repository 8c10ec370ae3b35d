/**
 * The inline permission dialog above the composer, keyboard-first: 1 allows once, 2 accepts the first
 * suggestion, 3 or Escape denies, Tab moves to a feedback field whose text goes to the model with the
 * denial (Enter there denies). Focus moves in when it appears and back to the composer when it closes.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PermissionRequest, WebviewToHost } from '../../extension/protocol/messages';
import { FeedbackField, PermissionDetail, PermissionHeader, PermissionOptions } from './PermissionDialogParts';
import { handledCommonKey, useInlineDialog } from './useInlineDialog';

type Answer = Extract<WebviewToHost, { type: 'answerPermission' }>;

export interface PermissionDialogProps {
  request: PermissionRequest;
  onAnswer: (answer: Answer) => void;
  onOpenDiff: (requestId: string) => void;
}

interface KeyTargets {
  dialog: HTMLDivElement | null;
  feedback: HTMLInputElement | null;
  allow: () => void;
  /** Absent when the request offers no suggestion. */
  accept: (() => void) | undefined;
  deny: () => void;
}

function onPermissionKey(e: KeyboardEvent<HTMLDivElement>, { dialog, feedback, allow, accept, deny }: KeyTargets): void {
  if (handledCommonKey(e, deny)) return;
  if (e.target === feedback) {
    if (e.key === 'Enter') {
      e.preventDefault();
      deny();
    } else if (e.key === 'Tab' && e.shiftKey) {
      e.preventDefault();
      dialog?.focus();
    }
    return;
  }
  if (e.key === 'Tab' && !e.shiftKey && e.target === dialog) {
    e.preventDefault();
    feedback?.focus();
  } else if (e.key === '1') {
    e.preventDefault();
    allow();
  } else if (e.key === '2' && accept) {
    e.preventDefault();
    accept();
  } else if (e.key === '3') {
    e.preventDefault();
    deny();
  }
}

export function PermissionDialog({ request, onAnswer, onOpenDiff }: PermissionDialogProps) {
  const titleId = useId();
  const feedbackId = useId();
  const { ref: dialogRef, answerOnce } = useInlineDialog(onAnswer);
  const feedbackRef = useRef<HTMLInputElement>(null);
  const [feedback, setFeedback] = useState('');
  const suggestion = request.suggestions[0];

  const answer = (choice: Answer['choice'], extra: { suggestionIndex?: number; feedback?: string } = {}) => {
    answerOnce({ type: 'answerPermission', requestId: request.requestId, choice, ...extra });
  };
  const allow = () => {
    answer('allowOnce');
  };
  const deny = () => {
    const text = feedback.trim();
    answer('deny', text ? { feedback: text } : {});
  };
  const accept = () => {
    if (suggestion) answer('suggestion', { suggestionIndex: suggestion.index });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    onPermissionKey(e, { dialog: dialogRef.current, feedback: feedbackRef.current, allow, accept: suggestion ? accept : undefined, deny });
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
      <PermissionHeader titleId={titleId} request={request} />
      <PermissionDetail id={`${titleId}-detail`} request={request} onOpenDiff={onOpenDiff} />
      <PermissionOptions suggestion={suggestion} onAllow={allow} onAccept={accept} onDeny={deny} />
      <FeedbackField id={feedbackId} ref={feedbackRef} value={feedback} onChange={setFeedback} />
    </div>
  );
}
