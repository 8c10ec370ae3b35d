/**
 * One session's checkpoints. The first time the session writes a file after a user prompt, the file's
 * bytes (or "did not exist") are stored; after every write the hash of what was written is recorded, so a
 * rewind can tell files the user changed by hand since. Everything lives in the session's storage:
 * `checkpoints/manifest.json` and content-addressed `checkpoints/blobs/<sha256>` (base64).
 */
import type { SnapshotChange } from '../../contracts/snapshots';
import type { SessionStorage } from '../../contracts/storage';
import { copyPreImages } from './forkCopy';
import { gitBlobId, isPreImage, sha256 } from './contentIds';
import {
  ManifestSchema,
  MAX_FILE_BYTES,
  MAX_SESSION_BYTES,
  type Checkpoint,
  type FileReader,
  type FileRestorer,
  type Manifest,
  type PreImage,
  type RewindPlan,
} from './types';

const MANIFEST = 'checkpoints/manifest.json';
const blobPath = (sha: string) => `checkpoints/blobs/${sha}`;

export type ContentHash = string;

export { sha256 };

/** The file's bytes; undefined when there is no file at `path`. */
async function bytesAt(reader: FileReader, path: string): Promise<Uint8Array | undefined> {
  const stat = await reader.stat(path);
  return stat ? reader.readBytes(path) : undefined;
}

/** The file's content hash, or `absent`. */
export async function hashOf(reader: FileReader, path: string): Promise<ContentHash> {
  const bytes = await bytesAt(reader, path);
  return bytes ? sha256(bytes) : 'absent';
}

/** Reads a blob of the session's workspace snapshots (`SessionCheckpoints` sets it when Bash snapshots are on). */
export type GitBlobReader = (oid: string) => Promise<Uint8Array | undefined>;

export interface CheckpointLimits {
  maxFileBytes: number;
  maxSessionBytes: number;
}

export interface RestoreResult {
  /** Path → content hash now on disk, for files put back. */
  restored: Map<string, ContentHash>;
  /** Changed by hand since the session wrote them, and not confirmed for overwriting: left alone. */
  kept: string[];
}

export class CheckpointStore {
  /** Serialises reads, writes and saves, so a pre-image is stored before the write it precedes. */
  private queue: Promise<unknown> = Promise.resolve();
  private gitBlobs: GitBlobReader | undefined;

  private constructor(
    private readonly storage: SessionStorage,
    private manifest: Manifest,
    private readonly limits: CheckpointLimits,
  ) {}

  /** The store of a session: what its storage holds, or an empty one. A damaged manifest starts afresh. */
  static async load(
    storage: SessionStorage,
    limits: CheckpointLimits = { maxFileBytes: MAX_FILE_BYTES, maxSessionBytes: MAX_SESSION_BYTES },
  ): Promise<{ store: CheckpointStore; warning?: string }> {
    const empty: Manifest = { version: 1, checkpoints: [], lastWritten: {}, storedBytes: 0 };
    const text = await storage.readText(MANIFEST).catch(() => undefined);
    if (text === undefined) return { store: new CheckpointStore(storage, empty, limits) };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const parsed = ManifestSchema.safeParse(raw);
    if (parsed.success) return { store: new CheckpointStore(storage, parsed.data, limits) };
    return { store: new CheckpointStore(storage, empty, limits), warning: `The checkpoint manifest in ${storage.dir} could not be read; checkpoints start afresh.` };
  }

  /** Checkpoints in prompt order (a copy). */
  checkpoints(): Checkpoint[] {
    return structuredClone(this.manifest.checkpoints);
  }

  /** Starts the checkpoint of a new user prompt; files it touches are kept from now on. */
  beginPrompt(promptId: string, text: string): Promise<void> {
    return this.exclusive(async () => {
      if (this.manifest.checkpoints.some((c) => c.promptId === promptId)) return;
      this.manifest.checkpoints.push({ promptId, text, files: {} });
      await this.save();
    });
  }

  /** Keeps the file's pre-image, once per prompt. Call before writing it. */
  beforeWrite(path: string, reader: FileReader): Promise<void> {
    return this.exclusive(async () => {
      const current = this.manifest.checkpoints.at(-1);
      if (!current || current.files[path]) return;
      current.files[path] = await this.capture(path, reader);
      await this.save();
    });
  }

