/**
 * Which rows the user opened or closed (tool results, thinking). Kept outside the rows because the
 * virtualised list unmounts rows that scroll out of view; their state must survive that.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

export interface ExpansionStore {
  get(id: string): boolean | undefined;
  set(id: string, open: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createExpansionStore(): ExpansionStore {
  const open = new Map<string, boolean>();
  const listeners = new Set<() => void>();
  return {
    get: (id) => open.get(id),
    set(id, value) {
      if (open.get(id) === value) return;
      open.set(id, value);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const ExpansionContext = createContext<ExpansionStore>(createExpansionStore());

/** [open, toggle]: the user's choice when they made one, else `fallback`. */
export function useExpanded(id: string, fallback: boolean): [boolean, () => void] {
  const store = useContext(ExpansionContext);
  const chosen = useSyncExternalStore(store.subscribe, () => store.get(id));
  const open = chosen ?? fallback;
  const toggle = useCallback(() => {
    store.set(id, !open);
  }, [store, id, open]);
  return [open, toggle];
}
