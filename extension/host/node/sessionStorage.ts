/** Plain-Node SessionStorage: a folder on disk, written atomically so a crash never leaves half a file. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SessionStorage } from '../../core/contracts/storage';
import { readTextIfExists } from './files';

export class NodeSessionStorage implements SessionStorage {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  async writeText(relativePath: string, content: string): Promise<string> {
    const target = this.resolveInside(relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    // Same folder as the target, so the rename stays on one file system and is atomic.
    const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, content, 'utf8');
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return target;
  }

  async readText(relativePath: string): Promise<string | undefined> {
    const target = this.resolveInside(relativePath);
    return readTextIfExists(target);
  }

  /** The absolute path of `relativePath`; refuses anything that would land outside the folder. */
  private resolveInside(relativePath: string): string {
    if (relativePath.trim() === '' || path.isAbsolute(relativePath) || path.win32.isAbsolute(relativePath)) {
      throw new Error(
        `Session storage path ${JSON.stringify(relativePath)} must be a non-empty path relative to the session folder ${this.dir}.`,
      );
    }
    const target = path.resolve(this.dir, relativePath);
    const inside = path.relative(this.dir, target);
    if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
      throw new Error(
        `Session storage path ${JSON.stringify(relativePath)} escapes the session folder ${this.dir}; use a path inside it without "..".`,
      );
    }
    return target;
  }
}
