/**
 * Workspace snapshots around Bash commands (docs/ARCHITECTURE.md, Checkpoints): what a command that may write
 * changed in the workspace's tracked and not-ignored files, with the content from before it, so rewind can put
 * those files back like the file tools' edits. The Node adapter (`host/node/gitSnapshots.ts`) keeps a private
 * git index and object store per session that borrows the repository's own objects; ignored files (build
 * output, `node_modules`) are out of scope.
 */

/** One file a command changed. `before` names the content it had (absent for a file it created). */
export interface SnapshotChange {
  /** Absolute path. */
  path: string;
  change: 'created' | 'modified' | 'deleted';
  /** The git object id of the content before (40 or 64 hex digits); undefined when the file was created. */
  before?: string;
  /** Its size in bytes, when known. */
  beforeSize?: number;
}

/** What one capture found: the files changed since the previous capture of the same snapshotter. */
export type CaptureResult =
  | { kind: 'captured'; changes: SnapshotChange[]; ms: number }
  /**
   * Not captured: the workspace is too large to snapshot in time, git is missing, or the folder cannot be
   * read. `firstTime` is true once per snapshotter, so the reason is reported once; later captures skip at
   * once.
   */
  | { kind: 'skipped'; reason: string; firstTime: boolean };

/** The snapshots of one session's workspace roots. */
export interface WorkspaceSnapshotter {
  /**
   * Brings the private index up to the workspace's state and returns what changed since the last capture
   * (everything, the first time, is not a change: the first capture returns no changes).
   */
  capture(signal?: AbortSignal): Promise<CaptureResult>;
  /** The bytes of a blob a change named as `before`; undefined when the store no longer has it. */
  readBlob(oid: string): Promise<Uint8Array | undefined>;
  /**
   * Drops the private store's objects that neither the index nor `keep` names (the oids the session's
   * checkpoints still refer to). Resolves with the bytes freed.
   */
  prune(keep: ReadonlySet<string>): Promise<number>;
  /**
   * Drops the private index (as large as the repository's), keeping the objects: the session is no longer
   * shown, and its blobs stay readable for rewind. A later capture starts from a fresh baseline.
   */
  release(): Promise<void>;
}

/** Makes the snapshotter of a session: its private store lives under `storeDir` (inside the session's storage). */
export type SnapshotterFactory = (opts: { storeDir: string; roots: readonly string[] }) => WorkspaceSnapshotter;

/** What the Bash tool sees (ToolPorts.snapshots): a capture before a command that may write, and one after. */
export interface BashSnapshotPort {
  /** Before the command: the workspace as it is now becomes the baseline. Never throws. */
  before(signal?: AbortSignal): Promise<void>;
  /**
   * After it: the files it changed, already recorded in the session's checkpoint (rewind and the changed-files
   * list cover them). `note` says, once per session, why the workspace is not snapshotted. Never throws.
   */
  after(signal?: AbortSignal): Promise<{ changes: SnapshotChange[]; note?: string }>;
}
