/**
 * What the inline dialogs above the composer (PermissionDialog, QuestionCard) do alike: focus moves in
 * when one appears and back to the composer when it closes, it answers at most once, and Escape declines.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** The composer is the natural place to continue once the dialog is gone. */
function focusComposer(): void {
  document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.focus();
}

export interface InlineDialog<A> {
  /** The dialog's root element, focusable (tabIndex -1). */
  ref: RefObject<HTMLDivElement | null>;
  /** Calls onAnswer the first time only. */
  answerOnce: (answer: A) => void;
}

export function useInlineDialog<A>(onAnswer: (answer: A) => void): InlineDialog<A> {
  const ref = useRef<HTMLDivElement>(null);
  const answered = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    dialog?.focus();
    return () => {
      // Only pull focus back if it was still ours; a click elsewhere meanwhile wins.
      const active = document.activeElement;
      if (!active || active === document.body || dialog?.contains(active) || !active.isConnected) focusComposer();
    };
  }, []);

  const answerOnce = (answer: A) => {
    // A key repeat or a double click must not answer twice (the second would hit the next request).
    if (answered.current) return;
    answered.current = true;
    onAnswer(answer);
  };
  return { ref, answerOnce };
}

/**
 * The keys every inline dialog treats alike: none is handled while an IME composes or with a modifier held,
 * and Escape declines. True when the key needs no further handling.
 */
export function handledCommonKey(e: KeyboardEvent<HTMLDivElement>, decline: () => void): boolean {
  if (e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey) return true;
  if (e.key !== 'Escape') return false;
  e.preventDefault();
  e.stopPropagation();
  decline();
  return true;
}
