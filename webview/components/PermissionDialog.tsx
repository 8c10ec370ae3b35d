/**
 * The inline permission dialog above the composer, keyboard-first: 1 allows once, 2 accepts the first
 * suggestion, 3 or Escape denies, 4 (when a background agent asks) allows for the rest of its run, Tab
 * moves to a feedback field whose text goes to the model with the answer: Enter there denies with it,
 * Ctrl+Enter allows with it as a note (so do the allow buttons). Focus moves in when it appears and back to
 * the composer when it closes.
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
  /** Absent unless a background agent asks. */
  allowForRun: (() => void) | undefined;
}

function onPermissionKey(e: KeyboardEvent<HTMLDivElement>, { dialog, feedback, allow, accept, deny, allowForRun }: KeyTargets): void {
  // Before the common keys, which leave every modified key alone: Ctrl+Enter in the field allows with the note.
  if (e.target === feedback && e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
    e.preventDefault();
    allow();
    return;
  }
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
  } else if (e.key === '4' && allowForRun) {
    e.preventDefault();
    allowForRun();
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
  // Whatever the answer, typed feedback goes with it: the reason for a denial, a note with an allow.
  const typed = () => {
    const text = feedback.trim();
    return text ? { feedback: text } : {};
  };
  const allow = () => {
    answer('allowOnce', typed());
  };
  const deny = () => {
    answer('deny', typed());
  };
  const accept = () => {
    if (suggestion) answer('suggestion', { suggestionIndex: suggestion.index, ...typed() });
  };
  const allowForRun = request.agent?.background ? () => answer('allowForAgentRun', typed()) : undefined;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    onPermissionKey(e, { dialog: dialogRef.current, feedback: feedbackRef.current, allow, accept: suggestion ? accept : undefined, deny, allowForRun });
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
      <PermissionOptions suggestion={suggestion} onAllow={allow} onAccept={accept} onDeny={deny} onAllowForRun={allowForRun} />
      <FeedbackField id={feedbackId} ref={feedbackRef} value={feedback} onChange={setFeedback} />
    </div>
  );
}
