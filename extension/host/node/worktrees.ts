/**
 * The worktree port on the git command line (docs/ARCHITECTURE.md, "Worktrees"). A worktree made here lives
 * in `<repoRoot>/.claude/worktrees/<name>` on a new branch `worktree-<name>` started at the caller's HEAD;
 * that start commit is kept in the branch's git config (`branch.<branch>.codewrightbase`), so "commits of
 * its own" can be counted later, even by another window. `.claude/worktrees/` is added to the repository's
 * `info/exclude`, so the folders never show up as untracked files.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { WorktreeInfo, WorktreePort, WorktreeStatus } from '../../core/contracts/worktree';
import { worktreeNameProblem } from '../../core/engines/worktrees/worktreeSession';
import { git, GitError, runGit } from './git';

export const WORKTREES_DIR = path.join('.claude', 'worktrees');
export const WORKTREE_BRANCH_PREFIX = 'worktree-';
const EXCLUDE_LINE = '/.claude/worktrees/';
const BASE_KEY = 'codewrightbase';
interface ListedWorktree {
  path: string;
  branch?: string;
}

/** Parses `git worktree list --porcelain`: the main working tree comes first. */
export function parseWorktreeList(stdout: string): ListedWorktree[] {
  const entries: ListedWorktree[] = [];
  for (const line of stdout.split('\n')) {
    if (line.startsWith('worktree ')) entries.push({ path: line.slice('worktree '.length) });
    else if (line.startsWith('branch ') && entries.length) entries[entries.length - 1]!.branch = line.slice('branch '.length).replace(/^refs\/heads\//, '');
  }
  return entries;
}

/** Paths of `git status --porcelain -z` (unquoted); a rename's second entry, its old path, is skipped. */
export function parseStatusZ(stdout: string): string[] {
  const entries = stdout.split('\0');
  const files: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    files.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') i++;
  }
  return files;
}

const realOr = (p: string) => realpath(p).catch(() => path.resolve(p));

export class NodeWorktrees implements WorktreePort {
  constructor(private readonly options: { git?: string } = {}) {}

  async create(cwd: string, options: { name?: string; path?: string } = {}): Promise<WorktreeInfo> {
    const name = options.name ?? `wt-${randomBytes(4).toString('hex')}`;
    const problem = worktreeNameProblem(name);
    if (problem) throw new GitError(problem);
    const repoRoot = await this.mainRoot(cwd);
    const dir = options.path ? path.resolve(cwd, options.path) : path.join(repoRoot, WORKTREES_DIR, name);
    const branch = `${WORKTREE_BRANCH_PREFIX}${name}`;
    if (existsSync(dir)) throw new GitError(`${dir} already exists: pick another name, or enter that worktree by its path.`);
    if ((await this.run(['show-ref', '--verify', '--quiet', `refs/heads/${branch}`], repoRoot)).code === 0) {
      throw new GitError(`A branch named ${branch} already exists: pick another worktree name.`);
    }
    const head = await this.headOf(cwd);
    await this.excludeWorktreesDir(repoRoot);
    await mkdir(path.dirname(dir), { recursive: true });
    await this.git(['worktree', 'add', '-b', branch, dir, head], repoRoot);
    await this.git(['config', '--local', `branch.${branch}.${BASE_KEY}`, head], repoRoot);
    return { path: await realOr(dir), branch, repoRoot };
  }

  async status(worktree: WorktreeInfo): Promise<WorktreeStatus> {
    // A folder deleted behind git's back has no files left to lose; its branch may still have commits.
    if (!existsSync(worktree.path)) {
      const commitsAhead = await this.commitsAhead(worktree, `refs/heads/${worktree.branch}`, worktree.repoRoot).catch(() => 0);
      return { changedFiles: [], commitsAhead };
    }
    const status = await this.run(['status', '--porcelain', '-z'], worktree.path);
    if (status.code !== 0) throw new GitError(`git status failed in ${worktree.path}: ${status.stderr.trim()}`, status.stderr);
    const changedFiles = parseStatusZ(status.stdout);
    return { changedFiles, commitsAhead: await this.commitsAhead(worktree, 'HEAD', worktree.path) };
  }

  async hasChanges(worktree: WorktreeInfo): Promise<boolean> {
    const { changedFiles, commitsAhead } = await this.status(worktree);
    return changedFiles.length > 0 || commitsAhead > 0;
  }

