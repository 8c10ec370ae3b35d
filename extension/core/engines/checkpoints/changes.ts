/** The files a session changed, with +/− line counts against the session's start. */
import { diffLines } from 'diff';
import { isPreImage } from './contentIds';
import type { CheckpointStore } from './store';
import type { ChangedFile, FileReader } from './types';

/** Files bigger than this are listed without line counts: diffing them would stall the host. */
const MAX_DIFF_BYTES = 1024 * 1024;

function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/** Lines added and removed from `before` to `after`. */
export function lineCounts(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before, after)) {
    if (part.added) added += part.count;
    else if (part.removed) removed += part.count;
  }
  return { added, removed };
}

async function readOrUndefined(reader: FileReader, path: string): Promise<Uint8Array | undefined> {
  const stat = await reader.stat(path);
  return stat?.type === 'file' ? reader.readBytes(path) : undefined;
}

/** Every file the session touched whose content now differs from the session's start, in touch order. */
export async function changedFiles(store: CheckpointStore, reader: FileReader): Promise<ChangedFile[]> {
  const out: ChangedFile[] = [];
  for (const [path, pre] of store.sessionStart()) {
    const now = await readOrUndefined(reader, path).catch(() => undefined);
    const created = pre.kind === 'absent';
    const deleted = now === undefined;
    if (created && deleted) continue;
    if ((pre.kind === 'content' || pre.kind === 'git') && isPreImage(pre, now)) continue;
    const before = pre.kind === 'content' || pre.kind === 'git' ? await store.bytesOf(pre) : created ? new Uint8Array() : undefined;
    const file: ChangedFile = { path, added: 0, removed: 0, created, deleted, binary: false };
    const after = now ?? new Uint8Array();
    if (!before || isBinary(before) || isBinary(after) || before.byteLength + after.byteLength > MAX_DIFF_BYTES) {
      file.binary = true;
    } else {
      Object.assign(file, lineCounts(Buffer.from(before).toString('utf8'), Buffer.from(after).toString('utf8')));
    }
    out.push(file);
  }
  return out;
}
