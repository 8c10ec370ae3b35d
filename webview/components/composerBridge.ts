/** The composer's side of the bridge: the `sendPrompt` it posts, and the `insertText` the host sends it. */
import { useCallback, useEffect, useRef } from 'react';
import type { PromptImage, WebviewToHost } from '../../extension/protocol/messages';
import type { HostBridge } from '../vscodeApi';
import type { ComposerHandle } from './Composer';

export function promptMessage(text: string, images: readonly PromptImage[]): WebviewToHost {
  return images.length ? { type: 'sendPrompt', text, attachments: [...images] } : { type: 'sendPrompt', text };
}

/**
 * A ref callback for the composer that delivers the host's `insertText` events to it. Text that arrives
 * before the composer is on screen (the view still loading) waits and is inserted once it mounts.
 */
export function useComposerInserts(bridge: HostBridge): (handle: ComposerHandle | null) => void {
  const current = useRef<ComposerHandle | null>(null);
  const pending = useRef<string[]>([]);
  useEffect(
    () =>
      bridge.subscribe((event) => {
        if (event.type !== 'insertText') return;
        if (current.current) current.current.insert(event.text);
        else pending.current.push(event.text);
      }),
    [bridge],
  );
  return useCallback((handle: ComposerHandle | null) => {
    current.current = handle;
    if (!handle) return;
    const waiting = pending.current.splice(0);
    if (waiting.length) handle.insert(waiting.join(' '));
  }, []);
}
