/**
 * Finding and running ripgrep from plain Node (no `vscode` here: the VS Code adapter passes its own
 * candidate paths). rg is spawned directly, never through a shell, so patterns and paths need no quoting.
 */
import { spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export const RIPGREP_BINARY = process.platform === 'win32' ? 'rg.exe' : 'rg';

/** Output beyond this is dropped and rg killed, unless the caller asks for another cap. */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
/** stderr is only read for an error message; a runaway warning stream must not fill memory. */
const MAX_STDERR_BYTES = 64 * 1024;

export class RipgrepNotFoundError extends Error {
  constructor(tried: readonly string[]) {
    super(
      'ripgrep (rg) was not found: install it (apt-get install ripgrep / brew install ripgrep / winget install ' +
        `BurntSushi.ripgrep.MSVC) or put rg on PATH. Looked for: ${tried.join(', ')}`,
    );
    this.name = 'RipgrepNotFoundError';
  }
}

/**
 * rg from the `@vscode/ripgrep` npm package, when installed. Since 1.18 the binary ships in a per-platform
 * package (`@vscode/ripgrep-<platform>-<arch>`); resolving that directly avoids loading the ESM wrapper,
 * which cannot run inside a CJS bundle. Resolution starts beside this module (dist/ or the source file).
 */
export function packagedRipgrepPath(): string | undefined {
  const pkg = `@vscode/ripgrep-${process.platform}-${process.env.npm_config_arch ?? process.arch}`;
  const from = typeof __filename === 'string' ? __filename : path.join(process.cwd(), 'index.js');
  try {
    return createRequire(from).resolve(`${pkg}/bin/${RIPGREP_BINARY}`);
  } catch {
    return undefined;
  }
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    // Windows has no execute bit; existence is what counts there.
    await access(file, process.platform === 'win32' ? fsConstants.F_OK : fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function onPath(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' && !path.extname(name) ? ['.exe', '.cmd', ''] : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const file = path.join(dir, name + ext);
      if (await isExecutableFile(file)) return file;
    }
  }
  return undefined;
}

/**
 * The first usable rg among `candidates`, in order. A candidate with a path separator is a file; a bare
 * name ("rg") is looked up on `env.PATH`. Undefined entries (an unset option) are skipped.
 */
export async function findRipgrep(
  candidates: readonly (string | undefined)[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const tried: string[] = [];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const bare = !candidate.includes('/') && !candidate.includes('\\');
    tried.push(bare ? `${candidate} on PATH` : candidate);
    const found = bare ? await onPath(candidate, env) : (await isExecutableFile(candidate)) ? candidate : undefined;
    if (found) return found;
  }
  throw new RipgrepNotFoundError(tried);
}

/** Where plain Node looks: an explicit path, the npm package's binary, then PATH. */
export function nodeRipgrepCandidates(explicit?: string): (string | undefined)[] {
  return [explicit, packagedRipgrepPath(), RIPGREP_BINARY];
}

export interface RipgrepRunOptions {
  cwd: string;
  signal?: AbortSignal;
  maxOutputBytes?: number;
}

export interface RipgrepOutcome {
  /** 0: matches, 1: none, 2: an error (stderr says which). 0 as well when rg was stopped at the cap. */
  exitCode: number;
  stderr: string;
  /** True when stdout went past the cap (or the consumer stopped) and rg was killed. */
  truncated: boolean;
}

function abortError(): Error {
  return Object.assign(new Error('ripgrep was cancelled'), { name: 'AbortError' });
}

/**
 * Spawns rg and hands each stdout chunk to `onStdout`, which returns false to stop early (rg is killed
 * and the outcome says truncated). Rejects when `signal` aborts, after rg has exited.
 */
export function spawnRipgrep(
  rgPath: string,
  args: readonly string[],
  opts: RipgrepRunOptions,
  onStdout: (chunk: Buffer) => boolean,
): Promise<RipgrepOutcome> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(abortError());
    // stdin ignored: without a path argument rg would otherwise wait to search a piped stdin.
    const child = spawn(rgPath, [...args], { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    let stopped = false;
    let aborted = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      // rg spawns no children, so killing it ends the whole search.
      child.kill();
    };
    const onAbort = () => {
      aborted = true;
      stop();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (!stopped && !onStdout(chunk)) stop();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderrBytes >= MAX_STDERR_BYTES) return;
      stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(err.code === 'ENOENT' ? new RipgrepNotFoundError([rgPath]) : err);
    });
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (aborted) return reject(abortError());
      const text = Buffer.concat(stderr).toString('utf8').slice(0, MAX_STDERR_BYTES);
      // Killed by us at the cap: what was read is a valid (partial) answer, not an error.
      resolve({ exitCode: stopped ? 0 : (code ?? 2), stderr: text, truncated: stopped });
    });
  });
}

/** Runs rg and collects stdout up to `maxOutputBytes`, cut at the last whole line. */
export async function runRipgrep(
  rgPath: string,
  args: readonly string[],
  opts: RipgrepRunOptions,
): Promise<RipgrepOutcome & { stdout: string }> {
  const cap = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const chunks: Buffer[] = [];
  let bytes = 0;
  const outcome = await spawnRipgrep(rgPath, args, opts, (chunk) => {
    if (bytes + chunk.length <= cap) {
      chunks.push(chunk);
      bytes += chunk.length;
      return true;
    }
    chunks.push(chunk.subarray(0, cap - bytes));
    bytes = cap;
    return false;
  });
  let out = Buffer.concat(chunks, bytes);
  if (outcome.truncated) {
    // A line cut in the middle could also split a UTF-8 sequence; whole lines only.
    const lastNewline = out.lastIndexOf(10);
    out = out.subarray(0, lastNewline + 1);
  }
  return { ...outcome, stdout: out.toString('utf8') };
}
