/** The text being written and its caret, kept both in state (to render) and in a ref (for the host's calls). */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface DraftText {
  draft: string;
  caret: number;
  /** The draft and caret as last set, for the host's calls that arrive before React renders them. */
  latest: RefObject<{ draft: string; caret: number }>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Sets the draft, with the caret at `at` (its end by default), and reports it to `onDraftChange`. */
  update: (value: string, at?: number) => void;
  /** `update`, then puts the textarea's caret at `at` once React has rendered the new text. */
  place: (value: string, at: number) => void;
  /** The caret moved without the text changing (a click, an arrow key, a selection). */
  select: (at: number) => void;
}

export function useDraftText(initialDraft: string, onDraftChange: (draft: string) => void): DraftText {
  const [draft, setDraft] = useState(initialDraft);
  const [caret, setCaret] = useState(initialDraft.length);
  const latest = useRef({ draft: initialDraft, caret: initialDraft.length });
  const pendingCaret = useRef<number | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Puts the caret after an accepted completion (or inserted text) once React has rendered the new text.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !inputRef.current) return;
    pendingCaret.current = null;
    inputRef.current.setSelectionRange(at, at);
  });

  const update = (value: string, at = value.length) => {
    latest.current = { draft: value, caret: at };
    setDraft(value);
    setCaret(at);
    onDraftChange(value);
  };
  return {
    draft,
    caret,
    latest,
    inputRef,
    update,
    place: (value, at) => {
      pendingCaret.current = at;
      update(value, at);
    },
    select: (at) => {
      latest.current = { ...latest.current, caret: at };
      setCaret(at);
    },
  };
}
