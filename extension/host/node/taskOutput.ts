/**
 * The task output port on Node: one positioned read of the output file per call (no handle kept open, so a
 * task's file can be deleted or rotated between reads). UTF-8 is decoded up to the last whole character.
 */
import { open, stat } from 'node:fs/promises';
import type { TaskOutputChunk, TaskOutputPort } from '../../core/contracts/tasks';

/** How many leading bytes of `bytes` form whole UTF-8 characters (a cut-off sequence at the end is left out). */
export function wholeUtf8Length(bytes: Uint8Array): number {
  const end = bytes.length;
  // A character is at most 4 bytes: look back at most 3 for the start of the last one.
  for (let back = 1; back <= Math.min(3, end); back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? end - back : end;
  }
  return end;
}

export class NodeTaskOutput implements TaskOutputPort {
  async size(path: string): Promise<number> {
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    return info?.size ?? 0;
  }

  async read(path: string, offset: number, maxBytes: number): Promise<TaskOutputChunk> {
    if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset must be a whole number of bytes ≥ 0, not ${offset}`);
    if (!Number.isInteger(maxBytes) || maxBytes <= 0) throw new RangeError(`maxBytes must be a positive whole number, not ${maxBytes}`);
    const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) return { text: '', nextOffset: offset };
    try {
      const buffer = Buffer.alloc(maxBytes);
      let filled = 0;
      while (filled < maxBytes) {
        const { bytesRead } = await handle.read(buffer, filled, maxBytes - filled, offset + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      const whole = wholeUtf8Length(buffer.subarray(0, filled));
      return { text: buffer.toString('utf8', 0, whole), nextOffset: offset + whole };
    } finally {
      await handle.close();
    }
  }
}
