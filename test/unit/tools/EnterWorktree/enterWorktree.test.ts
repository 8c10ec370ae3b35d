import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { EnterWorktreeTool } from '../../../../extension/tools/EnterWorktree/EnterWorktree';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import { gitIn, GIT_ENV, makePlainDir, removeDir, stubGitEnv } from '../../host/node/gitRepo';
import { worktreeHarness, type WorktreeHarness } from './harness';

describe('tools/EnterWorktree', () => {
  stubGitEnv();
  const made: string[] = [];
  const harness = (opts?: Parameters<typeof worktreeHarness>[0]): WorktreeHarness => {
    const h = worktreeHarness(opts);
    made.push(h.repo);
    return h;
  };
  afterEach(() => made.splice(0).forEach(removeDir));

  it('moves Read, Glob and Bash into the new worktree for the rest of the turn', async () => {
    const h = harness();
    writeFileSync(path.join(h.repo, 'README.md'), 'edited in main\n');
    writeFileSync(path.join(h.repo, 'only-main.txt'), 'x\n');
    const wt = path.join(h.repo, '.claude', 'worktrees', 'feat');
    const { texts, errors } = await h.round(
      ['EnterWorktree', { name: 'feat' }],
      ['Read', { file_path: 'README.md' }],
      ['Glob', { pattern: '*.txt' }],
      ['Bash', { command: 'pwd && git rev-parse --abbrev-ref HEAD' }],
    );
    expect(errors).toEqual([false, false, false, false]);
    expect(texts[0]).toBe(`Created worktree at ${wt} on branch worktree-feat. The session now works there (tools, paths and Bash start in it); call ExitWorktree to return to ${h.repo}.`);
    expect(texts[1]).toContain('1\thello');
    expect(texts[1]).not.toContain('edited in main');
    expect(texts[2]).toBe('No files found');
    expect(texts[3]).toBe(`${wt}\nworktree-feat`);
    expect(h.context.cwd).toBe(wt);
    expect(h.context.ports.workspace.roots).toEqual([wt]);
    expect(h.context.getAppState().worktreeSession).toEqual({ worktree: { path: wt, branch: 'worktree-feat', repoRoot: h.repo }, originalCwd: h.repo, created: true });
  });

  it('starts Bash at the worktree even after an earlier command moved the shell elsewhere', async () => {
    const h = harness();
    mkdirSync(path.join(h.repo, 'sub'));
    expect((await h.round(['Bash', { command: 'cd sub && pwd' }])).texts[0]).toBe(path.join(h.repo, 'sub'));
    const { texts } = await h.round(['EnterWorktree', { name: 'b' }], ['Bash', { command: 'pwd' }]);
    expect(texts[1]).toBe(path.join(h.repo, '.claude', 'worktrees', 'b'));
  });

  it('enters an existing worktree given by path, relative to the working directory', async () => {
    const h = harness();
    const other = path.join(path.dirname(h.repo), `${path.basename(h.repo)}-other`);
    made.push(other);
    gitIn(h.repo, 'worktree', 'add', '-q', '-b', 'other', other);
    const { texts, errors } = await h.round(['EnterWorktree', { path: `../${path.basename(other)}` }], ['Bash', { command: 'pwd' }]);
    expect(errors).toEqual([false, false]);
    expect(texts[0]).toContain(`Entered worktree at ${other} on branch other.`);
    expect(texts[1]).toBe(other);
    expect(h.context.worktree?.created).toBe(false);
  });

  it('refuses a path that is not a linked worktree', async () => {
    const h = harness();
    const { texts, errors } = await h.round(['EnterWorktree', { path: '.' }]);
    expect(errors).toEqual([true]);
    expect(texts[0]).toContain(`${h.repo} is not a linked git worktree`);
    expect(h.context.cwd).toBe(h.repo);
  });

  it('rejects bad names, both fields at once, and a second EnterWorktree before validation reaches git', async () => {
    const h = harness();
    const bad = await h.round(['EnterWorktree', { name: '../escape' }]);
    expect(bad.texts[0]).toBe('<tool_use_error>"../escape" is not a valid worktree name: use 1 to 64 letters, digits, "-", "_" or ".".</tool_use_error>');
    const both = await h.round(['EnterWorktree', { name: 'a', path: '/x' }]);
    expect(both.texts[0]).toContain('Pass either name (to create a worktree) or path (to enter an existing one), not both.');
    const wrongType = await h.round(['EnterWorktree', { name: 3 }]);
    expect(wrongType.errors).toEqual([true]);
    expect(wrongType.texts[0]).toContain('name');
    await h.round(['EnterWorktree', { name: 'first' }]);
    const again = await h.round(['EnterWorktree', { name: 'second' }]);
    expect(again.texts[0]).toContain(`already in the worktree ${path.join(h.repo, '.claude', 'worktrees', 'first')}: call ExitWorktree first.`);
    expect(existsSync(path.join(h.repo, '.claude', 'worktrees', 'second'))).toBe(false);
  });

  it('says so outside a git repository and where the host has no worktree support', async () => {
    const plain = makePlainDir();
    made.push(plain);
    const outside = harness({ repo: plain });
    const { texts, errors } = await outside.round(['EnterWorktree', { name: 'x' }]);
    expect(errors).toEqual([true]);
    expect(texts[0]).toContain(`Could not create a worktree: ${plain} is not inside a git repository`);
    expect(outside.context.cwd).toBe(plain);

    const none = harness({ worktrees: false });
    expect((await none.round(['EnterWorktree', {}])).texts[0]).toContain('Worktrees are not available in this session');
  });

  it('asks permission by default, is allowed by bypassPermissions and denied in plan mode', async () => {
    const h = harness();
    const engine = createPermissionEngine();
    const withMode = (mode: 'default' | 'bypassPermissions' | 'plan') => {
      h.context.setAppState((prev) => ({ ...prev, toolPermissionContext: { ...prev.toolPermissionContext, mode } }));
      return engine(EnterWorktreeTool, { name: 'p' }, h.context);
    };
    expect(await withMode('default')).toMatchObject({ behavior: 'ask', message: 'Codewright wants to create a git worktree named p and work there.' });
    expect((await withMode('bypassPermissions')).behavior).toBe('allow');
    expect((await withMode('plan')).behavior).toBe('deny');
  });

  it('treats the worktree as the workspace for file permissions', async () => {
    const h = harness();
    await h.round(['EnterWorktree', { name: 'perm' }]);
    const engine = createPermissionEngine();
    h.context.setAppState((prev) => ({ ...prev, toolPermissionContext: { ...prev.toolPermissionContext, mode: 'acceptEdits' } }));
    const inside = await engine(WriteTool, { file_path: path.join(h.context.cwd, 'new.txt'), content: 'x' }, h.context);
    expect(inside.behavior).toBe('allow');
    const mainFile = await engine(WriteTool, { file_path: path.join(h.repo, 'main.txt'), content: 'x' }, h.context);
    expect(mainFile).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
  });

  it('leaves the main working tree clean: the worktrees folder is excluded', async () => {
    const h = harness();
    await h.round(['EnterWorktree', { name: 'quiet' }]);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: h.repo, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' })).toBe('');
  });
});
