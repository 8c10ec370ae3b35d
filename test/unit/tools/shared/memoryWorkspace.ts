/**
 * An in-memory Workspace for the file tools' tests: bytes and mtimes per absolute path, folders implied by
 * the files under them, a clock that moves on every write, and unsaved "editor buffers" to imitate VS Code.
 * Decoding is deliberately simple (BOMs, strict UTF-8, else Latin-1): the real detection is NodeWorkspace's.
 */
import path from 'node:path';
import type { FileStat, Workspace } from '../../../../extension/core/contracts/workspace';
import type { TextFile } from '../../../../extension/core/base/text/encoding';

type Encoding = TextFile['encoding'];

export function encode(text: string, encoding: Encoding = 'utf8', bom = false): Uint8Array {
  let body: number[];
  if (encoding === 'utf8') body = [...(bom ? [0xef, 0xbb, 0xbf] : []), ...new TextEncoder().encode(text)];
  else if (encoding === 'latin1') {
    body = [...text].map((ch) => {
      const code = ch.charCodeAt(0);
      if (code > 0xff) throw new Error(`fake workspace: ${ch} is not latin1`);
      return code;
    });
  } else {
    const le = encoding === 'utf16le';
    body = bom ? (le ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      body.push(...(le ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff]));
    }
  }
  return Uint8Array.from(body);
}

function decode(bytes: Uint8Array): { content: string; encoding: Encoding; bom: boolean } {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xef, 0xbb, 0xbf)) return { content: new TextDecoder().decode(bytes.subarray(3)), encoding: 'utf8', bom: true };
  if (starts(0xff, 0xfe)) return { content: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf16le', bom: true };
  if (starts(0xfe, 0xff)) return { content: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf16be', bom: true };
  try {
    return { content: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf8', bom: false };
  } catch {
    return { content: String.fromCharCode(...bytes), encoding: 'latin1', bom: false };
  }
}

function lineEndingOf(text: string): TextFile['lineEnding'] {
  const crlf = text.split('\r\n').length - 1;
  const lf = text.split('\n').length - 1 - crlf;
  return crlf > lf ? 'CRLF' : 'LF';
}

export class MemoryWorkspace implements Workspace {
  private readonly files = new Map<string, { bytes: Uint8Array; mtimeMs: number }>();
  private readonly dirty = new Map<string, string>();
  private clock = 1_700_000_000_000;
  /** Paths written through the port, in order: tests prove a refused call wrote nothing. */
  readonly writes: string[] = [];

  constructor(readonly roots: readonly string[] = ['/proj']) {}

  /** Puts a file (text in the given encoding, or raw bytes) and returns its mtime. */
  put(p: string, content: string | Uint8Array, opts: { encoding?: Encoding; bom?: boolean } = {}): number {
    const bytes = typeof content === 'string' ? encode(content, opts.encoding, opts.bom) : content;
    this.clock += 1000;
    this.files.set(p, { bytes, mtimeMs: this.clock });
    return this.clock;
  }

  /** Moves the mtime without changing the bytes (a `touch`, a sync tool). */
  touch(p: string): void {
    const file = this.files.get(p);
    if (!file) throw new Error(`fake workspace: no ${p}`);
    this.clock += 1000;
    file.mtimeMs = this.clock;
  }

  /** An open editor with unsaved text: readText returns it, the bytes and mtime stay as on disk. */
  setDirtyBuffer(p: string, text: string): void {
    this.dirty.set(p, text);
  }

  bytes(p: string): Uint8Array {
    const file = this.files.get(p);
    if (!file) throw new Error(`fake workspace: no ${p}`);
    return file.bytes;
  }

  /** The file's bytes decoded as UTF-8 (BOM and CRs kept), for exact assertions. */
  raw(p: string): string {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(this.bytes(p));
  }

  async stat(p: string): Promise<FileStat | undefined> {
    const file = this.files.get(p);
    if (file) return { type: 'file', size: file.bytes.length, mtimeMs: file.mtimeMs };
    const prefix = p.endsWith('/') ? p : `${p}/`;
    return [...this.files.keys()].some((k) => k.startsWith(prefix)) ? { type: 'directory', size: 0, mtimeMs: 0 } : undefined;
  }

  async readBytes(p: string): Promise<Uint8Array> {
    return this.bytes(p);
  }

  async readText(p: string): Promise<TextFile> {
    const file = this.files.get(p);
    if (!file) throw new Error(`File not found: ${p}`);
    const decoded = decode(file.bytes);
    const buffer = this.dirty.get(p);
    const content = buffer ?? decoded.content;
    return { ...decoded, content, lineEnding: lineEndingOf(content), mtimeMs: file.mtimeMs, fromDirtyEditor: buffer !== undefined };
  }

  async writeText(p: string, content: string, opts: { encoding: Encoding; bom: boolean }): Promise<{ mtimeMs: number }> {
    this.writes.push(p);
    this.dirty.delete(p); // VS Code saves the document it edited
    return { mtimeMs: this.put(p, content, opts) };
  }

  async list(dir: string): Promise<{ name: string; type: FileStat['type'] }[]> {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    const entries = new Map<string, FileStat['type']>();
    for (const key of this.files.keys()) {
      if (!key.startsWith(prefix)) continue;
      const [name, ...rest] = key.slice(prefix.length).split('/');
      entries.set(name!, rest.length ? 'directory' : 'file');
    }
    if (entries.size === 0) throw new Error(`Folder not found: ${dir}`);
    return [...entries].map(([name, type]) => ({ name, type })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** No links in memory: every path is its own real path. */
  async realpath(p: string): Promise<string> {
    return path.posix.normalize(p);
  }
}

export const join = path.posix.join;
