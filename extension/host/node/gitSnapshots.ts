/**
 * The Node adapter of `WorkspaceSnapshotter` (core/contracts/snapshots.ts): a private git index and object
 * store per workspace root, borrowing the repository's objects, brought up to the work tree by `git add -A`
 * before and after each Bash command. The parts live in `gitSnapshots/`: running git, the store's files, one
 * capture, and the objects. This facade serialises captures, holds the time budget and, once a capture is too
 * slow or git cannot run, turns snapshots off for the session with one message.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { CaptureResult, SnapshotChange, SnapshotterFactory, WorkspaceSnapshotter } from '../../core/contracts/snapshots';
import { captureStore, dropPreviousIndex, keepPreviousIndex, restorePreviousIndex } from './gitSnapshots/capture';
import { indexEntries, pruneStore, readBlobFrom } from './gitSnapshots/objects';
import { SnapshotGitError, type RunContext } from './gitSnapshots/runGit';
import { openStore, storeDirs, type SnapshotStore } from './gitSnapshots/store';

export interface GitSnapshotterOptions {
  storeDir: string;
  roots: readonly string[];
  /** Time allowed for the first capture, which may hash every file (ms). */
  firstBudgetMs?: number;
  /** Time allowed for each later capture (ms). */
  budgetMs?: number;
  /** The git executable. */
  git?: string;
}

const NOT_CHECKPOINTED = 'Bash changes are not checkpointed in this session.';

export class GitSnapshotter implements WorkspaceSnapshotter {
  private readonly dirs: string[];
  private readonly firstBudgetMs: number;
  private readonly budgetMs: number;
  private readonly git: string;
  private stores: SnapshotStore[] | undefined;
  private baselined = false;
  /** Set once snapshots are off for the session; captures then skip at once. */
  private disabled = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: GitSnapshotterOptions) {
    this.dirs = storeDirs(options.storeDir, options.roots);
    this.firstBudgetMs = options.firstBudgetMs ?? 10_000;
    this.budgetMs = options.budgetMs ?? 3_000;
    this.git = options.git ?? 'git';
  }

  capture(signal?: AbortSignal): Promise<CaptureResult> {
    if (this.disabled) return Promise.resolve(skippedAgain());
    return this.serialised(() => this.captureNow(signal));
  }

  async readBlob(oid: string): Promise<Uint8Array | undefined> {
    for (const dir of this.dirs) {
      const bytes = await readBlobFrom(dir, oid, this.git);
      if (bytes) return bytes;
    }
    return undefined;
  }

  prune(keep: ReadonlySet<string>): Promise<number> {
    return this.serialised(async () => {
      let freed = 0;
      for (const dir of this.dirs) freed += await pruneStore(dir, keep, this.git).catch(() => 0);
      return freed;
    });
  }

  release(): Promise<void> {
    return this.serialised(async () => {
      await Promise.all(this.dirs.map((dir) => Promise.all(['index', 'index.prev', 'index.lock'].map((name) => rm(path.join(dir, name), { force: true })))));
      // The next capture opens the stores again and is a first capture: a baseline, seeded afresh.
      this.stores = undefined;
      this.baselined = false;
    });
  }

  private serialised<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job);
    this.queue = run.catch(() => {});
    return run;
  }

  private async captureNow(signal: AbortSignal | undefined): Promise<CaptureResult> {
    if (this.disabled) return skippedAgain();
    if (signal?.aborted) return cancelled();
    const started = performance.now();
    const budgetMs = this.baselined ? this.budgetMs : this.firstBudgetMs;
    const ctx: RunContext = { git: this.git, deadline: Date.now() + budgetMs, signal };
    const kept = new Map<SnapshotStore, boolean>();
    try {
      this.stores ??= await Promise.all(this.options.roots.map((root, i) => openStore(root, this.dirs[i]!, ctx)));
      const stores = this.stores;
      if (this.baselined) for (const store of stores) kept.set(store, await keepPreviousIndex(store));
      // allSettled: a store's failure must not restore indexes while another store's git is still writing.
      const settled = await Promise.allSettled(stores.map((store) => captureStore(store, ctx, this.baselined, kept.get(store) ?? false)));
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      const found = settled.map((r) => (r as PromiseFulfilledResult<SnapshotChange[]>).value);
      this.baselined = true;
      await Promise.all(stores.map(dropPreviousIndex));
      return { kind: 'captured', changes: uniqueByPath(found.flat()), ms: performance.now() - started };
    } catch (error) {
      // Whatever git left half done: no lock in the way, and the previous index back, so nothing is lost.
      await Promise.all((this.stores ?? []).map((store) => restorePreviousIndex(store, kept.get(store) ?? false)));
      if (error instanceof SnapshotGitError && error.kind === 'aborted') return cancelled();
      this.disabled = true;
      return { kind: 'skipped', reason: await this.reason(error, budgetMs), firstTime: true };
    }
  }

  private async reason(error: unknown, budgetMs: number): Promise<string> {
    if (!(error instanceof SnapshotGitError)) return `${error instanceof Error ? error.message : String(error)} ${NOT_CHECKPOINTED}`;
    if (error.kind === 'missing') return `${error.message} ${NOT_CHECKPOINTED} Install git to checkpoint them.`;
    if (error.kind === 'failed') return error.message;
    const counts = await Promise.all(
      (this.stores ?? []).map(async (store) => (await indexEntries(path.join(store.gitDir, 'index'))) ?? (await indexEntries(store.repoIndex))),
    );
    const files = counts.some((n) => n !== undefined) ? `${counts.reduce<number>((sum, n) => sum + (n ?? 0), 0).toLocaleString('en-US')} files, ` : '';
    return `The workspace is too large to snapshot in time (${files}over ${budgetMs / 1000} s); ${NOT_CHECKPOINTED}`;
  }
}

const skippedAgain = (): CaptureResult => ({ kind: 'skipped', reason: `Snapshots are off for this session. ${NOT_CHECKPOINTED}`, firstTime: false });
const cancelled = (): CaptureResult => ({ kind: 'skipped', reason: 'The snapshot was cancelled.', firstTime: false });

/** Nested roots report a file once. */
function uniqueByPath(changes: SnapshotChange[]): SnapshotChange[] {
  const seen = new Map<string, SnapshotChange>();
  for (const change of changes) if (!seen.has(change.path)) seen.set(change.path, change);
  return [...seen.values()];
}

/** The snapshotter of a session; its stores live under `storeDir`. */
export const createGitSnapshotter: SnapshotterFactory = (opts) => new GitSnapshotter(opts);
