/**
 * The Bash tool's side of the workspace snapshots (ToolPorts.snapshots): a capture before a command that may
 * write makes the workspace as it is the baseline, a capture after it finds what the command created, changed
 * or deleted, and those files join the current prompt's checkpoint as `git` pre-images (store.ts), so rewind,
 * the changed-files list and Review cover them. Every few captures the snapshot store drops the blobs that
 * neither its index nor a checkpoint refers to. A workspace that cannot be snapshotted in time is reported
 * once (the row's note and the log) and skipped from then on.
 */
import type { Logger } from '../../contracts/settings';
import type { BashSnapshotPort, CaptureResult, SnapshotChange, WorkspaceSnapshotter } from '../../contracts/snapshots';
import type { CheckpointStore } from './store';
import type { FileReader } from './types';

/** Captures between two prunes of a session's snapshot store. */
export const PRUNE_EVERY = 20;

export interface BashSnapshotsDeps {
  /** The session the chat shows now; '' before it follows one. */
  sessionId(): string;
  store(sessionId: string): Promise<CheckpointStore>;
  snapshotter(sessionId: string): WorkspaceSnapshotter | undefined;
  reader: FileReader;
  /** Called after changes were recorded (the changed-files list refreshes). */
  recorded(): void;
  log: Logger;
}

export class BashSnapshots implements BashSnapshotPort {
  /** A reason not yet shown on a row (a `before` capture that was skipped for the first time). */
  private pendingNote: string | undefined;
  private captures = 0;
  private pruning: Promise<void> = Promise.resolve();

  constructor(private readonly deps: BashSnapshotsDeps) {}

  async before(signal?: AbortSignal): Promise<void> {
    const snapshotter = this.current();
    if (!snapshotter) return;
    this.noteSkip(await this.capture(snapshotter, signal));
  }

  async after(signal?: AbortSignal): Promise<{ changes: SnapshotChange[]; note?: string }> {
    const sessionId = this.deps.sessionId();
    const snapshotter = this.current();
    if (!snapshotter) return { changes: [] };
    const result = await this.capture(snapshotter, signal);
    this.noteSkip(result);
    const note = this.pendingNote;
    this.pendingNote = undefined;
    const changes = result.kind === 'captured' ? result.changes : [];
    if (changes.length > 0) {
      try {
        await (await this.deps.store(sessionId)).recordChanges(changes, this.deps.reader);
        this.deps.recorded();
      } catch (err) {
        this.deps.log.warn(`Could not checkpoint what the command changed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (++this.captures % PRUNE_EVERY === 0) this.prune(sessionId, snapshotter);
    return { changes, ...(note ? { note } : {}) };
  }

  /** Waits for a prune in flight (tests, and the bench's disk figure). */
  settled(): Promise<void> {
    return this.pruning;
  }

  private current(): WorkspaceSnapshotter | undefined {
    const sessionId = this.deps.sessionId();
    return sessionId ? this.deps.snapshotter(sessionId) : undefined;
  }

  private async capture(snapshotter: WorkspaceSnapshotter, signal: AbortSignal | undefined): Promise<CaptureResult> {
    try {
      return await snapshotter.capture(signal);
    } catch (err) {
      return { kind: 'skipped', reason: `The workspace snapshot failed: ${err instanceof Error ? err.message : String(err)}`, firstTime: false };
    }
  }

  private noteSkip(result: CaptureResult): void {
    if (result.kind !== 'skipped' || !result.firstTime) return;
    this.pendingNote = result.reason;
    this.deps.log.warn(result.reason);
  }

  private prune(sessionId: string, snapshotter: WorkspaceSnapshotter): void {
    this.pruning = this.pruning
      .then(async () => {
        const keep = (await this.deps.store(sessionId)).gitOids();
        await snapshotter.prune(keep);
      })
      .catch((err: unknown) => this.deps.log.warn(`Could not prune the workspace snapshots: ${err instanceof Error ? err.message : String(err)}`));
  }
}
