import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { worktreeNameProblem } from '../../../../extension/core/engines/worktrees/worktreeSession';
import { NodeWorktrees, parseStatusZ, parseWorktreeList } from '../../../../extension/host/node/worktrees';
import { gitIn, makePlainDir, makeRepo, removeDir, stubGitEnv } from './gitRepo';

describe('host/node/worktrees', () => {
  stubGitEnv();
  let repo: string;
  const port = new NodeWorktrees();
  beforeEach(() => {
    repo = makeRepo();
  });
  afterEach(() => removeDir(repo));

  it('creates a worktree under .claude/worktrees on a new branch from HEAD', async () => {
    const wt = await port.create(repo, { name: 'feature-1' });
    expect(wt).toEqual({ path: path.join(repo, '.claude', 'worktrees', 'feature-1'), branch: 'worktree-feature-1', repoRoot: repo });
    expect(readFileSync(path.join(wt.path, 'README.md'), 'utf8')).toBe('hello\n');
    expect(gitIn(wt.path, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('worktree-feature-1');
    expect(gitIn(wt.path, 'rev-parse', 'HEAD')).toBe(gitIn(repo, 'rev-parse', 'HEAD'));
  });

  it('keeps .claude/worktrees out of the main tree\'s untracked files through info/exclude, once', async () => {
    await port.create(repo, { name: 'a' });
    await port.create(repo, { name: 'b' });
    expect(gitIn(repo, 'status', '--porcelain')).toBe('');
    const exclude = readFileSync(path.join(repo, '.git', 'info', 'exclude'), 'utf8');
    expect(exclude.match(/\/\.claude\/worktrees\//g)).toHaveLength(1);
  });

  it('picks a random valid name when none is given', async () => {
    const one = await port.create(repo);
    const two = await port.create(repo);
    expect(one.branch).toMatch(/^worktree-wt-[0-9a-f]{8}$/);
    expect(one.path).not.toBe(two.path);
  });

  it('reports no changes for a fresh worktree, then changes after an edit, an untracked file or a commit', async () => {
    const wt = await port.create(repo, { name: 'x' });
    expect(await port.hasChanges(wt)).toBe(false);
    writeFileSync(path.join(wt.path, 'README.md'), 'changed\n');
    expect(await port.hasChanges(wt)).toBe(true);
    expect(await port.status(wt)).toEqual({ changedFiles: ['README.md'], commitsAhead: 0 });
    gitIn(wt.path, 'commit', '-qam', 'edit');
    expect(await port.status(wt)).toEqual({ changedFiles: [], commitsAhead: 1 });
    expect(await port.hasChanges(wt)).toBe(true);
    writeFileSync(path.join(wt.path, 'new.txt'), 'n\n');
    expect((await port.status(wt)).changedFiles).toEqual(['new.txt']);
  });

  it('does not count commits made on the main branch after the worktree started', async () => {
    const wt = await port.create(repo, { name: 'x' });
    writeFileSync(path.join(repo, 'main.txt'), 'm\n');
    gitIn(repo, 'add', 'main.txt');
    gitIn(repo, 'commit', '-qm', 'on main');
    expect(await port.hasChanges(wt)).toBe(false);
  });

  it('refuses to remove a worktree with uncommitted changes unless forced, naming the files', async () => {
    const wt = await port.create(repo, { name: 'dirty' });
    writeFileSync(path.join(wt.path, 'scratch.txt'), 's\n');
    await expect(port.remove(wt)).rejects.toThrow(/uncommitted changes \(scratch\.txt\)/);
    expect(existsSync(wt.path)).toBe(true);
    await port.remove(wt, { force: true });
    expect(existsSync(wt.path)).toBe(false);
    expect(gitIn(repo, 'branch', '--list', 'worktree-dirty')).toBe('');
  });

  it('deletes the branch of a clean worktree but keeps one with commits of its own', async () => {
    const clean = await port.create(repo, { name: 'clean' });
    await port.remove(clean);
    expect(existsSync(clean.path)).toBe(false);
    expect(gitIn(repo, 'branch', '--list', 'worktree-clean')).toBe('');
    expect(gitIn(repo, 'worktree', 'list')).not.toContain('clean');

    const busy = await port.create(repo, { name: 'busy' });
    writeFileSync(path.join(busy.path, 'f.txt'), 'f\n');
    gitIn(busy.path, 'add', 'f.txt');
    gitIn(busy.path, 'commit', '-qm', 'work');
    await port.remove(busy);
    expect(existsSync(busy.path)).toBe(false);
    expect(gitIn(repo, 'branch', '--list', 'worktree-busy')).toContain('worktree-busy');
  });

  it('finds the worktree containing a path, and nothing for the main tree or a plain folder', async () => {
    const wt = await port.create(repo, { name: 'found' });
    expect(await port.find(wt.path)).toEqual(wt);
    expect(await port.find(path.join(wt.path, 'README.md'))).toEqual(wt);
    expect(await port.find(repo)).toBeUndefined();
    expect(await port.find(path.join(repo, 'missing', 'place'))).toBeUndefined();
    const plain = makePlainDir();
    try {
      expect(await port.find(plain)).toBeUndefined();
    } finally {
      removeDir(plain);
    }
  });

  it('creates from inside a linked worktree against the main repository', async () => {
    const first = await port.create(repo, { name: 'first' });
    const second = await port.create(first.path, { name: 'second' });
    expect(second.repoRoot).toBe(repo);
    expect(second.path).toBe(path.join(repo, '.claude', 'worktrees', 'second'));
  });

  it('rejects bad names before touching git', async () => {
    for (const bad of ['../up', 'a b', 'x/y', '.hidden', 'a..b', 'x.lock', '', 'é']) {
      await expect(port.create(repo, { name: bad })).rejects.toThrow(/not a valid worktree name/);
    }
    expect(worktreeNameProblem('ok-name_1.2')).toBeUndefined();
    expect(gitIn(repo, 'worktree', 'list').split('\n')).toHaveLength(1);
  });

  it('refuses a name already taken', async () => {
    await port.create(repo, { name: 'same' });
    await expect(port.create(repo, { name: 'same' })).rejects.toThrow(/already exists/);
  });

  it('says so outside a repository, in a repository without commits, and when git is missing', async () => {
    const plain = makePlainDir();
    try {
      await expect(port.create(plain, { name: 'n' })).rejects.toThrow(/is not inside a git repository/);
      gitIn(plain, 'init', '-q');
      await expect(port.create(plain, { name: 'n' })).rejects.toThrow(/has no commits yet/);
    } finally {
      removeDir(plain);
    }
    await expect(new NodeWorktrees({ git: 'git-does-not-exist-here' }).create(repo, { name: 'n' })).rejects.toThrow(/git was not found/);
  });

  it('parses git worktree list output', () => {
    const out = 'worktree /r\nHEAD abc\nbranch refs/heads/main\n\nworktree /r/.claude/worktrees/a\nHEAD def\nbranch refs/heads/worktree-a\n\nworktree /d\nHEAD 123\ndetached\n';
    expect(parseWorktreeList(out)).toEqual([{ path: '/r', branch: 'main' }, { path: '/r/.claude/worktrees/a', branch: 'worktree-a' }, { path: '/d' }]);
  });

  it('parses git status -z output, unquoted names with spaces, renames once', () => {
    expect(parseStatusZ(' M a b.txt\0?? new\0R  to.txt\0from.txt\0')).toEqual(['a b.txt', 'new', 'to.txt']);
    expect(parseStatusZ('')).toEqual([]);
  });

  it('lists a changed file whose name has spaces as it is', async () => {
    const wt = await port.create(repo, { name: 'sp' });
    writeFileSync(path.join(wt.path, 'my notes.txt'), 'n\n');
    expect((await port.status(wt)).changedFiles).toEqual(['my notes.txt']);
  });

  it('reports and removes a worktree whose folder was deleted behind git\'s back', async () => {
    const wt = await port.create(repo, { name: 'vanished' });
    removeDir(wt.path);
    expect(await port.status(wt)).toEqual({ changedFiles: [], commitsAhead: 0 });
    await port.remove(wt);
    expect(gitIn(repo, 'worktree', 'list')).not.toContain('vanished');
    expect(gitIn(repo, 'branch', '--list', 'worktree-vanished')).toBe('');
  });
});
