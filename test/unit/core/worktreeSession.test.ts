import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Workspace } from '../../../extension/core/ports';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { NodeWorktrees } from '../../../extension/host/node/worktrees';
import { baseWorkspace, enterWorktreeContext, exitWorktreeContext, runInWorktree, type WorktreeSession } from '../../../extension/core/worktreeSession';
import { gitIn, makeRepo, removeDir, stubGitEnv } from '../host/node/gitRepo';

describe('core/worktreeSession', () => {
  stubGitEnv();
  const repos: string[] = [];
  const repo = () => {
    const r = makeRepo();
    repos.push(r);
    return r;
  };
  afterEach(() => repos.splice(0).forEach(removeDir));
  const port = new NodeWorktrees();

  it('moves a context into a worktree and back, restoring the very workspace it had', () => {
    const workspace = new NodeWorkspace(['/proj']);
    const context: { cwd: string; worktree?: WorktreeSession; ports: { workspace: Workspace; other: number } } = { cwd: '/proj/sub', ports: { workspace, other: 1 } };
    const session: WorktreeSession = { worktree: { path: '/proj/.claude/worktrees/a', branch: 'worktree-a', repoRoot: '/proj' }, originalCwd: '/proj/sub', created: true };
    const inside = enterWorktreeContext(context, session);
    expect(inside.cwd).toBe('/proj/.claude/worktrees/a');
    expect(inside.worktree).toBe(session);
    expect(inside.ports.workspace.roots).toEqual(['/proj/.claude/worktrees/a']);
    expect(inside.ports.other).toBe(1);
    expect(baseWorkspace(enterWorktreeContext(inside, session).ports.workspace)).toBe(workspace);
    const back = exitWorktreeContext(inside);
    expect(back).toEqual({ cwd: '/proj/sub', ports: { workspace, other: 1 } });
    expect(back.ports.workspace).toBe(workspace);
  });

  it('runInWorktree removes a worktree the run left unchanged, with its branch', async () => {
    const r = repo();
    const seen: string[] = [];
    const run = await runInWorktree(port, r, async (wt) => {
      seen.push(wt.path);
      return 'report';
    });
    expect(run).toMatchObject({ result: 'report', kept: false });
    expect(existsSync(seen[0]!)).toBe(false);
    expect(gitIn(r, 'branch', '--list', run.worktree.branch)).toBe('');
  });

  it('runInWorktree keeps a worktree with changes, also when the run fails', async () => {
    const r = repo();
    const run = await runInWorktree(port, r, async (wt) => writeFileSync(path.join(wt.path, 'made.txt'), 'x'), { name: 'iso' });
    expect(run.kept).toBe(true);
    expect(existsSync(path.join(r, '.claude', 'worktrees', 'iso', 'made.txt'))).toBe(true);

    let failedIn = '';
    await expect(
      runInWorktree(port, r, async (wt) => {
        failedIn = wt.path;
        writeFileSync(path.join(wt.path, 'half.txt'), 'x');
        throw new Error('agent crashed');
      }),
    ).rejects.toThrow('agent crashed');
    expect(existsSync(path.join(failedIn, 'half.txt'))).toBe(true);
  });
});
