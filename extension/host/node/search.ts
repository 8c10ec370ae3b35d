/**
 * Plain-Node SearchPort on ripgrep. `RipgrepSearch` holds the behaviour; the Node and VS Code adapters differ
 * only in where they look for rg first.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ListedFiles, SearchPort } from '../../core/contracts/workspace';
import { listRipgrepFiles } from './fileList';
import { findRipgrep, nodeRipgrepCandidates, runRipgrep } from './ripgrep';

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

  async listFiles(
    args: readonly string[],
    opts: { cwd: string; signal?: AbortSignal; maxOutputBytes?: number; exclude?: (absPath: string) => boolean },
  ): Promise<ListedFiles> {
    return listRipgrepFiles(await this.rgPath(), args, opts);
  }

  async glob(pattern: string, opts: { cwd: string; limit: number; signal?: AbortSignal; exclude?: (absPath: string) => boolean }): Promise<GlobResult> {
    const rg = await this.rgPath();
    const plan = planGlob(pattern);
    const cwd = path.resolve(opts.cwd, plan.root);
    if (!(await isDirectory(cwd))) return { files: [], truncated: false, total: 0, hidden: 0 };
    const args = ['--no-config', '--files', '--null', ...plan.args];
    // No byte cap: the oldest files can be printed last, so the list must be whole to be sorted.
    const listed = await listRipgrepFiles(rg, args, { cwd, signal: opts.signal, exclude: opts.exclude, maxOutputBytes: Number.POSITIVE_INFINITY });
    opts.signal?.throwIfAborted();
    // A file gone before its stat no longer matches.
    const files = listed.files.filter((f): f is GlobResult['files'][number] => f.mtimeMs !== undefined);
    // Exit 1 is "no files"; 2 with nothing listed is a real failure (bad glob, unreadable folder).
    if (listed.exitCode === 2 && files.length === 0) throw new Error(listed.stderr.trim() || 'ripgrep failed');
    files.sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files: files.slice(0, opts.limit), truncated: files.length > opts.limit, total: files.length, hidden: listed.hidden };
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
