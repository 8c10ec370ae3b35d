/** ↑/↓ in an empty box, or on a recalled prompt, walk through earlier prompts. */
import { useState, type KeyboardEvent } from 'react';
import type { DraftText } from './useDraftText';

export interface History {
  /** True when the key recalled a prompt. */
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** Stops recalling (the draft was sent). */
  reset: () => void;
}

/** `history` holds the earlier prompts, oldest first. */
export function useHistory(history: readonly string[], { draft, update }: DraftText): History {
  /** Position in `history` while recalling, counted from the newest; null when not recalling. */
  const [recall, setRecall] = useState<number | null>(null);
  const recallAt = (index: number | null) => {
    setRecall(index);
    update(index === null ? '' : (history[history.length - 1 - index] ?? ''));
  };
  const recalling = recall !== null && draft === history[history.length - 1 - recall];

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (e.key === 'ArrowUp' && (draft === '' || recalling) && history.length > 0) {
      e.preventDefault();
      recallAt(Math.min((recalling ? recall : -1) + 1, history.length - 1));
      return true;
    }
    if (e.key === 'ArrowDown' && recalling) {
      e.preventDefault();
      recallAt(recall > 0 ? recall - 1 : null);
      return true;
    }
    return false;
  };
  return {
    onKeyDown,
    reset: () => {
      setRecall(null);
    },
  };
}
