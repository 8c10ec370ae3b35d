/**
 * A real git repository in a temporary folder for worktree tests: one committed file, an identity set
 * through the environment (so the user's global git config is never needed or touched).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

export const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: os.devNull,
  // Never find a repository above the temporary folder (the "outside a repository" tests).
  GIT_CEILING_DIRECTORIES: realpathSync(os.tmpdir()),
};

/** Sets the git identity for this test file's git processes (call at the top of a describe block). */
export function stubGitEnv(): void {
  for (const [key, value] of Object.entries(GIT_ENV)) vi.stubEnv(key, value);
}

export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' }).trim();
}

/** A fresh repository with `README.md` committed on `main`; returns its real path. */
export function makeRepo(prefix = 'cw-wt-'): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  gitIn(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'README.md'), 'hello\n');
  gitIn(dir, 'add', 'README.md');
  gitIn(dir, 'commit', '-q', '-m', 'first');
  return dir;
}

/** A temporary folder that is not a repository. */
export function makePlainDir(prefix = 'cw-plain-'): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
