/**
 * Plain-Node SearchPort on ripgrep. `RipgrepSearch` holds the behaviour; the Node and VS Code adapters differ
 * only in where they look for rg first.
 */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SearchPort } from '../../core/contracts/workspace';
import { findRipgrep, nodeRipgrepCandidates, runRipgrep, spawnRipgrep } from './ripgrep';

export interface GlobResult {
  /** Absolute paths, oldest modification first. */
  files: { path: string; mtimeMs: number }[];
  truncated: boolean;
  /** How many files matched in all, so a caller can say how many were left out. */
  total: number;
  /** Matches left out because `exclude` said so (a permission rule), not counted in `total`. */
  hidden: number;
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

  async glob(pattern: string, opts: { cwd: string; limit: number; signal?: AbortSignal; exclude?: (absPath: string) => boolean }): Promise<GlobResult> {
    const rg = await this.rgPath();
    const plan = planGlob(pattern);
    const cwd = path.resolve(opts.cwd, plan.root);
    if (!(await isDirectory(cwd))) return { files: [], truncated: false, total: 0, hidden: 0 };
    const files: { path: string; mtimeMs: number }[] = [];
    let hidden = 0;
    // NUL-separated, so names holding newlines survive. Each chunk's paths are stat'ed as it arrives, while rg
    // keeps walking. Synchronously: statSync of a cached inode costs a few µs, the thread-pool round trip of an
    // async stat 5-10× that (measured in test/bench/search.ts); a 64 KB chunk blocks for a few ms at most.
    let rest = Buffer.alloc(0);
    const outcome = await spawnRipgrep(
      rg,
      ['--no-config', '--files', '--null', ...plan.args],
      { cwd, ...(opts.signal ? { signal: opts.signal } : {}) },
      (chunk) => {
        let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
        for (let nul = buf.indexOf(0); nul !== -1; nul = buf.indexOf(0)) {
          const absolute = path.join(cwd, buf.toString('utf8', 0, nul));
          // A file a permission rule hides is only counted (not even stat'ed).
          const mtimeMs = opts.exclude?.(absolute) ? (hidden++, undefined) : mtimeOf(absolute);
          if (mtimeMs !== undefined) files.push({ path: absolute, mtimeMs });
          buf = buf.subarray(nul + 1);
        }
        rest = Buffer.from(buf);
        return true;
      },
    );
    opts.signal?.throwIfAborted();
    // Exit 1 is "no files"; 2 with nothing listed is a real failure (bad glob, unreadable folder).
    if (outcome.exitCode === 2 && files.length === 0) throw new Error(outcome.stderr.trim() || 'ripgrep failed');
    files.sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files: files.slice(0, opts.limit), truncated: files.length > opts.limit, total: files.length, hidden };
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
  // A file matched by a type or --glob is listed even when hidden, so dotfiles are hidden explicitly, unless the
  // pattern names one: then hidden folders must be walked too (".github" below "**"), all but .git itself.
  const dotted = rest.some((p) => p.startsWith('.') && p !== '.' && p !== '..');
  const hidden = dotted ? ['--hidden', '--glob', '!.git'] : ['--glob', '!.*'];
  const anyDepth = !pattern.includes('/') || rest[0] === '**';
  let name = rest;
  while (name.length > 1 && name[0] === '**') name = name.slice(1);
  if (name.length === 1) {
    const depth = anyDepth ? [] : ['--max-depth', '1'];
    return { root, args: ['--type-add', `cwglob:${name[0]}`, '--type', 'cwglob', ...depth, ...hidden] };
  }
  return { root, args: ['--glob', rest.join('/'), ...hidden] };
}

/** Undefined when the file vanished between listing and stat (it no longer matches) or cannot be stat'ed. */
function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  } catch {
    return undefined;
  }
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
