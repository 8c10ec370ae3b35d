/**
 * The pre-images a rewind's fork takes along (store.ts `forkInto`): the stored blobs of the checkpoints it keeps
 * are copied into the fork's storage, and what Bash changed (`git` pre-images, whose blobs live in this session's
 * snapshot store) becomes plain `content` pre-images, since the fork gets a snapshot store of its own.
 */
import { sha256 } from './contentIds';
import type { Checkpoint } from './types';

export interface PreImageCopy {
  /** A stored blob of this session (base64 text), by its SHA-256. */
  from(sha: string): Promise<string | undefined>;
  /** Stores a blob in the fork's storage. */
  to(sha: string, base64: string): Promise<void>;
  /** A blob of this session's workspace snapshots, checked against its id. */
  gitBlob(oid: string): Promise<Uint8Array | undefined>;
}

/** Copies what `kept` (the fork's checkpoints, changed in place) needs; resolves with the bytes the fork holds. */
export async function copyPreImages(kept: Checkpoint[], copy: PreImageCopy): Promise<number> {
  let storedBytes = 0;
  const copied = new Set<string>();
  for (const c of kept) {
    for (const [path, pre] of Object.entries(c.files)) {
      if (pre.kind === 'git') {
        const bytes = await copy.gitBlob(pre.oid);
        // Gone from the store: the fork keeps the reference, and its rewind reports the copy missing.
        if (!bytes) continue;
        const sha = sha256(bytes);
        c.files[path] = { kind: 'content', sha, size: bytes.byteLength };
        if (copied.has(sha)) continue;
        copied.add(sha);
        await copy.to(sha, Buffer.from(bytes).toString('base64'));
        storedBytes += bytes.byteLength;
        continue;
      }
      if (pre.kind !== 'content' || copied.has(pre.sha)) continue;
      copied.add(pre.sha);
      const text = await copy.from(pre.sha);
      if (text !== undefined) await copy.to(pre.sha, text);
      storedBytes += pre.size;
    }
  }
  return storedBytes;
}