  /** Where the `git` pre-images' bytes are read from (the session's workspace snapshots). */
  setGitBlobReader(read: GitBlobReader | undefined): void {
    this.gitBlobs = read;
  }

  /**
   * Records what a Bash command changed (found by the workspace snapshots around it): a file not yet touched
   * in the current prompt keeps its content from before the command as its pre-image, and what is on disk now
   * becomes the session's last write, so a rewind does not take it for a hand edit.
   */
  recordChanges(changes: readonly SnapshotChange[], reader: FileReader): Promise<void> {
    return this.exclusive(async () => {
      const current = this.manifest.checkpoints.at(-1);
      if (!current || changes.length === 0) return;
      for (const c of changes) {
        if (!current.files[c.path]) {
          current.files[c.path] = c.before ? { kind: 'git', oid: c.before, ...(c.beforeSize !== undefined ? { size: c.beforeSize } : {}) } : { kind: 'absent' };
        }
        this.manifest.lastWritten[c.path] = await hashOf(reader, c.path).catch(() => 'absent');
      }
      await this.save();
    });
  }

  /** The blob ids the checkpoints refer to: what pruning the snapshots' store must keep. */
  gitOids(): Set<string> {
    const oids = new Set<string>();
    for (const c of this.manifest.checkpoints) for (const pre of Object.values(c.files)) if (pre.kind === 'git') oids.add(pre.oid);
    return oids;
  }

  /** A blob of the workspace snapshots, checked against its id; undefined when none is kept or it is gone. */
  async gitBlob(oid: string): Promise<Uint8Array | undefined> {
    const bytes = await this.gitBlobs?.(oid).catch(() => undefined);
    return bytes && gitBlobId(bytes, oid) === oid ? bytes : undefined;
  }

  /** Records what the session wrote; call after the write (also after a failed one). */
  afterWrite(path: string, reader: FileReader): Promise<void> {
    return this.exclusive(async () => {
      this.manifest.lastWritten[path] = await hashOf(reader, path).catch(() => 'absent');
      await this.save();
    });
  }

  /** The first pre-image of each file the session touched: the session's start. */
  sessionStart(): Map<string, PreImage> {
    return this.sessionStartFrom(0);
  }

  /** The stored bytes of a pre-image; undefined when it holds none (absent, too large, or lost). */
  async bytesOf(pre: PreImage): Promise<Uint8Array | undefined> {
    if (pre.kind === 'git') return this.gitBlob(pre.oid);
    if (pre.kind !== 'content') return undefined;
    const text = await this.storage.readText(blobPath(pre.sha));
    if (text === undefined) return undefined;
    const bytes = new Uint8Array(Buffer.from(text, 'base64'));
    return sha256(bytes) === pre.sha ? bytes : undefined;
  }

  /**
   * Index of a prompt's checkpoint: by id, else (a resumed session's entries have new ids) the
   * `repeatsFromEnd`-th checkpoint from the end with that text, so repeated prompts match in order.
   */
  indexOf(promptId: string, text?: string, repeatsFromEnd = 1): number {
    const byId = this.manifest.checkpoints.findIndex((c) => c.promptId === promptId);
    if (byId >= 0 || text === undefined) return byId;
    let seen = 0;
    for (let i = this.manifest.checkpoints.length - 1; i >= 0; i--) {
      if (this.manifest.checkpoints[i]!.text === text && ++seen === repeatsFromEnd) return i;
    }
    return -1;
  }

  /**
   * What rewinding to just before the prompt would change: every file touched by it or a later prompt,
   * back to its state before the earliest of those touches. Files already in that state are left out.
   */
  async plan(promptId: string, reader: FileReader, text?: string, repeatsFromEnd = 1): Promise<RewindPlan | undefined> {
    const index = this.indexOf(promptId, text, repeatsFromEnd);
    if (index < 0) return undefined;
    const targets = this.sessionStartFrom(index);
    const plan: RewindPlan = { promptId: this.manifest.checkpoints[index]!.promptId, files: [], tooLarge: [] };
    for (const [path, pre] of targets) {
      if (pre.kind === 'tooLarge') {
        plan.tooLarge.push(path);
        continue;
      }
      const bytes = await bytesAt(reader, path);
      if (isPreImage(pre, bytes)) continue;
      const now = bytes ? sha256(bytes) : 'absent';
      plan.files.push({ path, action: pre.kind === 'absent' ? 'delete' : 'restore', changedSince: now !== this.manifest.lastWritten[path] });
    }
    return plan;
  }

