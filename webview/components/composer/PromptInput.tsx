/**
 * The composer's textarea. After a slash command with an argument hint (`/git:commit `), the hint shows
 * as ghost text where the arguments go, until the user types them: a textarea's own placeholder only
 * shows while it is empty, so the ghost is a layer under it with the draft laid out invisibly before the hint.
 */
import { useId, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { DraftText } from './useDraftText';
import '../../commands.css';

export interface PromptInputProps {
  text: DraftText;
  /** The footer line that describes the box (model, working, too long). */
  hintId: string;
  menuId: string;
  menuOpen: boolean;
  activeIndex: number;
  /** The picked command's arguments still to type (`<message>`); null when there is nothing to show. */
  argumentHint: string | null;
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste: (e: ClipboardEvent<HTMLTextAreaElement>) => void;
}

export function PromptInput({ text, hintId, menuId, menuOpen, activeIndex, argumentHint, onKeyDown, onPaste }: PromptInputProps) {
  const ghostId = useId();
  const { draft, inputRef, update, select } = text;
  return (
    <div className="composer-input-wrap">
      {argumentHint !== null && (
        <div className="composer-ghost" aria-hidden="true">
          <span className="composer-ghost-typed">{draft}</span>
          <span id={ghostId} className="composer-ghost-hint" data-testid="composer-argument-hint">
            {argumentHint}
          </span>
        </div>
      )}
      <textarea
        className="composer-input"
        data-testid="composer-input"
        aria-label="Message Codewright"
        aria-describedby={argumentHint !== null ? `${ghostId} ${hintId}` : hintId}
        aria-autocomplete="list"
        aria-expanded={menuOpen}
        {...(menuOpen ? { 'aria-controls': menuId, 'aria-activedescendant': `${menuId}-${String(activeIndex)}` } : {})}
        ref={inputRef}
        placeholder="Ask Codewright (Enter to send, / for commands, @ for files)"
        rows={2}
        autoFocus
        value={draft}
        onChange={(e) => {
          update(e.target.value, e.target.selectionStart);
        }}
        onSelect={(e) => {
          select(e.currentTarget.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
    </div>
  );
}
