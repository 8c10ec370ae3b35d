/**
 * One store's capture: keep the previous index as `index.prev` (a hard link: git replaces `index` through
 * `index.lock` and a rename, so the link keeps the old content without a copy), run `git add -A -v` to bring
 * the private index up to the work tree, and, when git names paths, compare their entries in the two indexes.
 * Git names a path whose stat changed even when its content did not, so equal object ids are not a change.
 * Once every store's capture has finished, `index.prev` is removed: it is as large as the index.
 */
import { copyFile, link, lstat, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SnapshotChange } from '../../../core/contracts/snapshots';
import { blobOid } from './objects';
import { gitFailure, gitOk, runGit, type RunContext } from './runGit';
import { storeArgs, type SnapshotStore } from './store';

interface IndexEntry {
  mode: string;
  oid: string;
}

/** Regular files only: a symlink's blob is its target and a gitlink names a commit, neither a file to write back. */
const REGULAR = new Set(['100644', '100755']);

/** Parses `ls-files -s -z` (`<mode> <oid> <stage>\t<path>\0`): stage-0 regular files by path. */
export function parseLsFiles(out: Buffer): Map<string, IndexEntry> {
  const entries = new Map<string, IndexEntry>();
  let start = 0;
  while (start < out.length) {
    let end = out.indexOf(0, start);
    if (end < 0) end = out.length;
    const tab = out.indexOf(9, start);
    if (tab > start && tab < end) {
      const [mode = '', oid = '', stage] = out.toString('latin1', start, tab).split(' ');
      if (stage === '0' && REGULAR.has(mode)) entries.set(out.toString('utf8', tab + 1, end), { mode, oid });
    }
    start = end + 1;
  }
  return entries;
}

/**
 * The paths of `add -v` (`add '<path>'`, `remove '<path>'`, printed unquoted), each with what git did to its
 * entry. Undefined when a line does not parse, as for a name with a newline in it: the caller then compares every
 * entry.
 */
export function parseAddVerbs(out: string): Map<string, 'add' | 'remove'> | undefined {
  const paths = new Map<string, 'add' | 'remove'>();
  for (const line of out.split('\n')) {
    if (!line) continue;
    const match = /^(add|remove) '(.*)'$/.exec(line);
    if (!match) return undefined;
    paths.set(match[2]!, match[1] as 'add' | 'remove');
  }
  return paths;
}

const indexFile = (store: SnapshotStore) => path.join(store.gitDir, 'index');
const prevFile = (store: SnapshotStore) => path.join(store.gitDir, 'index.prev');

/** Keeps the current index as `index.prev`; false when there is no index yet (an empty work tree). */
export async function keepPreviousIndex(store: SnapshotStore): Promise<boolean> {
  await rm(prevFile(store), { force: true });
  try {
    await link(indexFile(store), prevFile(store));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    await copyFile(indexFile(store), prevFile(store)); // a file system without hard links
  }
  return true;
}

/** After a capture that did not finish: back to the previous index, so the next capture reports its changes. */
export async function restorePreviousIndex(store: SnapshotStore, hadPrevious: boolean): Promise<void> {
  await rm(path.join(store.gitDir, 'index.lock'), { force: true });
  if (hadPrevious) await rename(prevFile(store), indexFile(store)).catch(() => {});
}

/** After a capture that finished: the old index is no longer needed, and it is as large as the index. */
export async function dropPreviousIndex(store: SnapshotStore): Promise<void> {
  await rm(prevFile(store), { force: true });
}

/** Beyond this many paths (or this much command line) the whole root is listed and filtered here. */
const MAX_PATHSPECS = 100;
const MAX_PATHSPEC_CHARS = 8000;

async function listIndex(store: SnapshotStore, ctx: RunContext, paths: Set<string> | undefined, file?: string): Promise<Map<string, IndexEntry>> {
  const few = paths && paths.size <= MAX_PATHSPECS && [...paths].reduce((n, p) => n + p.length + 12, 0) <= MAX_PATHSPEC_CHARS;
  const specs = few ? [...paths].map((p) => `:(literal)${p}`) : [store.pathspec];
  const out = await gitOk({
    ...ctx,
    cwd: store.worktree,
    args: [...storeArgs(store), 'ls-files', '-s', '-z', '--', ...specs],
    env: file ? { GIT_INDEX_FILE: file } : undefined,
  });
  return parseLsFiles(out);
}

