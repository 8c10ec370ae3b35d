/**
 * The prompt box. Enter sends, Shift+Enter adds a line; ↑/↓ in an empty box (or on a recalled prompt)
 * walk through earlier prompts. `/` at the start completes slash commands and `@` completes workspace
 * files (the host searches). While a turn runs the Send button becomes Stop (Escape too), and Enter queues
 * the message to be sent when the turn ends; a Stop puts queued messages back here instead (`restore`).
 */
import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { WebviewToHostSchema, type PromptImage, type SlashCommand } from '../../../extension/protocol/messages';
import { completionTrigger, fileItems, slashItems, type CompletionItem } from './completion';
import { CompletionMenu } from './CompletionMenu';
import { ImageThumbs } from './ImageThumbs';
import { useDraftImages } from './useDraftImages';

/** What the host may do to the composer. */
export interface ComposerHandle {
  /** At the caret ("Add Selection to Chat" inserts a mention). */
  insert: (text: string) => void;
  /**
   * Prompts a Stop took off the queue: their text goes before the draft, their images join its images.
   * With no text, only the images are added (a new page of the view getting its draft's images back).
   */
  restore: (text: string, images: readonly PromptImage[]) => void;
}

export interface ComposerProps {
  busy: boolean;
  model: string;
  /** Earlier prompts, oldest first, for ↑ recall. */
  history: readonly string[];
  initialDraft: string;
  onDraftChange: (draft: string) => void;
  /** Returns false when the host bridge refused the prompt; the draft is then kept. */
  onSend: (text: string, images: PromptImage[]) => boolean;
  onStop: () => void;
  /** Keeps a prompt typed while busy (with its images), to send when the turn ends. */
  onQueue: (text: string, images: PromptImage[]) => void;
  /** The draft's images changed (the host keeps them for the view's next page). */
  onImagesChange?: (images: PromptImage[]) => void;
  ref?: Ref<ComposerHandle>;
  commands: readonly SlashCommand[];
  fileSuggestions: { requestId: string; items: readonly { path: string }[] } | null;
  onSearchFiles: (query: string, requestId: string) => void;
}

/** The protocol schema is the one authority on what a sendable prompt is (non-blank, not too long). */
function isSendable(text: string): boolean {
  return WebviewToHostSchema.safeParse({ type: 'sendPrompt', text }).success;
}

