/**
 * rg's lists of files (`--files`, `--files-with-matches`, each with `--null`) read as they stream: every path
 * is resolved and stat'ed on arrival while rg keeps walking, so sorting by mtime costs what the stats cost
 * beyond rg's own time, not rg's time plus theirs. Measured in test/bench/search.ts.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ListedFiles } from '../../core/contracts/workspace';
import { DEFAULT_MAX_OUTPUT_BYTES, spawnRipgrep, type RipgrepRunOptions } from './ripgrep';

export interface ListOptions extends RipgrepRunOptions {
  /** Absolute paths to leave out unstat'ed (a permission rule); they are counted in `hidden`. */
  exclude?: ((absPath: string) => boolean) | undefined;
}

/**
 * An absolute path for a path rg printed, by concatenation: `path.join`/`path.resolve` per file cost as much as
 * the stat itself (they re-normalise every segment), and rg's relative paths are already normal. rg prints
 * `./x` when searching ".", and absolute paths when given an absolute folder.
 */
export function absoluteListed(dirWithSep: string, printed: string): string {
  if (path.isAbsolute(printed)) return printed;
  const dotSlash = printed.startsWith('./') || printed.startsWith('.\\');
  return dirWithSep + (dotSlash ? printed.slice(2) : printed);
}

/** `dir` resolved, with exactly one trailing separator: the prefix of every path inside it. */
export function withTrailingSep(dir: string): string {
  const resolved = path.resolve(dir);
  return resolved.endsWith(path.sep) ? resolved : resolved + path.sep;
}

/** Undefined when the file vanished between listing and stat, or cannot be stat'ed. */
function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Runs rg (whose stdout must be NUL-terminated paths) and lists what it prints. Synchronous stats: statSync of a
 * cached inode costs a few µs, an async stat's thread-pool round trip several times that, and a 64 KB chunk
 * (a few thousand paths) blocks the loop for a few ms at most while rg keeps filling the pipe.
 */
export async function listRipgrepFiles(rgPath: string, args: readonly string[], opts: ListOptions): Promise<ListedFiles> {
  const dir = withTrailingSep(opts.cwd);
  const cap = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const files: ListedFiles['files'] = [];
  let hidden = 0;
  let bytes = 0;
  let rest: Buffer | undefined;
  const outcome = await spawnRipgrep(rgPath, args, opts, (chunk) => {
    bytes += chunk.length;
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    // Decoded up to the last NUL in one go: a NUL never sits inside a UTF-8 sequence, so no name is split.
    const end = buf.lastIndexOf(0);
    rest = end + 1 < buf.length ? Buffer.from(buf.subarray(end + 1)) : undefined;
    if (end === -1) return bytes <= cap;
    for (const printed of buf.toString('utf8', 0, end).split('\0')) {
      if (printed === '') continue;
      const absolute = absoluteListed(dir, printed);
      if (opts.exclude?.(absolute)) hidden++;
      else files.push({ path: absolute, mtimeMs: mtimeOf(absolute) });
    }
    return bytes <= cap;
  });
  return { files, hidden, exitCode: outcome.exitCode, stderr: outcome.stderr, truncated: outcome.truncated };
}
