import { describe, expect, it } from 'vitest';
import { commandNameFromPath, parseCommandFile } from '../../../extension/core/loop/commands/promptFile';
import type { PromptCommand } from '../../../extension/core/contracts/commands';
import { fakeCommandContext } from './fakeRunTool';

const info = (relativePath: string) => ({ path: `/work/app/.claude/commands/${relativePath}`, relativePath, source: 'project' as const });

function command(text: string, relativePath = 'x.md'): PromptCommand {
  const r = parseCommandFile(text, info(relativePath));
  if (!r.ok) throw new Error(r.problem.message);
  return r.command;
}

describe('core/loop/commands/promptFile', () => {
  it('names commands after their path, subfolders joined by colons', () => {
    expect(commandNameFromPath('commit.md')).toBe('commit');
    expect(commandNameFromPath('git/commit.md')).toBe('git:commit');
    expect(commandNameFromPath('a\\b\\c.md')).toBe('a:b:c');
    expect(commandNameFromPath('my command.md')).toBeUndefined();
  });

  it('reads the front matter fields and keeps where the command came from', () => {
    const c = command(
      '---\ndescription: Create a commit\nargument-hint: [message]\nallowed-tools: Bash(git add:*), Bash(git commit:*)\nmodel: claude-haiku-4-5\ndisable-model-invocation: true\n---\nCommit with $ARGUMENTS\n',
      'git/commit.md',
    );
    expect(c).toMatchObject({
      type: 'prompt',
      name: 'git:commit',
      description: 'Create a commit',
      argumentHint: '[message]',
      allowedTools: ['Bash(git add:*)', 'Bash(git commit:*)'],
      model: 'claude-haiku-4-5',
      disableModelInvocation: true,
      source: 'project',
      loadedFrom: '/work/app/.claude/commands/git/commit.md',
      contentLength: 'Commit with $ARGUMENTS'.length,
    });
  });

  it('takes the description from the first line of the body when the front matter has none', () => {
    const c = command('\n# Review the diff carefully\n\nLook for bugs.');
    expect(c.description).toBe('Review the diff carefully');
    expect(c.disableModelInvocation).toBeUndefined();
  });

  it('builds the prompt: arguments, then ! lines and @ files through runTool with its allowed-tools', async () => {
    const c = command('---\nallowed-tools: [Bash(git diff:*)]\n---\nIssue $1 ($2)\n!git diff\nSee @notes.md');
    const { ctx, calls } = fakeCommandContext((name) => ({ ok: true, text: name === 'Bash' ? 'DIFF' : '1\tNOTES' }));
    const blocks = await c.getPromptForCommand('42 "very urgent"', ctx);
    expect(blocks).toEqual([
      { type: 'text', text: 'Issue 42 (very urgent)\nDIFF\nSee @notes.md' },
      { type: 'text', text: 'Contents of notes.md (/work/app/notes.md):\n1\tNOTES' },
    ]);
    expect(calls.every((c) => c.allowedTools.length === 1 && c.allowedTools[0] === 'Bash(git diff:*)')).toBe(true);
  });

  it('reports a malformed file with the line of the fault', () => {
    expect(parseCommandFile('---\ndescription: ok\nallowed-tools Read\n---\nbody', info('bad.md'))).toEqual({
      ok: false,
      problem: { kind: 'command', path: '/work/app/.claude/commands/bad.md', line: 3, message: 'expected "key: value", got "allowed-tools Read"' },
    });
    expect(parseCommandFile('---\ndisable-model-invocation: sometimes\n---\nbody', info('b.md'))).toMatchObject({ ok: false, problem: { line: 2 } });
    expect(parseCommandFile('---\ndescription: x\n---\n\n', info('empty.md'))).toMatchObject({ ok: false, problem: { line: 4, message: expect.stringContaining('no prompt') } });
    expect(parseCommandFile('hi', info('with space.md'))).toMatchObject({ ok: false, problem: { line: 0 } });
  });
});
