/** The composer's side of the bridge: the `sendPrompt` it posts, and what the host hands it to insert or restore. */
import { useCallback, useEffect, useRef } from 'react';
import type { PromptImage, WebviewToHost } from '../../../extension/protocol/messages';
import type { HostBridge } from '../../vscodeApi';
import type { ComposerHandle } from './Composer';
import { useComposerDraft } from './useComposerDraft';

function promptMessage(text: string, images: readonly PromptImage[]): Extract<WebviewToHost, { type: 'sendPrompt' }> {
  return images.length ? { type: 'sendPrompt', text, attachments: [...images] } : { type: 'sendPrompt', text };
}

/** What the host hands the composer: text to insert at the caret, prompts a Stop took back off the queue, or focus. */
type ComposerDelivery = { kind: 'insert'; text: string } | { kind: 'restore'; text: string; images: readonly PromptImage[] } | { kind: 'focus' };

function deliver(handle: ComposerHandle, d: ComposerDelivery): void {
  if (d.kind === 'insert') handle.insert(d.text);
  else if (d.kind === 'restore') handle.restore(d.text, d.images);
  else focusForTyping(handle);
}

/**
 * Puts the cursor where the user types next: a dialog that waits for an answer (permission, question, plan)
 * when one is open, else the prompt box. `window.focus()` first: the page is an iframe inside VS Code's
 * webview frame, and focusing an element does not bring keystrokes to a window that does not have focus.
 */
function focusForTyping(handle: ComposerHandle): void {
  window.focus();
  const waiting = document.querySelector<HTMLElement>('.inline-dialog:not(.command-panel)');
  if (waiting) waiting.focus();
  else handle.focus();
}

/** Nothing inside the page has focus (the view itself was focused, e.g. from its title or a keybinding). */
function nothingFocused(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * A ref callback for the composer that delivers the host's `insertText` and `promptsReturned` (also as a
 * snapshot's `returned`) to it, and the draft's images from the page's first snapshot. What arrives before
 * the composer is on screen (the view still loading) waits and is delivered, in order, once it mounts.
 */
export function useComposerInserts(bridge: HostBridge): (handle: ComposerHandle | null) => void {
  const current = useRef<ComposerHandle | null>(null);
  const pending = useRef<ComposerDelivery[]>([]);
  /** Only this page's first snapshot brings the draft's images back (later ones find them on screen). */
  const restoredImages = useRef(false);
  useEffect(
    () =>
      bridge.subscribe((event) => {
        const ds: ComposerDelivery[] = [];
        if (event.type === 'insertText') ds.push({ kind: 'insert', text: event.text });
        else if (event.type === 'focusComposer') ds.push({ kind: 'focus' });
        else if (event.type === 'promptsReturned') ds.push({ kind: 'restore', ...event.returned });
        else if (event.type === 'sessionSnapshot') {
          if (!restoredImages.current && event.draftImages) ds.push({ kind: 'restore', text: '', images: event.draftImages });
          restoredImages.current = true;
          if (event.returned) ds.push({ kind: 'restore', ...event.returned });
        }
        for (const d of ds) {
          if (current.current) deliver(current.current, d);
          else pending.current.push(d);
        }
      }),
    [bridge],
  );
  useEffect(() => {
    // The view got focus with nothing inside it focused: the keys go to the prompt box.
    const onFocus = () => {
      if (current.current && nothingFocused()) focusForTyping(current.current);
    };
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
    };
  }, []);
  return useCallback((handle: ComposerHandle | null) => {
    current.current = handle;
    if (!handle) return;
    for (const d of pending.current.splice(0)) deliver(handle, d);
  }, []);
}

/**
 * What App hands the composer to reach the host. A prompt sent while a turn runs goes out the same way
 * (`onQueue`): the host queues it for the next tool boundary or turn; `onSendNow` adds `interrupt`, which stops
 * the running tool so the boundary comes at once. `key` remounts the composer with a draft
 * the host put in (useComposerDraft).
 */
export function useComposerBridge(bridge: HostBridge, initialDraft: string) {
  const onSend = useCallback((text: string, images: PromptImage[]) => bridge.post(promptMessage(text, images)), [bridge]);
  const onSendNow = useCallback((text: string, images: PromptImage[]) => void bridge.post({ ...promptMessage(text, images), interrupt: true }), [bridge]);
  const ref = useComposerInserts(bridge);
  const onStop = useCallback(() => {
    bridge.post({ type: 'stop' });
  }, [bridge]);
  const seed = useComposerDraft(bridge, initialDraft);
  const onDraftChange = useCallback(
    (draft: string) => {
      bridge.saveViewState({ draft });
    },
    [bridge],
  );
  const onImagesChange = useCallback((images: PromptImage[]) => void bridge.post({ type: 'draftImages', images }), [bridge]);
  return { key: seed.key, props: { ref, initialDraft: seed.draft, onSend, onQueue: onSend, onSendNow, onStop, onDraftChange, onImagesChange } };
}
