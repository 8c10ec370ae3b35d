import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitIn, makeRepo, removeDir, stubGitEnv } from '../../host/node/gitRepo';
import { resultTexts, turn, worktreeSession } from './session';

describe('tools/EnterWorktree across turns', () => {
  stubGitEnv();
  const repos: string[] = [];
  afterEach(() => repos.splice(0).forEach(removeDir));

  it('keeps the session in the worktree on the next turn, and ExitWorktree in a later turn brings it back', async () => {
    const repo = makeRepo();
    repos.push(repo);
    writeFileSync(path.join(repo, 'README.md'), 'edited in main\n');
    const wt = path.join(repo, '.claude', 'worktrees', 'later');
    const session = worktreeSession(repo, [
      [['EnterWorktree', { name: 'later' }]],
      'entered',
      [['Bash', { command: 'pwd' }], ['Read', { file_path: 'README.md' }], ['Glob', { pattern: 'README.md' }]],
      'looked',
      [['ExitWorktree', { action: 'remove' }]],
      'left',
      [['Bash', { command: 'pwd' }], ['Read', { file_path: 'README.md' }]],
      'back',
    ]);
    session.toolContext().discoveredToolNames.add('EnterWorktree').add('ExitWorktree');

    await turn(session, 'make a worktree');
    expect(session.appState.getState().worktreeSession?.worktree.path).toBe(wt);

    await turn(session, 'look around');
    const [, pwd, read, glob] = resultTexts(session.history);
    expect(pwd).toBe(wt);
    expect(read).toContain('1\thello');
    expect(glob).toBe('README.md');
    expect(session.toolContext().cwd).toBe(wt);

    await turn(session, 'leave it');
    expect(resultTexts(session.history)[4]).toBe(`Removed the worktree at ${wt}. Its branch worktree-later was deleted. Back in ${repo}.`);
    expect(existsSync(wt)).toBe(false);
    expect(gitIn(repo, 'branch', '--list', 'worktree-later')).toBe('');
    expect(session.appState.getState().worktreeSession).toBeUndefined();

    await turn(session, 'where are we');
    const [, , , , , backPwd, backRead] = resultTexts(session.history);
    expect(backPwd).toBe(repo);
    expect(backRead).toContain('1\tedited in main');
  });
});
