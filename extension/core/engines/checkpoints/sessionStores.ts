/**
 * The checkpoint store of each session the chat has shown, loaded from the session's storage once and kept
 * (sessionCheckpoints.ts). A load's warning (a damaged manifest started afresh) goes to the log.
 */
import type { Logger } from '../../contracts/settings';
import type { SessionStorage } from '../../contracts/storage';
import { CheckpointStore } from './store';

export interface SessionStoresDeps {
  storageFor: (sessionId: string) => SessionStorage;
  log: Logger;
}

export class SessionStores {
  private readonly stores = new Map<string, Promise<CheckpointStore>>();

  constructor(private readonly deps: SessionStoresDeps) {}

  get(sessionId: string): Promise<CheckpointStore> {
    let store = this.stores.get(sessionId);
    if (!store) {
      store = CheckpointStore.load(this.deps.storageFor(sessionId)).then(({ store: s, warning }) => {
        if (warning) this.deps.log.warn(warning);
        return s;
      });
      this.stores.set(sessionId, store);
    }
    return store;
  }

  /** Drops the kept store, so the next `get` loads what the storage holds now. */
  forget(sessionId: string): void {
    this.stores.delete(sessionId);
  }
}