/**
 * The changes among the paths `add -v` named, from their entries in the previous index: `remove` of an entry is a
 * deletion; `add` of a path that had none is a creation (of a regular file); `add` of one that had an entry is a
 * change unless the file's bytes still hash to the old blob id (git names a file whose stat alone changed).
 */
async function changesFromVerbs(store: SnapshotStore, verbs: Map<string, 'add' | 'remove'>, before: Map<string, IndexEntry>): Promise<SnapshotChange[]> {
  const changes: SnapshotChange[] = [];
  for (const [p, verb] of verbs) {
    const old = before.get(p);
    const file = path.join(store.worktree, p);
    const relative = p.startsWith(store.prefix) ? p.slice(store.prefix.length) : p;
    const reported = path.join(store.root, relative);
    if (verb === 'remove') {
      if (old) changes.push({ path: reported, change: 'deleted', before: old.oid });
      continue;
    }
    const info = await lstat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (!old) {
      changes.push({ path: reported, change: 'created' });
      continue;
    }
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes && blobOid(bytes, old.oid.length) === old.oid) continue;
    changes.push({ path: reported, change: 'modified', before: old.oid });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Sizes of the blobs, from one `cat-file --batch-check`; missing ones are left out. */
async function blobSizes(store: SnapshotStore, ctx: RunContext, oids: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (!oids.length) return sizes;
  const out = await gitOk({ ...ctx, cwd: store.worktree, args: [...storeArgs(store), 'cat-file', '--batch-check'], input: `${oids.join('\n')}\n` });
  for (const line of out.toString('latin1').split('\n')) {
    const [oid, type, size] = line.split(' ');
    if (oid && type === 'blob') sizes.set(oid, Number(size));
  }
  return sizes;
}

/**
 * Updates the store's index from the work tree and returns what changed since `index.prev`. With `baseline`
 * false (the first capture) it only updates the index. `hadPrevious` says whether `index.prev` was kept.
 */
export async function captureStore(store: SnapshotStore, ctx: RunContext, baseline: boolean, hadPrevious: boolean): Promise<SnapshotChange[]> {
  // --ignore-errors: a file that cannot be read (exit code 1) keeps its old entry rather than failing the capture.
  const added = await runGit({ ...ctx, cwd: store.worktree, args: [...storeArgs(store), 'add', '-A', '-v', '--ignore-errors', '--', store.pathspec] });
  if (added.code !== 0 && added.code !== 1) throw gitFailure(added);
  const printed = added.stdout.toString('utf8');
  if (!baseline || !printed.trim()) return [];
  const verbs = parseAddVerbs(printed);
  // The common case, in one more git run: the old entries of the paths git named, the new content hashed here.
  if (verbs && verbs.size <= MAX_PATHSPECS && hadPrevious) return changesFromVerbs(store, verbs, await listIndex(store, ctx, new Set(verbs.keys()), prevFile(store)));
  const paths = verbs && new Set(verbs.keys());
  const listedBefore = hadPrevious ? listIndex(store, ctx, paths, prevFile(store)) : Promise.resolve(new Map<string, IndexEntry>());
  // The sizes of the old contents of the paths git named, asked while the new index is listed.
  const earlySizes = paths && listedBefore.then((old) => blobSizes(store, ctx, [...new Set([...old].flatMap(([p, e]) => (paths.has(p) ? [e.oid] : [])))]));
  earlySizes?.catch(() => {}); // awaited below; a failure of the listing is the one reported
  const [before, after] = await Promise.all([listedBefore, listIndex(store, ctx, paths)]);
  const changes: SnapshotChange[] = [];
  for (const p of new Set([...before.keys(), ...after.keys()])) {
    if (paths && !paths.has(p)) continue;
    const old = before.get(p);
    const now = after.get(p);
    if (old && now && old.oid === now.oid) continue;
    const change: SnapshotChange['change'] = !old ? 'created' : !now ? 'deleted' : 'modified';
    const relative = p.startsWith(store.prefix) ? p.slice(store.prefix.length) : p;
    changes.push({ path: path.join(store.root, relative), change, ...(old && { before: old.oid }) });
  }
  const sizes = await (earlySizes ?? blobSizes(store, ctx, [...new Set(changes.flatMap((c) => (c.before ? [c.before] : [])))]));
  for (const change of changes) {
    const size = change.before ? sizes.get(change.before) : undefined;
    if (size !== undefined) change.beforeSize = size;
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
