/**
 * Plain-Node SearchPort on ripgrep. `RipgrepSearch` holds the behaviour; the Node and VS Code adapters differ
 * only in where they look for rg first.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SearchPort } from '../../core/ports';
import { findRipgrep, nodeRipgrepCandidates, runRipgrep, spawnRipgrep } from './ripgrep';

/** Stats in flight at once while globbing: enough to hide latency, few enough not to starve the libuv pool. */
const STAT_CONCURRENCY = 32;

export interface GlobResult {
  /** Absolute paths, oldest modification first. */
  files: { path: string; mtimeMs: number }[];
  truncated: boolean;
  /** How many files matched in all, so a caller can say how many were left out. */
  total: number;
}

export class RipgrepSearch implements SearchPort {
  private found: Promise<string> | undefined;

  /** `candidates` is re-read on each lookup; a lookup that failed is retried, so installing rg mid-session works. */
  constructor(private readonly candidates: () => readonly (string | undefined)[]) {}

  /** The rg this adapter runs; rejects with what to install when there is none. */
  rgPath(): Promise<string> {
    if (!this.found) {
      this.found = findRipgrep(this.candidates());
      this.found.catch(() => (this.found = undefined));
    }
    return this.found;
  }

  async ripgrep(
    args: readonly string[],
    opts: { cwd: string; signal?: AbortSignal; maxOutputBytes?: number },
  ): Promise<{ stdout: string; stderr: string; exitCode: number; truncated: boolean }> {
    return runRipgrep(await this.rgPath(), args, opts);
  }

  async glob(pattern: string, opts: { cwd: string; limit: number; signal?: AbortSignal }): Promise<GlobResult> {
    const rg = await this.rgPath();
    const plan = planGlob(pattern);
    const cwd = path.resolve(opts.cwd, plan.root);
    if (!(await isDirectory(cwd))) return { files: [], truncated: false, total: 0 };
    const files: { path: string; mtimeMs: number }[] = [];
    const stats = new StatQueue(STAT_CONCURRENCY, (file) => {
      const absolute = path.join(cwd, file);
      return stat(absolute).then(
        (s) => void files.push({ path: absolute, mtimeMs: s.mtimeMs }),
        // Deleted between listing and stat: it no longer matches.
        () => undefined,
      );
    });
    // NUL-separated, so names holding newlines survive; stats start while rg is still walking the tree.
    let rest = Buffer.alloc(0);
    const outcome = await spawnRipgrep(
      rg,
      ['--no-config', '--files', '--null', ...plan.args],
      { cwd, ...(opts.signal ? { signal: opts.signal } : {}) },
      (chunk) => {
        let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
        for (let nul = buf.indexOf(0); nul !== -1; nul = buf.indexOf(0)) {
          stats.push(buf.toString('utf8', 0, nul));
          buf = buf.subarray(nul + 1);
        }
        rest = Buffer.from(buf);
        return true;
      },
    );
    await stats.drained();
    opts.signal?.throwIfAborted();
    // Exit 1 is "no files"; 2 with nothing listed is a real failure (bad glob, unreadable folder).
    if (outcome.exitCode === 2 && files.length === 0) throw new Error(outcome.stderr.trim() || 'ripgrep failed');
    files.sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files: files.slice(0, opts.limit), truncated: files.length > opts.limit, total: files.length };
  }
}

const GLOB_CHARS = /[*?[\]{}]/;

/**
 * How a glob becomes rg arguments. rg's `--glob` is an override: a file it names is listed even when
 * .gitignore ignores it (ignored folders stay pruned, ignored files do not). A file type (`--type-add`) is
 * checked after the ignore rules instead, but matches file names only. So the static leading folders become
 * the search root, and a name pattern at any depth ("**\/*.ts", "*.ts") or directly in the root ("src/*.ts")
 * becomes a type; only deeper shapes ("src/*\/index.ts") fall back to `--glob` and its leak.
 */
export function planGlob(pattern: string): { root: string; args: string[] } {
  const parts = pattern.split('/').filter((p, i) => p !== '' && !(p === '.' && i === 0));
  const firstGlob = parts.findIndex((p) => GLOB_CHARS.test(p));
  // Without wildcards the last part is still a name to match, not a folder to list.
  const split = firstGlob === -1 ? Math.max(parts.length - 1, 0) : firstGlob;
  const root = parts.slice(0, split).join('/') || '.';
  const rest = parts.slice(split);
  if (rest.length === 0) return { root, args: [] };
  // A file matched by a type or --glob is listed even when hidden; hide dotfiles unless the pattern names one.
  const hidden = rest.some((p) => p.startsWith('.') && p !== '.' && p !== '..') ? [] : ['--glob', '!.*'];
  const anyDepth = !pattern.includes('/') || rest[0] === '**';
  let name = rest;
  while (name.length > 1 && name[0] === '**') name = name.slice(1);
  if (name.length === 1) {
    const depth = anyDepth ? [] : ['--max-depth', '1'];
    return { root, args: ['--type-add', `cwglob:${name[0]}`, '--type', 'cwglob', ...depth, ...hidden] };
  }
  return { root, args: ['--glob', rest.join('/'), ...hidden] };
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** Plain Node: an explicit rg, then `@vscode/ripgrep`'s binary, then rg on PATH. */
export class NodeSearch extends RipgrepSearch {
  constructor(opts: { rgPath?: string } = {}) {
    super(() => nodeRipgrepCandidates(opts.rgPath));
  }
}

/** Runs `fn` on pushed items with at most `limit` in flight; `drained` resolves once all have settled. */
class StatQueue {
  private readonly waiting: string[] = [];
  private active = 0;
  private idle: (() => void) | undefined;

  constructor(
    private readonly limit: number,
    private readonly fn: (item: string) => Promise<void>,
  ) {}

  push(item: string): void {
    if (this.active < this.limit) this.start(item);
    else this.waiting.push(item);
  }

  drained(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => (this.idle = resolve));
  }

  private start(item: string): void {
    this.active++;
    void this.fn(item).finally(() => {
      this.active--;
      const next = this.waiting.pop();
      if (next !== undefined) this.start(next);
      else if (this.active === 0) this.idle?.();
    });
  }
}
