/** Plain-Node FileRestorer for checkpoints: byte-exact writes (temp file + rename) and deletes. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileRestorer } from '../../core/engines/checkpoints/types';

export class NodeFileRestorer implements FileRestorer {
  async writeBytes(file: string, bytes: Uint8Array): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async remove(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}
