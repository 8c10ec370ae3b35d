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

/** Runs `flush` later; lets a burst of events (a streamed reply) cost one render instead of one each. */
export type NotifyScheduler = (flush: () => void) => void;

/** Once per animation frame, or after 100 ms when frames are not running (a hidden view). */
export const frameScheduler: NotifyScheduler = (flush) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    flush();
  };
  requestAnimationFrame(run);
  setTimeout(run, 100);
};

/**
 * The state is reduced at once, so `getState()` is always current; subscribers are told synchronously
 * unless a scheduler batches the notifications.
 */
export function createChatStore(source: HostEventSource, schedule?: NotifyScheduler): ChatStore {
  let state = initialChatState;
  const listeners = new Set<() => void>();
  let pending = false;
  const notify = () => {
    pending = false;
    for (const listener of listeners) listener();
  };
  const unsubscribe = source.subscribe((event) => {
    const next = reduceChat(state, event);
    if (next === state) return;
    state = next;
    if (!schedule) return notify();
    if (pending) return;
    pending = true;
    schedule(notify);
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