  async remove(worktree: WorktreeInfo, options: { force?: boolean } = {}): Promise<void> {
    const present = existsSync(worktree.path);
    if (present && !options.force) {
      const { changedFiles } = await this.status(worktree);
      if (changedFiles.length) {
        throw new GitError(`The worktree at ${worktree.path} has uncommitted changes (${changedFiles.join(', ')}); commit them, or remove it with force to discard them.`);
      }
    }
    const ours = (await this.baseOf(worktree)) !== undefined;
    const ownCommits = await this.commitsAhead(worktree, `refs/heads/${worktree.branch}`, worktree.repoRoot).catch(() => 1);
    if (present) await this.git(['worktree', 'remove', ...(options.force ? ['--force'] : []), worktree.path], worktree.repoRoot);
    await this.run(['worktree', 'prune'], worktree.repoRoot);
    if (ours && ownCommits === 0) await this.git(['branch', '-D', worktree.branch], worktree.repoRoot);
  }

  async find(target: string): Promise<WorktreeInfo | undefined> {
    const info = await stat(target).catch(() => undefined);
    if (!info) return undefined;
    const dir = info.isDirectory() ? target : path.dirname(target);
    const top = await this.run(['rev-parse', '--show-toplevel'], dir);
    if (top.code !== 0) return undefined;
    const entries = parseWorktreeList(await this.git(['worktree', 'list', '--porcelain'], dir));
    const [main, ...linked] = entries;
    if (!main) return undefined;
    const wanted = await realOr(top.stdout.trim());
    for (const entry of linked) {
      if ((await realOr(entry.path)) === wanted && entry.branch) return { path: wanted, branch: entry.branch, repoRoot: main.path };
    }
    return undefined;
  }

  /** The main working tree of the repository containing `cwd`; a clear error outside any repository. */
  private async mainRoot(cwd: string): Promise<string> {
    const inside = await this.run(['rev-parse', '--is-inside-work-tree'], cwd);
    if (inside.code !== 0 || inside.stdout.trim() !== 'true') {
      throw new GitError(`${cwd} is not inside a git repository: worktrees need one (run git init and commit, or work in a repository).`);
    }
    const main = parseWorktreeList(await this.git(['worktree', 'list', '--porcelain'], cwd))[0];
    if (!main) throw new GitError(`git did not list the working trees of the repository at ${cwd}.`);
    return main.path;
  }

  private async headOf(cwd: string): Promise<string> {
    const head = await this.run(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], cwd);
    if (head.code !== 0) throw new GitError(`The repository at ${cwd} has no commits yet: commit once before creating a worktree.`);
    return head.stdout.trim();
  }

  private async baseOf(worktree: WorktreeInfo): Promise<string | undefined> {
    const base = await this.run(['config', '--local', '--get', `branch.${worktree.branch}.${BASE_KEY}`], worktree.repoRoot);
    return base.code === 0 ? base.stdout.trim() : undefined;
  }

  /** Commits of `ref` its base lacks: the recorded start, else the main working tree's HEAD. */
  private async commitsAhead(worktree: WorktreeInfo, ref: string, cwd: string): Promise<number> {
    const base = (await this.baseOf(worktree)) ?? (await this.git(['rev-parse', 'HEAD'], worktree.repoRoot));
    return Number(await this.git(['rev-list', '--count', `${base}..${ref}`], cwd));
  }

  /** Adds `.claude/worktrees/` to the repository's info/exclude once. */
  private async excludeWorktreesDir(repoRoot: string): Promise<void> {
    const commonDir = path.resolve(repoRoot, await this.git(['rev-parse', '--git-common-dir'], repoRoot));
    const file = path.join(commonDir, 'info', 'exclude');
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current.split(/\r?\n/).includes(EXCLUDE_LINE)) return;
    await mkdir(path.dirname(file), { recursive: true });
    const sep = current && !current.endsWith('\n') ? '\n' : '';
    await appendFile(file, `${sep}# Codewright's worktrees\n${EXCLUDE_LINE}\n`);
  }

  private git(args: readonly string[], cwd: string): Promise<string> {
    return git(args, cwd, this.options.git);
  }

  private run(args: readonly string[], cwd: string) {
    return runGit(args, cwd, this.options.git);
  }
}
