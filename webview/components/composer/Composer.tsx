/**
 * The prompt box. Enter sends, Shift+Enter adds a line; ↑/↓ in an empty box (or on a recalled prompt)
 * walk through earlier prompts. `/` at the start completes slash commands (a picked command's argument hint
 * shows as ghost text until arguments are typed) and `@` completes workspace files (the host searches). While
 * a turn runs the Send button becomes Stop (Escape too), and Enter queues the message: it waits for the next
 * tool boundary (or the next turn) and nothing running is cancelled. Ctrl+Enter, or the "Stop tool & send"
 * button, sends it now instead, stopping the running tool. A Stop puts queued messages back here (`restore`).
 */
import { useId, type KeyboardEvent, type Ref } from 'react';
import type { PromptImage, SlashCommand } from '../../../extension/protocol/messages';
import { CompletionMenu } from './CompletionMenu';
import { pendingArgumentHint } from './completion';
import { ImageThumbs } from './ImageThumbs';
import { PromptInput } from './PromptInput';
import { useComposerHandle } from './useComposerHandle';
import { useCompletion } from './useCompletion';
import { useDraftImages } from './useDraftImages';
import { useDraftText } from './useDraftText';
import { useHistory } from './useHistory';
import { useSend } from './useSend';

/** What the host may do to the composer. */
export interface ComposerHandle {
  /** At the caret ("Add Selection to Chat" inserts a mention). */
  insert: (text: string) => void;
  /**
   * Prompts a Stop took off the queue: their text goes before the draft, their images join its images.
   * With no text, only the images are added (a new page of the view getting its draft's images back).
   */
  restore: (text: string, images: readonly PromptImage[]) => void;
  /** Puts the cursor in the prompt box, at the end of the draft. */
  focus: () => void;
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
  /** Keeps a prompt typed while busy (with its images), for the next tool boundary or turn. */
  onQueue: (text: string, images: PromptImage[]) => void;
  /** Sends a prompt typed while busy now, stopping the running tool. */
  onSendNow: (text: string, images: PromptImage[]) => void;
  /** The draft's images changed (the host keeps them for the view's next page). */
  onImagesChange?: (images: PromptImage[]) => void;
  ref?: Ref<ComposerHandle>;
  commands: readonly SlashCommand[];
  fileSuggestions: { requestId: string; items: readonly { path: string }[] } | null;
  onSearchFiles: (query: string, requestId: string) => void;
}

export function Composer({ ref, ...props }: ComposerProps) {
  const { busy, model, onStop } = props;
  const text = useDraftText(props.initialDraft, props.onDraftChange);
  const hintId = useId();
  const menuId = useId();
  const images = useDraftImages(props.onImagesChange);
  const completion = useCompletion(text, props);
  const history = useHistory(props.history, text);
  useComposerHandle(ref, text, images.restore);
  const { valid, tooLong, send } = useSend(props, text, images, history.reset);
  const { menuOpen, activeIndex } = completion;

  const onKeyDown = promptKeys({ completion, history, send, busy, onStop });

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
      {menuOpen && <CompletionMenu id={menuId} items={completion.items} active={activeIndex} onPick={completion.accept} />}
      <ImageThumbs images={images.images} onRemove={images.remove} />
      {images.error && (
        <div className="composer-image-error" role="alert" data-testid="composer-image-error">
          {images.error}
        </div>
      )}
      <PromptInput
        text={text}
        hintId={hintId}
        menuId={menuId}
        menuOpen={menuOpen}
        activeIndex={activeIndex}
        argumentHint={menuOpen ? null : pendingArgumentHint(text.draft, props.commands)}
        onKeyDown={onKeyDown}
        onPaste={images.onPaste}
      />
      <ComposerFooter
        hintId={hintId}
        busy={busy}
        valid={valid}
        tooLong={tooLong}
        model={model}
        onStop={onStop}
        onSendNow={() => {
          send(true);
        }}
      />
    </form>
  );
}

type KeyHandler = (e: KeyboardEvent<HTMLTextAreaElement>) => boolean;

interface PromptKeys {
  completion: { onKeyDown: KeyHandler };
  history: { onKeyDown: KeyHandler };
  send: (now?: boolean) => void;
  busy: boolean;
  onStop: () => void;
}

/** What a key in the prompt box does: Enter sends (Ctrl+Enter now), Escape stops a running turn. */
function promptKeys({ completion, history, send, busy, onStop }: PromptKeys) {
  return (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that confirms an IME composition (Japanese, Chinese…) must not send half-typed text.
    if (e.nativeEvent.isComposing) return;
    // The open menu has the first say, then the prompt history (arrow keys only).
    if (completion.onKeyDown(e) || history.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send(e.ctrlKey || e.metaKey);
    } else if (e.key === 'Escape' && busy) {
      e.preventDefault();
      onStop();
    }
  };
}

interface ComposerFooterProps {
  hintId: string;
  busy: boolean;
  valid: boolean;
  tooLong: boolean;
  model: string;
  onStop: () => void;
  onSendNow: () => void;
}

/** What the keys do while a turn runs: what the hint says is what Enter, Ctrl+Enter and Escape do. */
const BUSY_HINT = 'Working… Enter queues your message for the next step; Ctrl+Enter stops the running tool and sends it now; Escape stops.';

/**
 * The hint under the box (model, working, or too long) and the Send button; while busy, Stop and, once there is
 * something to send, "Stop tool & send".
 */
function ComposerFooter({ hintId, busy, valid, tooLong, model, onStop, onSendNow }: ComposerFooterProps) {
  return (
    <div className="composer-footer">
      <span id={hintId} className={tooLong ? 'composer-hint composer-hint-error' : 'composer-hint'} data-testid="composer-hint">
        {tooLong ? 'This prompt is too long to send.' : busy ? BUSY_HINT : model}
      </span>
      {busy ? (
        <>
          {valid && (
            <button
              type="button"
              className="button-secondary"
              data-testid="send-now-button"
              aria-label="Stop the running tool and send now (Ctrl+Enter)"
              title="Stop the running tool and send now (Ctrl+Enter)"
              onClick={onSendNow}
            >
              Stop tool &amp; send
            </button>
          )}
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
        </>
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
  );
}
