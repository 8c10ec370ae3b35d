/** The composer's handle for the host (composerBridge.ts): insert at the caret, restore queued prompts, focus. */
import { useImperativeHandle, type Ref } from 'react';
import type { PromptImage } from '../../../extension/protocol/messages';
import type { ComposerHandle } from './Composer';
import type { DraftText } from './useDraftText';

export function useComposerHandle(
  ref: Ref<ComposerHandle> | undefined,
  text: DraftText,
  restoreImages: (images: readonly PromptImage[]) => void,
): void {
  const { latest, place, inputRef } = text;
  useImperativeHandle(
    ref,
    () => ({
      insert(inserted: string) {
        const { draft: now, caret: at } = latest.current;
        const before = now.slice(0, at);
        const spacer = before === '' || /\s$/.test(before) ? '' : ' ';
        const added = `${spacer}${inserted} `;
        place(before + added + now.slice(at), at + added.length);
        inputRef.current?.focus();
      },
      restore(restored: string, images: readonly PromptImage[]) {
        const now = latest.current.draft;
        if (restored !== '') place(now.trim() === '' ? restored : `${restored}\n\n${now}`, restored.length);
        restoreImages(images);
        inputRef.current?.focus();
      },
      focus() {
        const input = inputRef.current;
        if (!input || document.activeElement === input) return;
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
      },
    }),
    // `place` only calls setters, the stable onDraftChange and refs; `restoreImages` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