  /**
   * Puts the plan's files back. A file that differs from what the session last wrote is checked again
   * here (the user may have typed while the confirmation was open) and left alone unless `overwrite`
   * names it.
   */
  async restore(plan: RewindPlan, reader: FileReader, restorer: FileRestorer, overwrite: ReadonlySet<string>): Promise<RestoreResult> {
    const index = this.indexOf(plan.promptId);
    const result: RestoreResult = { restored: new Map(), kept: [] };
    if (index < 0) return result;
    const targets = this.sessionStartFrom(index);
    for (const file of plan.files) {
      const pre = targets.get(file.path);
      if (!pre || pre.kind === 'tooLarge') continue;
      const now = await hashOf(reader, file.path);
      if (now !== this.manifest.lastWritten[file.path] && !overwrite.has(file.path)) {
        result.kept.push(file.path);
        continue;
      }
      if (pre.kind === 'absent') {
        await restorer.remove(file.path);
        result.restored.set(file.path, 'absent');
      } else {
        const bytes = await this.bytesOf(pre);
        if (!bytes) throw new Error(`The checkpoint of ${file.path} is missing from ${this.storage.dir}; the file was left as it is.`);
        await restorer.writeBytes(file.path, bytes);
        result.restored.set(file.path, sha256(bytes));
      }
      // What a rewind wrote counts as the session's own: rewinding further back is not a "hand edit".
      this.manifest.lastWritten[file.path] = result.restored.get(file.path)!;
    }
    await this.exclusive(() => this.save());
    return result;
  }

  /**
   * Writes the checkpoints of the prompts before `promptId` into another session's storage (a fork), with
   * the hashes of files a rewind just restored as the last written, so a later rewind sees them as clean.
   */
  async forkInto(storage: SessionStorage, promptId: string, restored: ReadonlyMap<string, ContentHash>): Promise<void> {
    const index = this.indexOf(promptId);
    const kept = structuredClone(this.manifest.checkpoints.slice(0, Math.max(index, 0)));
    const storedBytes = await copyPreImages(kept, {
      from: (sha) => this.storage.readText(blobPath(sha)),
      to: (sha, text) => storage.writeText(blobPath(sha), text).then(() => undefined),
      gitBlob: (oid) => this.gitBlob(oid),
    });
    const lastWritten = { ...this.manifest.lastWritten, ...Object.fromEntries(restored) };
    const manifest: Manifest = { version: 1, checkpoints: kept, lastWritten, storedBytes };
    await storage.writeText(MANIFEST, JSON.stringify(manifest));
  }

  private sessionStartFrom(index: number): Map<string, PreImage> {
    const targets = new Map<string, PreImage>();
    for (const c of this.manifest.checkpoints.slice(index)) {
      for (const [path, pre] of Object.entries(c.files)) if (!targets.has(path)) targets.set(path, pre);
    }
    return targets;
  }

  private async capture(path: string, reader: FileReader): Promise<PreImage> {
    const stat = await reader.stat(path);
    if (!stat) return { kind: 'absent' };
    if (stat.size > this.limits.maxFileBytes) return { kind: 'tooLarge', size: stat.size, reason: 'file' };
    const bytes = await reader.readBytes(path);
    const sha = sha256(bytes);
    const known = this.manifest.checkpoints.some((c) => Object.values(c.files).some((p) => p.kind === 'content' && p.sha === sha));
    if (!known) {
      if (this.manifest.storedBytes + bytes.byteLength > this.limits.maxSessionBytes) {
        return { kind: 'tooLarge', size: bytes.byteLength, reason: 'session' };
      }
      await this.storage.writeText(blobPath(sha), Buffer.from(bytes).toString('base64'));
      this.manifest.storedBytes += bytes.byteLength;
    }
    return { kind: 'content', sha, size: bytes.byteLength };
  }

  private async save(): Promise<void> {
    await this.storage.writeText(MANIFEST, JSON.stringify(this.manifest));
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
