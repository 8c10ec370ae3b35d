/**
 * Running the git command line from plain Node: `execFile`, never a shell, so names and paths need no
 * quoting. Failures become `GitError`s whose message says what to do (install git, run inside a repository).
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';

export class GitError extends Error {
  constructor(
    message: string,
    readonly stderr = '',
  ) {
    super(message);
    this.name = 'GitError';
  }
}

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

const MAX_BUFFER = 16 * 1024 * 1024;

/** Runs `git <args>` in `cwd`; resolves with the exit code (never rejects for a non-zero exit). */
export function runGit(args: readonly string[], cwd: string, git = 'git'): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    // LC_ALL=C keeps git's messages in English so errors read the same everywhere; no prompts for credentials.
    const env = { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };
    execFile(git, [...args], { cwd, env, maxBuffer: MAX_BUFFER, windowsHide: true }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'ENOENT') {
        // ENOENT is either git missing or cwd missing; tell them apart for the message.
        reject(new GitError(missingMessage(cwd, git)));
        return;
      }
      if (error && typeof code !== 'number') {
        reject(new GitError(`Could not run git in ${cwd}: ${error.message}`));
        return;
      }
      resolve({ stdout: String(stdout), stderr: String(stderr), code: typeof code === 'number' ? code : 0 });
    });
  });
}

function missingMessage(cwd: string, git: string): string {
  try {
    if (!statSync(cwd).isDirectory()) return `${cwd} is not a directory, so git cannot run there.`;
  } catch {
    return `The directory ${cwd} does not exist, so git cannot run there.`;
  }
  return `git was not found (looked for "${git}" on PATH): install git or put it on PATH to use worktrees.`;
}

/** Runs git and returns stdout trimmed; a non-zero exit throws a GitError with git's own message. */
export async function git(args: readonly string[], cwd: string, binary?: string): Promise<string> {
  const result = await runGit(args, cwd, binary);
  if (result.code !== 0) {
    const detail = result.stderr.trim() || result.stdout.trim() || `exit code ${result.code}`;
    throw new GitError(`git ${args[0] ?? ''} failed in ${cwd}: ${detail}`, result.stderr);
  }
  return result.stdout.replace(/\s+$/, '');
}
