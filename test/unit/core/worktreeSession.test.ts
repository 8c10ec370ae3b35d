import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Workspace } from '../../../extension/core/contracts/workspace';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { NodeWorktrees } from '../../../extension/host/node/worktrees';
import { cleanUpWorktree, createAgentWorktree } from '../../../extension/core/loop/subagents/worktree';
import { asAgentId } from '../../../extension/core/base/ids';
import { baseWorkspace, enterWorktreeContext, exitWorktreeContext } from '../../../extension/core/engines/worktrees/worktreeSession';
import type { WorktreeSession } from '../../../extension/core/contracts/worktree';
import { makeContext } from '../tool/fixtures';
import { gitIn, makeRepo, removeDir, stubGitEnv } from '../host/node/gitRepo';

describe('core/engines/worktrees/worktreeSession', () => {
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

  it("a sub-agent's worktree (isolation) on a real repository: removed with its branch when unchanged, kept with changes", async () => {
    const r = repo();
    const parent = makeContext([], { cwd: r, ports: { ...makeContext([]).ports, worktrees: port } });
    const clean = await createAgentWorktree(parent, asAgentId('aexplore-0123456789abcdef'));
    expect(existsSync(clean.info.path)).toBe(true);
    expect(await cleanUpWorktree(clean)).toBeUndefined();
    expect(existsSync(clean.info.path)).toBe(false);
    expect(gitIn(r, 'branch', '--list', clean.info.branch)).toBe('');

    const changed = await createAgentWorktree(parent, asAgentId('aexplore-fedcba9876543210'));
    writeFileSync(path.join(changed.info.path, 'made.txt'), 'x');
    expect(await cleanUpWorktree(changed)).toEqual({ path: changed.info.path, branch: changed.info.branch });
    expect(existsSync(path.join(changed.info.path, 'made.txt'))).toBe(true);
  });
});
