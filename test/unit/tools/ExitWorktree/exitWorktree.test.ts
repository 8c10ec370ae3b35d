import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { asAgentId } from '../../../../extension/core/base/ids';
import { ExitWorktreeTool } from '../../../../extension/tools/ExitWorktree/ExitWorktree';
import { destructiveWarningOf } from '../../../../extension/core/contracts/tool';
import { gitIn, removeDir, stubGitEnv } from '../../host/node/gitRepo';
import { worktreeHarness, type WorktreeHarness } from '../EnterWorktree/harness';

describe('tools/ExitWorktree', () => {
  stubGitEnv();
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach(removeDir));

  /** A harness already inside a new worktree `name`; returns it with the worktree's path. */
  async function inWorktree(name = 'w'): Promise<{ h: WorktreeHarness; wt: string }> {
    const h = worktreeHarness();
    made.push(h.repo);
    const entered = await h.round(['EnterWorktree', { name }]);
    expect(entered.errors).toEqual([false]);
    return { h, wt: path.join(h.repo, '.claude', 'worktrees', name) };
  }

  it('keep: leaves the worktree and its branch on disk, says where, and moves every tool back', async () => {
    const { h, wt } = await inWorktree('kept');
    const { texts, errors } = await h.round(['ExitWorktree', { action: 'keep' }], ['Bash', { command: 'pwd' }]);
    expect(errors).toEqual([false, false]);
    expect(texts[0]).toBe(`Left the worktree; it is kept at ${wt} on branch worktree-kept. Back in ${h.repo}.`);
    expect(texts[1]).toBe(h.repo);
    expect(existsSync(wt)).toBe(true);
    expect(gitIn(h.repo, 'branch', '--list', 'worktree-kept')).toContain('worktree-kept');
    expect(h.context.cwd).toBe(h.repo);
    expect(h.context.worktree).toBeUndefined();
    expect(h.context.ports.workspace.roots).toEqual([h.repo]);
    expect(h.context.getAppState().worktreeSession).toBeUndefined();
  });

  it('remove: deletes a clean worktree and its branch', async () => {
    const { h, wt } = await inWorktree('gone');
    const { texts } = await h.round(['ExitWorktree', { action: 'remove' }], ['Bash', { command: 'pwd' }]);
    expect(texts[0]).toBe(`Removed the worktree at ${wt}. Its branch worktree-gone was deleted. Back in ${h.repo}.`);
    expect(texts[1]).toBe(h.repo);
    expect(existsSync(wt)).toBe(false);
    expect(gitIn(h.repo, 'branch', '--list', 'worktree-gone')).toBe('');
  });

  it('remove refuses uncommitted changes, listing the files and staying in the worktree, until discard_changes', async () => {
    const { h, wt } = await inWorktree('dirty');
    writeFileSync(path.join(wt, 'README.md'), 'changed\n');
    writeFileSync(path.join(wt, 'notes.txt'), 'new\n');
    const refused = await h.round(['ExitWorktree', { action: 'remove' }], ['Bash', { command: 'pwd' }]);
    expect(refused.errors).toEqual([true, false]);
    expect(refused.texts[0]).toContain(`The worktree at ${wt} has uncommitted changes: README.md, notes.txt. Nothing was removed and the session is still in the worktree.`);
    expect(refused.texts[0]).toContain('discard_changes: true');
    expect(refused.texts[1]).toBe(wt);
    expect(existsSync(path.join(wt, 'notes.txt'))).toBe(true);

    const { texts, errors } = await h.round(['ExitWorktree', { action: 'remove', discard_changes: true }]);
    expect(errors).toEqual([false]);
    expect(texts[0]).toBe(`Removed the worktree at ${wt}. Its branch worktree-dirty was deleted. Discarded uncommitted changes in README.md, notes.txt. Back in ${h.repo}.`);
    expect(existsSync(wt)).toBe(false);
    expect(h.context.cwd).toBe(h.repo);
  });

  it('remove keeps a branch that has commits of its own', async () => {
    const { h, wt } = await inWorktree('work');
    await h.round(['Bash', { command: 'echo done > done.txt && git add done.txt && git commit -qm work' }]);
    const { texts } = await h.round(['ExitWorktree', { action: 'remove' }]);
    expect(texts[0]).toBe(`Removed the worktree at ${wt}. Its branch worktree-work has commits of its own and was kept. Back in ${h.repo}.`);
    expect(existsSync(wt)).toBe(false);
    expect(gitIn(h.repo, 'log', '--format=%s', 'worktree-work', '-1')).toBe('work');
  });

  it('refuses outside a worktree, discard_changes with keep, and removing a worktree it only entered', async () => {
    const h = worktreeHarness();
    made.push(h.repo);
    const outside = await h.round(['ExitWorktree', { action: 'keep' }]);
    expect(outside.texts[0]).toBe('<tool_use_error>The session is not in a worktree: ExitWorktree only applies after EnterWorktree. Nothing to leave.</tool_use_error>');
    const badAction = await h.round(['ExitWorktree', { action: 'delete' }]);
    expect(badAction.errors).toEqual([true]);
    expect(badAction.texts[0]).toContain('action');

    const other = `${h.repo}-entered`;
    made.push(other);
    gitIn(h.repo, 'worktree', 'add', '-q', '-b', 'entered', other);
    await h.round(['EnterWorktree', { path: other }]);
    const remove = await h.round(['ExitWorktree', { action: 'remove' }]);
    expect(remove.texts[0]).toContain('was entered, not created, by this session, so it is not removed here: use action "keep".');
    const discardKeep = await h.round(['ExitWorktree', { action: 'keep', discard_changes: true }]);
    expect(discardKeep.texts[0]).toContain('discard_changes only applies with action "remove".');
    expect(existsSync(other)).toBe(true);
    expect(h.context.cwd).toBe(other);
  });

  it('returns the shell to where it was before the worktree', async () => {
    const h = worktreeHarness();
    made.push(h.repo);
    mkdirSync(path.join(h.repo, 'sub'));
    await h.round(['Bash', { command: 'cd sub' }]);
    await h.round(['EnterWorktree', { name: 's' }]);
    const { texts } = await h.round(['ExitWorktree', { action: 'keep' }], ['Bash', { command: 'pwd' }]);
    expect(texts[1]).toBe(path.join(h.repo, 'sub'));
  });

  it('asks permission by default and is denied in plan mode', async () => {
    const { h, wt } = await inWorktree('ask');
    const engine = createPermissionEngine();
    expect(await engine(ExitWorktreeTool, { action: 'remove', discard_changes: true }, h.context)).toMatchObject({
      behavior: 'ask',
      message: `Codewright wants to remove ${wt}, discarding uncommitted changes and return to the original directory.`,
    });
    h.context.setAppState((prev) => ({ ...prev, toolPermissionContext: { ...prev.toolPermissionContext, mode: 'plan' } }));
    expect((await engine(ExitWorktreeTool, { action: 'keep' }, h.context)).behavior).toBe('deny');
  });

  it('is destructive only when it removes, saying what is lost', () => {
    expect(destructiveWarningOf(ExitWorktreeTool, { action: 'keep' })).toBeUndefined();
    expect(destructiveWarningOf(ExitWorktreeTool, { action: 'remove' })).toBe(
      'This deletes the worktree (destructive: files in it that git ignores are lost; uncommitted changes stop it)',
    );
    expect(destructiveWarningOf(ExitWorktreeTool, { action: 'remove', discard_changes: true })).toBe(
      'This deletes the worktree and discards its uncommitted changes (destructive: they cannot be recovered)',
    );
  });

  it('names what a removal would destroy when nobody may be asked (dontAsk)', async () => {
    const { h } = await inWorktree('dontask');
    h.context.setAppState((prev) => ({ ...prev, toolPermissionContext: { ...prev.toolPermissionContext, mode: 'dontAsk' } }));
    const engine = createPermissionEngine();
    const removal = await engine(ExitWorktreeTool, { action: 'remove', discard_changes: true }, h.context);
    expect(removal).toMatchObject({ behavior: 'deny', message: expect.stringMatching(/never prompts, and no rule allows this\. This deletes the worktree and discards its uncommitted changes \(destructive: they cannot be recovered\)\.$/) });
    const keep = await engine(ExitWorktreeTool, { action: 'keep' }, h.context);
    expect(keep).toMatchObject({ behavior: 'deny', message: expect.not.stringContaining('destructive') });
  });

  it('lets only the agent that entered a worktree leave it', async () => {
    const { h, wt } = await inWorktree('owned');
    const sub = { ...h.context, agentId: asAgentId('agent-sub') };
    const engineless = await ExitWorktreeTool.validateInput!({ action: 'remove' }, sub);
    expect(engineless).toEqual({ result: false, message: `The worktree at ${wt} was entered by the main session, so only it can leave it; keep working there.` });
    expect(await ExitWorktreeTool.validateInput!({ action: 'keep' }, h.context)).toEqual({ result: true });
  });
});
