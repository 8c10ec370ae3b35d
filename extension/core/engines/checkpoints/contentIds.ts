/**
 * The ids a checkpoint compares file contents by: SHA-256 for the pre-images the file tools keep (store.ts), the
 * git object id for those the Bash snapshots keep (a blob id, SHA-1 or SHA-256 by the repository's format).
 */
import { createHash } from 'node:crypto';
import type { PreImage } from './types';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The git blob id of `bytes`, in the format of `like` (40 hex digits: SHA-1; 64: SHA-256). */
export function gitBlobId(bytes: Uint8Array, like: string): string {
  const hash = createHash(like.length === 64 ? 'sha256' : 'sha1');
  hash.update(`blob ${bytes.byteLength}\0`);
  hash.update(bytes);
  return hash.digest('hex');
}

/** Whether `bytes` (undefined: no file) is the content the pre-image describes; a `tooLarge` one never is. */
export function isPreImage(pre: PreImage, bytes: Uint8Array | undefined): boolean {
  switch (pre.kind) {
    case 'absent':
      return bytes === undefined;
    case 'content':
      return bytes !== undefined && sha256(bytes) === pre.sha;
    case 'git':
      return bytes !== undefined && gitBlobId(bytes, pre.oid) === pre.oid;
    case 'tooLarge':
      return false;
  }
}
