/**
 * Plain-Node Workspace: files on disk, decoded and encoded with encoding.ts. Writes are atomic (temp file
 * in the same folder, flushed, then renamed over the target), so a crash or a concurrent reader never sees
 * half a file, and they keep the file's permission bits.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import type { FileStat, Workspace } from '../../core/contracts/workspace';
import type { TextFile } from '../../core/base/text/encoding';
import { ToolError } from '../../core/contracts/toolErrors';
import { decodeText, detectLineEnding, encodeText } from '../../core/base/text/encoding';

/**
 * The errors both Workspace adapters throw, so tools see the same message and code whichever host runs them.
 * Each names the path, since the model often juggles several.
 */
export const workspaceErrors = {
  notAbsolute: (p: string) => new ToolError('invalid_input', `Path must be absolute: ${p}`),
  fileNotFound: (p: string) => new ToolError('not_found', `File not found: ${p}`),
  folderNotFound: (p: string) => new ToolError('not_found', `Folder not found: ${p}`),
  isDirectory: (p: string) => new ToolError('invalid_input', `Is a directory: ${p}`),
  notDirectory: (p: string) => new ToolError('invalid_input', `Not a directory: ${p}`),
  permissionDenied: (p: string) => new ToolError('permission_denied', `Permission denied: ${p}`),
};

export class NodeWorkspace implements Workspace {
  readonly roots: readonly string[];

  constructor(roots: string[]) {
    this.roots = Object.freeze(roots.map((r) => path.resolve(r)));
  }

  async stat(p: string): Promise<FileStat | undefined> {
    const target = absolute(p);
    try {
      return toFileStat(await stat(target));
    } catch (error) {
      // ENOTDIR: a parent is a file, so this path cannot exist either.
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
      throw translate(error, target, 'file');
    }
  }

  async readBytes(p: string): Promise<Uint8Array> {
    return (await this.readWithStat(absolute(p))).bytes;
  }

  async readText(p: string): Promise<TextFile> {
    const { bytes, stats } = await this.readWithStat(absolute(p));
    const decoded = decodeText(bytes);
    return { ...decoded, lineEnding: detectLineEnding(decoded.content), mtimeMs: stats.mtimeMs, fromDirtyEditor: false };
  }

  async writeText(
    p: string,
    content: string,
    opts: { encoding: TextFile['encoding']; bom: boolean },
  ): Promise<{ mtimeMs: number }> {
    const requested = absolute(p);
    // Encode first: a character the encoding cannot hold fails the write before anything touches the disk.
    const bytes = encodeText(content, opts.encoding, opts.bom);
    // Through a symlink, replace the file it points at; renaming over the link itself would turn it into a copy.
    const target = await realpath(requested).catch(() => requested);
    const existing = await stat(target).catch(() => undefined);
    if (existing?.isDirectory()) throw workspaceErrors.isDirectory(requested);
    const folder = path.dirname(target);
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      throw errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOTDIR'
        ? workspaceErrors.notDirectory(folder)
        : translate(error, folder, 'folder');
    }
    // Same folder as the target, so the rename stays on one file system and is atomic. Hidden, so file
    // watchers and globs that skip dotfiles do not pick up the half-written file.
    const temp = path.join(folder, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
      try {
        await handle.writeFile(bytes);
        // The umask applied when the temp file was created; set the old file's bits exactly.
        if (existing) await handle.chmod(existing.mode & 0o7777);
        // Flushed before the rename, or a crash could leave the new name pointing at empty data.
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw translate(error, requested, 'file');
    }
    return { mtimeMs: (await stat(target)).mtimeMs };
  }

  async list(dir: string): Promise<{ name: string; type: FileStat['type'] }[]> {
    const folder = absolute(dir);
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      throw translate(error, folder, 'folder');
    }
    const listed = await Promise.all(
      entries.map(async (entry) => {
        if (entry.isFile()) return { name: entry.name, type: 'file' as const };
        if (entry.isDirectory()) return { name: entry.name, type: 'directory' as const };
        // A symlink is what it points at (as in VS Code); a dangling one is 'other'.
        if (entry.isSymbolicLink()) {
          const linked = await stat(path.join(folder, entry.name)).catch(() => undefined);
          return { name: entry.name, type: linked ? toFileStat(linked).type : ('other' as const) };
        }
        return { name: entry.name, type: 'other' as const };
      }),
    );
    return listed.sort((a, b) => compareNames(a.name, b.name));
  }

  realpath(p: string): Promise<string> {
    return resolveRealPath(absolute(p));
  }

  /** Content and stat from one open file handle, so the mtime belongs to the bytes returned. */
  private async readWithStat(target: string): Promise<{ bytes: Uint8Array; stats: Stats }> {
    let handle;
    try {
      handle = await open(target, 'r');
    } catch (error) {
      throw translate(error, target, 'file');
    }
    try {
      const stats = await handle.stat();
      // Linux opens folders for reading; refuse here with a clear message instead of an EISDIR later.
      if (stats.isDirectory()) throw workspaceErrors.isDirectory(target);
      const buffer = await handle.readFile();
      // A plain Uint8Array view, as VS Code's fs returns, so callers and tests compare the same type.
      return { bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), stats };
    } catch (error) {
      throw translate(error, target, 'file');
    } finally {
      await handle.close();
    }
  }
}

/** Links followed before giving up (Linux's own limit is 40). */
const MAX_LINK_HOPS = 40;

/**
 * `p` with every symlink resolved, for permission checks. Where `p` does not exist, its nearest existing
 * ancestor is resolved and the rest appended; a dangling link is followed to where it points, since
 * writing through it would create the file there. A loop of links gives the path as far as it resolved.
 */
export async function resolveRealPath(p: string, hops = 0): Promise<string> {
  try {
    return await realpath(p);
  } catch {
    // Missing (or a dangling link somewhere along the way): resolve what exists.
  }
  if (hops < MAX_LINK_HOPS) {
    const link = await lstat(p).catch(() => undefined);
    if (link?.isSymbolicLink()) {
      const target = await readlink(p).catch(() => undefined);
      if (target !== undefined) return resolveRealPath(path.resolve(path.dirname(p), target), hops + 1);
    }
  }
  const parent = path.dirname(p);
  if (parent === p) return p;
  // The parent is shorter, so this ends; only following links counts against the limit.
  return path.join(await resolveRealPath(parent, hops), path.basename(p));
}

/** Sorted by UTF-16 code unit, the same order on every platform and in both adapters. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function absolute(p: string): string {
  if (!path.isAbsolute(p)) throw workspaceErrors.notAbsolute(p);
  return path.resolve(p);
}

function toFileStat(stats: Stats): FileStat {
  const type = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  return { type, size: stats.size, mtimeMs: stats.mtimeMs };
}

/** Node's errno errors as workspace errors; anything already explained (ToolError) or unknown passes through. */
function translate(error: unknown, p: string, kind: 'file' | 'folder'): Error {
  switch (errorCode(error)) {
    case 'ENOENT':
      return kind === 'file' ? workspaceErrors.fileNotFound(p) : workspaceErrors.folderNotFound(p);
    case 'ENOTDIR':
      return kind === 'file' ? workspaceErrors.fileNotFound(p) : workspaceErrors.notDirectory(p);
    case 'EISDIR':
      return workspaceErrors.isDirectory(p);
    case 'EACCES':
    case 'EPERM':
      return workspaceErrors.permissionDenied(p);
    default:
      return error instanceof Error ? error : new Error(`${String(error)} (${p})`);
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