export function Composer({ ref, ...props }: ComposerProps) {
  const { busy, model, history, initialDraft, onDraftChange, onSend, onStop, onQueue } = props;
  const [draft, setDraft] = useState(initialDraft);
  const [caret, setCaret] = useState(initialDraft.length);
  /** The draft and caret as last set, for the host's calls that arrive before React renders them. */
  const latest = useRef({ draft: initialDraft, caret: initialDraft.length });
  /** The draft at which Escape closed the menu; it reopens once the draft changes. */
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  /** The highlighted item, for the completion it was chosen in; a new query starts at the top. */
  const [active, setActive] = useState({ key: '', index: 0 });
  /** Position in `history` while recalling, counted from the newest; null when not recalling. */
  const [recall, setRecall] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const hintId = useId();
  const menuId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const images = useDraftImages(props.onImagesChange);
  const valid = isSendable(draft);
  const tooLong = !valid && draft.trim() !== '';

  const trigger = completionTrigger(draft, caret);
  const triggerKey = trigger ? `${trigger.kind}:${trigger.query}` : '';
  // Named by its query, so any answer for the query on screen is current and older ones are ignored.
  const fileRequest = trigger?.kind === 'file' ? `files:${trigger.query.slice(0, 90)}` : null;
  const fileQuery = trigger?.kind === 'file' ? trigger.query : null;
  const { onSearchFiles } = props;
  useEffect(() => {
    if (fileQuery === null) return;
    onSearchFiles(fileQuery, `files:${fileQuery.slice(0, 90)}`);
  }, [fileQuery, onSearchFiles]);

  let items: CompletionItem[] = [];
  if (trigger?.kind === 'slash') items = slashItems(props.commands, trigger.query);
  else if (trigger?.kind === 'file' && props.fileSuggestions && props.fileSuggestions.requestId === fileRequest) {
    items = fileItems(props.fileSuggestions.items);
  }
  const menuOpen = trigger !== null && items.length > 0 && dismissedAt !== draft;
  const activeIndex = active.key === triggerKey ? Math.min(active.index, items.length - 1) : 0;

  // Puts the caret after an accepted completion once React has rendered the new text.
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
  const send = () => {
    if (!valid) return;
    const attached = images.images.map((i) => i.image);
    if (busy) {
      onQueue(draft, attached);
    } else if (!onSend(draft, attached)) return;
    update('');
    images.clear();
    setRecall(null);
    // A click on Send leaves focus on a button that is about to become Stop; bring it back to typing.
    inputRef.current?.focus();
  };
  const accept = (item: CompletionItem) => {
    if (!trigger) return;
    const next = draft.slice(0, trigger.start) + item.insert + draft.slice(trigger.end);
    const at = trigger.start + item.insert.length;
    pendingCaret.current = at;
    update(next, at);
  };
  useImperativeHandle(
    ref,
    () => ({
      insert(text: string) {
        const { draft: now, caret: at } = latest.current;
        const before = now.slice(0, at);
        const spacer = before === '' || /\s$/.test(before) ? '' : ' ';
        const inserted = `${spacer}${text} `;
        const after = at + inserted.length;
        pendingCaret.current = after;
        update(before + inserted + now.slice(at), after);
        inputRef.current?.focus();
      },
      restore(text: string, restored: readonly PromptImage[]) {
        const now = latest.current.draft;
        if (text !== '') {
          pendingCaret.current = text.length;
          update(now.trim() === '' ? text : `${text}\n\n${now}`, text.length);
        }
        images.restore(restored);
        inputRef.current?.focus();
      },
    }),
    // `update` only calls setters, the stable onDraftChange and refs; `images.restore` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const recallAt = (index: number | null) => {
    setRecall(index);
    update(index === null ? '' : (history[history.length - 1 - index] ?? ''));
  };
  const recalling = recall !== null && draft === history[history.length - 1 - recall];

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that confirms an IME composition (Japanese, Chinese…) must not send half-typed text.
    if (e.nativeEvent.isComposing) return;
    if (menuOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive({ key: triggerKey, index: (activeIndex + step + items.length) % items.length });
        return;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        const item = items[activeIndex];
        if (item) {
          e.preventDefault();
          accept(item);
          return;
        }
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissedAt(draft);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    } else if (e.key === 'ArrowUp' && (draft === '' || recalling) && history.length > 0) {
      e.preventDefault();
      recallAt(Math.min((recalling ? recall : -1) + 1, history.length - 1));
    } else if (e.key === 'ArrowDown' && recalling) {
      e.preventDefault();
      recallAt(recall > 0 ? recall - 1 : null);
    } else if (e.key === 'Escape' && busy) {
      e.preventDefault();
      onStop();
    }
  };

  return (
    <form
      className="composer"
      aria-label="Prompt"
      onDragOver={images.onDragOver}
      onDrop={images.onDrop}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) send();
      }}
    >
      {menuOpen && <CompletionMenu id={menuId} items={items} active={activeIndex} onPick={accept} />}
      <ImageThumbs images={images.images} onRemove={images.remove} />
      {images.error && (
        <div className="composer-image-error" role="alert" data-testid="composer-image-error">
          {images.error}
        </div>
      )}
      <textarea
        className="composer-input"
        data-testid="composer-input"
        aria-label="Message Codewright"
        aria-describedby={hintId}
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
          latest.current = { ...latest.current, caret: e.currentTarget.selectionStart };
          setCaret(e.currentTarget.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onPaste={images.onPaste}
      />
      <div className="composer-footer">
        <span id={hintId} className={tooLong ? 'composer-hint composer-hint-error' : 'composer-hint'}>
          {tooLong ? 'This prompt is too long to send.' : busy ? 'Working… Escape stops; Enter queues your message.' : model}
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
