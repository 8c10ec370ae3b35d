/**
 * Sending the draft: to the host when idle, to the queue while a turn runs (it waits for the next step; nothing
 * running is cancelled), or "now" (the running tool is stopped so it is read at once); either way the box empties.
 */
import { WebviewToHostSchema, type PromptImage } from '../../../extension/protocol/messages';
import type { DraftImages } from './useDraftImages';
import type { DraftText } from './useDraftText';

export interface SendTargets {
  busy: boolean;
  /** Returns false when the host bridge refused the prompt; the draft is then kept. */
  onSend: (text: string, images: PromptImage[]) => boolean;
  onQueue: (text: string, images: PromptImage[]) => void;
  /** While busy: send it now, stopping the running tool (Ctrl+Enter, the "Stop tool & send" button). */
  onSendNow: (text: string, images: PromptImage[]) => void;
}

export interface Send {
  /** The draft is a prompt the host accepts. */
  valid: boolean;
  /** The draft is not blank but still not sendable: it is too long. */
  tooLong: boolean;
  /** `now`: while busy, interrupt the running tool instead of queueing. */
  send: (now?: boolean) => void;
}

/** The protocol schema is the one authority on what a sendable prompt is (non-blank, not too long). */
function isSendable(text: string): boolean {
  return WebviewToHostSchema.safeParse({ type: 'sendPrompt', text }).success;
}

/** `stopRecalling` leaves the ↑ history walk (useHistory) once the draft is gone. */
export function useSend({ busy, onSend, onQueue, onSendNow }: SendTargets, text: DraftText, images: DraftImages, stopRecalling: () => void): Send {
  const { draft, update, inputRef } = text;
  const valid = isSendable(draft);
  const send = (now = false) => {
    if (!valid) return;
    const attached = images.images.map((i) => i.image);
    if (busy) {
      (now ? onSendNow : onQueue)(draft, attached);
    } else if (!onSend(draft, attached)) return;
    update('');
    images.clear();
    stopRecalling();
    // A click on Send leaves focus on a button that is about to become Stop; bring it back to typing.
    inputRef.current?.focus();
  };
  return { valid, tooLong: !valid && draft.trim() !== '', send };
}
