/**
 * The checkpoint store of each session the chat has shown, loaded from the session's storage once and kept
 * (sessionCheckpoints.ts), with the session's workspace snapshotter when Bash snapshots are on: its private
 * store lives in the session's storage (`checkpoints/snapshots/`), and its index goes when the chat leaves it.
 * A load's warning (a damaged manifest started afresh) goes to the log.
 */
import type { Logger } from '../../contracts/settings';
import type { SnapshotterFactory, WorkspaceSnapshotter } from '../../contracts/snapshots';
import type { SessionStorage } from '../../contracts/storage';
import { CheckpointStore } from './store';

export interface SessionStoresDeps {
  storageFor: (sessionId: string) => SessionStorage;
  log: Logger;
  /** Makes a session's workspace snapshotter; absent: Bash changes are not snapshotted. */
  snapshots?: SnapshotsOption | undefined;
}

/** How a session's snapshotter is made: the factory, the workspace's roots, and whether snapshots are on now. */
export interface SnapshotsOption {
  factory: SnapshotterFactory;
  roots: () => readonly string[];
  /** Read at every capture (a setting); absent: always on. */
  enabled?: () => boolean;
}

/** Where a session's snapshots live, inside its storage folder. */
export const SNAPSHOTS_DIR = 'checkpoints/snapshots';

export class SessionStores {
  private readonly stores = new Map<string, Promise<CheckpointStore>>();
  private readonly snapshotters = new Map<string, WorkspaceSnapshotter>();

  constructor(private readonly deps: SessionStoresDeps) {}

  get(sessionId: string): Promise<CheckpointStore> {
    let store = this.stores.get(sessionId);
    if (!store) {
      store = CheckpointStore.load(this.deps.storageFor(sessionId)).then(({ store: s, warning }) => {
        if (warning) this.deps.log.warn(warning);
        // Blobs stay readable while the setting is off: earlier pre-images still need them.
        if (this.deps.snapshots) s.setGitBlobReader(async (oid) => this.make(sessionId)?.readBlob(oid));
        return s;
      });
      this.stores.set(sessionId, store);
    }
    return store;
  }

  /** The session's workspace snapshotter, made on first use; undefined when snapshots are off or no root is open. */
  snapshotter(sessionId: string): WorkspaceSnapshotter | undefined {
    return this.deps.snapshots?.enabled?.() === false ? undefined : this.make(sessionId);
  }

  private make(sessionId: string): WorkspaceSnapshotter | undefined {
    const snapshots = this.deps.snapshots;
    if (!snapshots) return undefined;
    let snapshotter = this.snapshotters.get(sessionId);
    if (!snapshotter) {
      const roots = snapshots.roots();
      if (roots.length === 0) return undefined;
      const storeDir = `${this.deps.storageFor(sessionId).dir}/${SNAPSHOTS_DIR}`;
      snapshotter = snapshots.factory({ storeDir, roots });
      this.snapshotters.set(sessionId, snapshotter);
    }
    return snapshotter;
  }

  /**
   * The session is no longer shown: its snapshotter drops its index (as large as the repository's) and is
   * forgotten; its objects stay, so rewind and Review still read them. Never throws.
   */
  async release(sessionId: string): Promise<void> {
    const snapshotter = this.snapshotters.get(sessionId);
    if (!snapshotter) return;
    this.snapshotters.delete(sessionId);
    await snapshotter.release().catch((err: unknown) => this.deps.log.warn(`Could not release the workspace snapshots of ${sessionId}: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** Drops the kept store, so the next `get` loads what the storage holds now. */
  forget(sessionId: string): void {
    this.stores.delete(sessionId);
    this.snapshotters.delete(sessionId);
  }
}
