/**
 * The store's objects: reading a blob back (checked against its id, so a damaged or foreign object is never
 * written into the workspace), dropping the loose objects nothing refers to any more, and counting an index's
 * entries for the "too large" message. Only the store's own `objects/` is touched; the repository's objects,
 * reached through alternates, are read and never deleted.
 */
import { createHash } from 'node:crypto';
import { open, readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { gitOk, runGit } from './runGit';

/** A full object id: sha1 (40 hex digits) or sha256 (64). */
export const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** The git object id of a blob with these bytes, in the hash the id's length names. */
export function blobOid(bytes: Uint8Array, hexLength: number): string {
  const hash = createHash(hexLength === 64 ? 'sha256' : 'sha1');
  return hash.update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The blob from one GIT_DIR (its alternates included), or undefined when it is missing or not what `oid` names. */
export async function readBlobFrom(gitDir: string, oid: string, git: string): Promise<Uint8Array | undefined> {
  if (!OID.test(oid)) return undefined;
  try {
    await stat(path.join(gitDir, 'HEAD'));
    const result = await runGit({ git, args: [`--git-dir=${gitDir}`, 'cat-file', 'blob', oid] });
    if (result.code !== 0 || blobOid(result.stdout, oid.length) !== oid) return undefined;
    return result.stdout;
  } catch {
    return undefined; // no store yet, or git missing
  }
}

/** The store's own loose objects: id → file. */
async function looseObjects(gitDir: string): Promise<Map<string, string>> {
  const objects = new Map<string, string>();
  const root = path.join(gitDir, 'objects');
  const fanout = await readdir(root).catch(() => [] as string[]);
  for (const dir of fanout) {
    if (!/^[0-9a-f]{2}$/.test(dir)) continue;
    for (const name of await readdir(path.join(root, dir)).catch(() => [] as string[])) {
      if (/^([0-9a-f]{38}|[0-9a-f]{62})$/.test(name)) objects.set(dir + name, path.join(root, dir, name));
    }
  }
  return objects;
}

/**
 * Deletes the store's loose objects that neither its index nor `keep` names; resolves with the bytes freed.
 * The caller serialises it with captures: `git add` writes objects before the index that names them.
 */
export async function pruneStore(gitDir: string, keep: ReadonlySet<string>, git: string): Promise<number> {
  const loose = await looseObjects(gitDir);
  if (!loose.size) return 0;
  const listing = await gitOk({ git, args: [`--git-dir=${gitDir}`, 'ls-files', '-s', '-z'] });
  // Every entry's id, symlinks included (`<mode> <oid> <stage>\t<path>`): the index must keep its objects.
  const live = new Set(listing.toString('latin1').split('\0').map((entry) => entry.split(' ')[1]));
  let freed = 0;
  const emptied = new Set<string>();
  for (const [oid, file] of loose) {
    if (live.has(oid) || keep.has(oid)) continue;
    const size = (await stat(file).catch(() => undefined))?.size ?? 0;
    await rm(file, { force: true });
    freed += size;
    emptied.add(path.dirname(file));
  }
  for (const dir of emptied) await rmdir(dir).catch(() => {}); // only succeeds once empty
  return freed;
}

/** The number of entries an index file holds (its header), or undefined when there is none. */
export async function indexEntries(file: string | undefined): Promise<number | undefined> {
  if (!file) return undefined;
  try {
    const handle = await open(file, 'r');
    try {
      const header = Buffer.alloc(12);
      const { bytesRead } = await handle.read(header, 0, 12, 0);
      return bytesRead === 12 && header.toString('latin1', 0, 4) === 'DIRC' ? header.readUInt32BE(8) : undefined;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}
