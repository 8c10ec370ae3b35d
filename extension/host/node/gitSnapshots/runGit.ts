/**
 * Running git for the workspace snapshots: `spawn` without a shell, stdout kept as bytes, an environment that
 * cannot point git elsewhere (no inherited GIT_DIR, GIT_INDEX_FILE and the like, no system config, no prompts),
 * and the process killed outright at the capture's deadline or when the capture is cancelled.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';

/** Why a git run did not produce an answer: not installed, over the time budget, cancelled, or git failed. */
export type GitFailureKind = 'missing' | 'timeout' | 'aborted' | 'failed';

export class SnapshotGitError extends Error {
  constructor(
    readonly kind: GitFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'SnapshotGitError';
  }
}

/** Options every git run of one capture shares. */
export interface RunContext {
  git: string;
  /** `Date.now()` past which git is killed; undefined for no limit. */
  deadline?: number;
  signal?: AbortSignal;
}

export interface GitRun extends RunContext {
  args: readonly string[];
  cwd?: string;
  /** Added to the cleaned environment (GIT_INDEX_FILE for the previous index). */
  env?: Record<string, string>;
  input?: string | Buffer;
}

export interface GitOutput {
  stdout: Buffer;
  stderr: string;
  code: number;
}

/** Settings that, inherited from the caller, would make git read or write another repository. */
const DROPPED_ENV = [
  'GIT_DIR',
  'GIT_INDEX_FILE',
  'GIT_WORK_TREE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
];

function gitEnv(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (DROPPED_ENV.includes(key.toUpperCase())) delete env[key];
  // LC_ALL=C keeps git's messages in English: a failure's first line becomes the reason shown to the user.
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...extra };
}

const firstLine = (text: string) => text.split(/\r?\n/).find((line) => line.trim())?.trim() ?? '';

function missingMessage(git: string, cwd: string | undefined): string {
  if (cwd) {
    try {
      statSync(cwd);
    } catch {
      return `The folder ${cwd} cannot be read.`;
    }
  }
  return `git was not found (looked for "${git}" on PATH).`;
}

/** Runs git to the end; resolves with its exit code (non-zero included), rejects only when it did not finish. */
export function runGit(run: GitRun): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(new SnapshotGitError('aborted', 'The snapshot was cancelled.'));
    if (run.deadline !== undefined && Date.now() >= run.deadline) return reject(new SnapshotGitError('timeout', 'Out of time.'));
    const child = spawn(run.git, [...run.args], {
      cwd: run.cwd,
      env: gitEnv(run.env),
      stdio: [run.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let stopped: GitFailureKind | undefined;
    // SIGKILL, not a polite SIGTERM: git holds index.lock, and the capture must return within its budget.
    const stop = (kind: GitFailureKind) => {
      if (stopped) return;
      stopped = kind;
      child.kill('SIGKILL');
    };
    const timer = run.deadline === undefined ? undefined : setTimeout(() => stop('timeout'), Math.max(0, run.deadline - Date.now()));
    const onAbort = () => stop('aborted');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      if (timer) clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
    };
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    if (run.input !== undefined && child.stdin) {
      child.stdin.on('error', () => {}); // git may exit before reading all of it; its exit code tells
      child.stdin.end(run.input);
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      done();
      if (error.code === 'ENOENT') reject(new SnapshotGitError('missing', missingMessage(run.git, run.cwd)));
      else reject(new SnapshotGitError('failed', `Could not run git: ${error.message}`));
    });
    child.on('close', (code) => {
      done();
      if (stopped === 'timeout') reject(new SnapshotGitError('timeout', 'Out of time.'));
      else if (stopped === 'aborted') reject(new SnapshotGitError('aborted', 'The snapshot was cancelled.'));
      else resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code: code ?? -1 });
    });
  });
}

/** Runs git and returns stdout; a non-zero exit throws with git's first line of stderr as the message. */
export async function gitOk(run: GitRun): Promise<Buffer> {
  const result = await runGit(run);
  if (result.code !== 0) throw gitFailure(result);
  return result.stdout;
}

export function gitFailure(result: GitOutput): SnapshotGitError {
  return new SnapshotGitError('failed', firstLine(result.stderr) || `git exited with code ${result.code}.`);
}
