/**
 * Holds the reduced chat state outside React so events that arrive before the first render are not
 * lost, and React reads it through `useSyncExternalStore`.
 */
import type { HostToWebview } from '../../extension/protocol/messages';
import { initialChatState, reduceChat, type ChatState } from './reducer';

/** Anything that delivers already-validated host events (the bridge, or a fake in tests). */
export interface HostEventSource {
  subscribe: (listener: (event: HostToWebview) => void) => () => void;
}

export interface ChatStore {
  getState: () => ChatState;
  subscribe: (listener: () => void) => () => void;
  dispose: () => void;
}

export function createChatStore(source: HostEventSource): ChatStore {
  let state = initialChatState;
  const listeners = new Set<() => void>();
  const unsubscribe = source.subscribe((event) => {
    const next = reduceChat(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  });
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      unsubscribe();
      listeners.clear();
    },
  };
}
