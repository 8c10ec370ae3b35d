/**
 * An in-memory `Workspace` and a tool context around it, until `NodeWorkspace` (host/node/workspace.ts)
 * lands. Every write bumps a fake clock, so mtimes always move forward the way stale-read checks expect.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileStat, SearchPort, Workspace } from '../../../../extension/core/contracts/workspace';
import type { TextFile } from '../../../../extension/core/base/text/encoding';
import type { ToolPorts, ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import type { Tools } from '../../../../extension/core/contracts/tool';
import { NodeSessionStorage } from '../../../../extension/host/node/sessionStorage';
import { makeContext } from '../../tool/fixtures';

interface Entry {
  content: string;
  mtimeMs: number;
  encoding: TextFile['encoding'];
  bom: boolean;
}

export const ROOT = path.resolve('/ws');

export class MemoryWorkspace implements Workspace {
  readonly roots: readonly string[];
  readonly files = new Map<string, Entry>();
  private clock = 1_000;

  constructor(roots: readonly string[] = [ROOT]) {
    this.roots = roots;
  }

  /** Creates or overwrites a file, as the user or another tool would. */
  put(file: string, content: string, opts: { encoding?: TextFile['encoding']; bom?: boolean } = {}): void {
    this.files.set(path.resolve(file), { content, mtimeMs: ++this.clock, encoding: opts.encoding ?? 'utf8', bom: opts.bom ?? false });
  }

  text(file: string): string {
    const e = this.files.get(path.resolve(file));
    if (!e) throw new Error(`ENOENT: ${file}`);
    return e.content;
  }

  async stat(file: string): Promise<FileStat | undefined> {
    const p = path.resolve(file);
    const e = this.files.get(p);
    if (e) return { type: 'file', size: Buffer.byteLength(e.content), mtimeMs: e.mtimeMs };
    const isDir = [...this.files.keys()].some((k) => k.startsWith(p + path.sep));
    return isDir ? { type: 'directory', size: 0, mtimeMs: 0 } : undefined;
  }

  async readBytes(file: string): Promise<Uint8Array> {
    return Buffer.from(this.text(file));
  }

  async readText(file: string): Promise<TextFile> {
    const e = this.files.get(path.resolve(file));
    if (!e) throw new Error(`ENOENT: ${file}`);
    return {
      content: e.content,
      encoding: e.encoding,
      bom: e.bom,
      lineEnding: e.content.includes('\r\n') ? 'CRLF' : 'LF',
      mtimeMs: e.mtimeMs,
      fromDirtyEditor: false,
    };
  }

  async writeText(file: string, content: string, opts: { encoding: TextFile['encoding']; bom: boolean }): Promise<{ mtimeMs: number }> {
    this.put(file, content, opts);
    return { mtimeMs: this.clock };
  }

  async list(dir: string): Promise<{ name: string; type: FileStat['type'] }[]> {
    const p = path.resolve(dir) + path.sep;
    const names = new Set([...this.files.keys()].filter((k) => k.startsWith(p)).map((k) => k.slice(p.length).split(path.sep)[0]!));
    return [...names].map((name) => ({ name, type: this.files.has(p + name) ? 'file' : 'directory' }));
  }

  /** No links in memory: every path is its own real path. */
  async realpath(file: string): Promise<string> {
    return path.resolve(file);
  }
}

const noSearch: SearchPort = {
  ripgrep: () => Promise.reject(new Error('search is not used by these tests')),
  listFiles: () => Promise.reject(new Error('search is not used by these tests')),
  glob: () => Promise.reject(new Error('search is not used by these tests')),
};

/** A tool context whose cwd is the workspace root and whose ports are the given fakes. */
export function contextWith(tools: Tools, workspace: MemoryWorkspace, ports: Partial<ToolPorts> = {}): ToolUseContext {
  const storage = new NodeSessionStorage(mkdtempSync(path.join(tmpdir(), 'codewright-tools-')));
  const context = makeContext(tools, { cwd: workspace.roots[0]!, ports: { storage, workspace, search: noSearch, ...ports } });
  // Deferred tools run only once loaded; these tests call them directly.
  for (const t of tools) context.discoveredToolNames.add(t.name);
  return context;
}
