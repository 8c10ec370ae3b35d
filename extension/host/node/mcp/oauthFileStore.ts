/**
 * A `SecretStore` in one JSON file, for hosts without a keychain API (the CLI: `<CODEWRIGHT_HOME>/mcp-oauth.json`,
 * docs/ARCHITECTURE.md, MCP authentication). The file and its folder are the user's only (0600, 0700), and
 * every change is written whole to a temporary file beside it and renamed over it, so a crash or a second
 * process never leaves half a file: a reader sees the old state or the new one. Each change reads the file
 * again first, so two CLI runs signing in to different servers keep both; two changing the same key at the
 * same moment keep the last. A file that is not readable JSON reads as empty (the user signs in again).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { SecretStore } from './oauth';

const FileSchema = z.record(z.string(), z.string());

export class FileSecretStore implements SecretStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.read())[key];
  }

  store(key: string, value: string): Promise<void> {
    return this.change((all) => ({ ...all, [key]: value }));
  }

  delete(key: string): Promise<void> {
    return this.change((all) => {
      if (!(key in all)) return undefined;
      const next = { ...all };
      delete next[key];
      return next;
    });
  }

  private async read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return {};
    }
    try {
      const parsed = FileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  /** One change at a time in this process, each on what the file holds then; `undefined` from `edit`: nothing to write. */
  private change(edit: (all: Record<string, string>) => Record<string, string> | undefined): Promise<void> {
    const run = this.queue.then(async () => {
      const next = edit(await this.read());
      if (next) await this.write(next);
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async write(all: Record<string, string>): Promise<void> {
    const dir = path.dirname(this.file);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, `.${path.basename(this.file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      // `wx`: a fresh file, created 0600 (the umask only takes bits away), never someone's link.
      await writeFile(temp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      await rename(temp, this.file);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => {});
      throw err;
    }
    // A file the user once widened is narrowed again (rename kept the temp file's mode; this is for other filesystems).
    await chmod(this.file, 0o600).catch(() => {});
  }
}
