/**
 * The completion menu at the caret: `/` at the start completes slash commands, `@` completes workspace
 * files (the host searches). The textarea keeps focus; its keys drive the menu while it is open.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { SlashCommand } from '../../../extension/protocol/messages';
import { completionTrigger, fileItems, slashItems, type CompletionItem } from './completion';
import type { DraftText } from './useDraftText';

export interface CompletionSources {
  commands: readonly SlashCommand[];
  fileSuggestions: { requestId: string; items: readonly { path: string }[] } | null;
  onSearchFiles: (query: string, requestId: string) => void;
}

export interface Completion {
  items: CompletionItem[];
  menuOpen: boolean;
  activeIndex: number;
  accept: (item: CompletionItem) => void;
  /** ↑/↓ move, Enter or Tab accepts, Escape closes the menu; true when the key was the open menu's. */
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => boolean;
}

export function useCompletion({ draft, caret, place }: DraftText, { commands, fileSuggestions, onSearchFiles }: CompletionSources): Completion {
  /**
   * The draft at which Escape closed the menu; it reopens once the draft changes, and forgets it then, so the
   * same text typed again later (the next prompt) opens the menu again.
   */
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  if (dismissedAt !== null && dismissedAt !== draft) setDismissedAt(null);
  /** The highlighted item, for the completion it was chosen in; a new query starts at the top. */
  const [active, setActive] = useState({ key: '', index: 0 });

  const trigger = completionTrigger(draft, caret);
  const triggerKey = trigger ? `${trigger.kind}:${trigger.query}` : '';
  // Named by its query, so any answer for the query on screen is current and older ones are ignored.
  const fileRequest = trigger?.kind === 'file' ? `files:${trigger.query.slice(0, 90)}` : null;
  const fileQuery = trigger?.kind === 'file' ? trigger.query : null;
  useEffect(() => {
    if (fileQuery === null) return;
    onSearchFiles(fileQuery, `files:${fileQuery.slice(0, 90)}`);
  }, [fileQuery, onSearchFiles]);

  let items: CompletionItem[] = [];
  if (trigger?.kind === 'slash') items = slashItems(commands, trigger.query);
  else if (trigger?.kind === 'file' && fileSuggestions && fileSuggestions.requestId === fileRequest) {
    items = fileItems(fileSuggestions.items);
  }
  const menuOpen = trigger !== null && items.length > 0 && dismissedAt !== draft;
  const activeIndex = active.key === triggerKey ? Math.min(active.index, items.length - 1) : 0;

  const accept = (item: CompletionItem) => {
    if (!trigger) return;
    place(draft.slice(0, trigger.start) + item.insert + draft.slice(trigger.end), trigger.start + item.insert.length);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!menuOpen) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive({ key: triggerKey, index: (activeIndex + step + items.length) % items.length });
      return true;
    }
    if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      const item = items[activeIndex];
      // A command typed out in full runs on Enter, as it would with the menu closed; Tab still completes it.
      if (item && e.key === 'Enter' && trigger?.kind === 'slash' && draft.trim() === item.insert.trim()) return false;
      if (item) {
        e.preventDefault();
        accept(item);
        return true;
      }
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      setDismissedAt(draft);
      return true;
    }
    return false;
  };
  return { items, menuOpen, activeIndex, accept, onKeyDown };
}
