/**
 * Plain-Node TranscriptStore: one `<sessionId>.jsonl` per session in a folder. Appends are synced to disk
 * before they resolve, because the loop treats a resolved append as "this line survives a crash".
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { TranscriptStore } from '../../core/contracts/storage';
import { hasErrorCode, readTextIfExists } from './files';

const SESSION_ID = /^[\w-]{1,100}$/;
const EXTENSION = '.jsonl';

/**
 * A short, file-name-safe key for a workspace folder path: the name of its transcripts folder, in the
 * extension and in the CLI. A hash rather than the path itself: paths can be longer than a file name may be
 * and contain characters some file systems refuse. Trailing separators are ignored so `/a/b/` and `/a/b`
 * share their sessions.
 */
export function workspaceKeyOf(workspacePath: string): string {
  const normalized = workspacePath.length > 1 ? workspacePath.replace(/[\\/]+$/, '') : workspacePath;
  return createHash('sha256').update(normalized, 'utf8').digest('hex').slice(0, 16);
}

/**
 * Codewright's own folder: `CODEWRIGHT_HOME`, else `~/.codewright`. The CLI and VS Code both keep their
 * transcripts under it, so a session started in one is listed and resumed by the other.
 */
export function codewrightHome(env: NodeJS.ProcessEnv, homeDir: string): string {
  return env.CODEWRIGHT_HOME?.trim() ? path.resolve(env.CODEWRIGHT_HOME) : path.join(homeDir, '.codewright');
}

/** Where the transcripts of the workspace folder `workspacePath` live: `<home>/projects/<workspace key>/transcripts`. */
export function projectTranscriptsDir(home: string, workspacePath: string): string {
  return path.join(home, 'projects', workspaceKeyOf(workspacePath), 'transcripts');
}

export class NodeTranscriptStore implements TranscriptStore {
  readonly dir: string;
  /** Per-session chain of appends, so two writers in this process never interleave partial lines. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Sessions this process has appended to: their file ends in a newline and its folder entry is synced. */
  private readonly known = new Set<string>();

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  append(sessionId: string, lines: readonly string[]): Promise<void> {
    let file: string;
    try {
      file = this.fileOf(sessionId);
      if (lines.some((line) => line.includes('\n'))) {
        throw new Error(`A transcript line for session ${sessionId} contains a newline; serialize entries with JSON.stringify.`);
      }
    } catch (error) {
      return Promise.reject(error);
    }
    if (lines.length === 0) return Promise.resolve();
    const previous = this.queues.get(sessionId) ?? Promise.resolve();
    const write = previous.then(() => this.write(sessionId, file, `${lines.join('\n')}\n`));
    const settled = write.catch(() => undefined);
    this.queues.set(sessionId, settled);
    // Forget the chain once idle, so a long-lived store does not keep one entry per session ever written.
    void settled.then(() => {
      if (this.queues.get(sessionId) === settled) this.queues.delete(sessionId);
    });
    return write;
  }

  async read(sessionId: string): Promise<string | undefined> {
    const file = this.fileOf(sessionId);
    return readTextIfExists(file);
  }

  async list(): Promise<{ sessionId: string; modifiedMs: number; sizeBytes: number }[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return [];
      throw error;
    }
    const ids = names.filter((n) => n.endsWith(EXTENSION)).map((n) => n.slice(0, -EXTENSION.length)).filter((id) => SESSION_ID.test(id));
    const entries = await Promise.all(
      ids.map(async (sessionId) => {
        try {
          const info = await stat(path.join(this.dir, sessionId + EXTENSION));
          return info.isFile() ? { sessionId, modifiedMs: info.mtimeMs, sizeBytes: info.size } : undefined;
        } catch (error) {
          // Deleted between readdir and stat: not a session any more.
          if (hasErrorCode(error, 'ENOENT')) return undefined;
          throw error;
        }
      }),
    );
    return entries.filter((e) => e !== undefined);
  }

  private async write(sessionId: string, file: string, data: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const first = !this.known.has(sessionId);
    // One append of the whole batch through an O_APPEND handle, then a data sync: the lines are whole and on
    // disk, not just in the page cache, before the caller goes on to show or send them.
    const handle = await open(file, first ? 'a+' : 'a');
    try {
      // A process killed mid-write leaves a cut-off last line; starting on a fresh line keeps it from
      // swallowing the first line written after resume. Once per session: this process ends every append.
      const text = first && (await endsMidLine(handle)) ? `\n${data}` : data;
      await handle.appendFile(text, 'utf8');
      await handle.datasync();
    } finally {
      await handle.close();
    }
    if (first) {
      await syncFolder(this.dir);
      this.known.add(sessionId);
    }
  }

  private fileOf(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) {
      throw new Error(`Invalid session id for a transcript: ${JSON.stringify(sessionId)} (use letters, digits, "_" and "-", at most 100).`);
    }
    return path.join(this.dir, sessionId + EXTENSION);
  }
}

async function endsMidLine(handle: FileHandle): Promise<boolean> {
  const { size } = await handle.stat();
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/** A new file's folder entry must be synced too, or a crash can lose the whole file. Not possible on Windows. */
async function syncFolder(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: some platforms and file systems refuse to open or sync a folder.
  }
}
