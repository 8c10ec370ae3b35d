/** Plain-Node `MemoryIo`: memory files and their imports read from disk, `#` notes appended to them. */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MemoryIo } from '../../core/contracts/environment';

export class NodeMemoryIo implements MemoryIo {
  constructor(readonly homeDir: string) {}

  async readText(file: string): Promise<string | undefined> {
    try {
      return await readFile(file, 'utf8');
    } catch {
      // Missing, a folder, no permission: not a memory file; the caller decides whether that is a problem.
      return undefined;
    }
  }

  async appendText(file: string, text: string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, text, 'utf8');
  }
}
