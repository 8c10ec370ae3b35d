/**
 * Text the host puts into the composer (`composerDraft`: the prompt a rewind took back). The composer
 * keeps its draft in local state, so a new draft remounts it (the key changes) with that text.
 */
import { useEffect, useState } from 'react';
import type { HostBridge } from '../../vscodeApi';

export function useComposerDraft(bridge: HostBridge, initialDraft: string): { key: number; draft: string } {
  const [seed, setSeed] = useState({ key: 0, draft: initialDraft });
  useEffect(
    () =>
      bridge.subscribe((event) => {
        if (event.type !== 'composerDraft') return;
        bridge.saveViewState({ draft: event.text });
        setSeed((s) => ({ key: s.key + 1, draft: event.text }));
      }),
    [bridge],
  );
  return seed;
}
