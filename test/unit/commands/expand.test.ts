import { describe, expect, it } from 'vitest';
import { expandCommandText } from '../../../extension/core/loop/commands/expand';
import { fakeCommandContext } from './fakeRunTool';

const opts = { commandName: 'review', allowedTools: ['Bash(git status:*)'] };

describe('core/loop/commands/expand', () => {
  it('replaces a ! line and an inline !`cmd` by the output of Bash run through runTool', async () => {
    const { ctx, calls } = fakeCommandContext((_name, input) => ({ ok: true, text: `out of ${String(input.command)}\n` }));
    const result = await expandCommandText('Status:\n!git status\nBranch: !`git branch --show-current` now', ctx, opts);
    expect(result.text).toBe('Status:\nout of git status\nBranch: out of git branch --show-current now');
    expect(calls).toEqual([
      { name: 'Bash', input: { command: 'git status', description: 'Run by /review' }, allowedTools: ['Bash(git status:*)'] },
      { name: 'Bash', input: { command: 'git branch --show-current', description: 'Run by /review' }, allowedTools: ['Bash(git status:*)'] },
    ]);
  });

  it('leaves a note in place when the permission engine denies a command', async () => {
    const { ctx } = fakeCommandContext(() => ({ ok: false, text: '<tool_use_error>Permission to use Bash has been denied by rule Bash(git:*) from .claude/settings.json\nmore</tool_use_error>' }));
    const result = await expandCommandText('!git status', ctx, opts);
    expect(result.text).toBe('[! git status: not run — Permission to use Bash has been denied by rule Bash(git:*) from .claude/settings.json]');
  });

  it('runs and reads nothing when no runTool is given, and says so', async () => {
    const { ctx } = fakeCommandContext(undefined);
    const result = await expandCommandText('!ls\nSee @a.ts', ctx, opts);
    expect(result.text).toBe('[! ls: not run — no tools may run here]\nSee @a.ts [not read — no tools may run here]');
    expect(result.files).toEqual([]);
  });

  it('reads @ references through Read with absolute paths, quoted ones with spaces too, once each', async () => {
    const { ctx, calls } = fakeCommandContext((_n, input) => ({ ok: true, text: `1\tcontent of ${String(input.file_path)}` }));
    const result = await expandCommandText('Compare @src/a.ts, @"docs/my notes.md" and @src/a.ts.', ctx, opts);
    expect(result.text).toBe('Compare @src/a.ts, @"docs/my notes.md" and @src/a.ts.');
    expect(calls.map((c) => [c.name, c.input])).toEqual([
      ['Read', { file_path: '/work/app/src/a.ts' }],
      ['Read', { file_path: '/work/app/docs/my notes.md' }],
    ]);
    expect(result.files.map((f) => f.text)).toEqual([
      'Contents of src/a.ts (/work/app/src/a.ts):\n1\tcontent of /work/app/src/a.ts',
      'Contents of docs/my notes.md (/work/app/docs/my notes.md):\n1\tcontent of /work/app/docs/my notes.md',
    ]);
  });

  it('notes a reference that could not be read, keeping the punctuation after it', async () => {
    const { ctx } = fakeCommandContext(() => ({ ok: false, text: 'File does not exist.' }));
    const result = await expandCommandText('Look at @missing.ts.', ctx, opts);
    expect(result.text).toBe('Look at @missing.ts [not read — File does not exist.].');
  });

  it('ignores e-mail addresses, code spans, fenced code and Markdown images', async () => {
    const { ctx, calls } = fakeCommandContext(() => ({ ok: true, text: 'X' }));
    const text = 'Mail a@b.c about `@Override`\n```\n!rm -rf /\n@decorator\n```\n![logo](logo.png)';
    const result = await expandCommandText(text, ctx, opts);
    expect(result.text).toBe(text);
    expect(calls).toEqual([]);
  });

  it('does not treat a command output as a reference to read', async () => {
    const { ctx, calls } = fakeCommandContext((name) => ({ ok: true, text: name === 'Bash' ? 'see @secret.txt' : 'X' }));
    const result = await expandCommandText('!echo hi', ctx, opts);
    expect(result.text).toBe('see @secret.txt');
    expect(calls.map((c) => c.name)).toEqual(['Bash']);
  });

  it('turns a runTool that throws into a note', async () => {
    const { ctx } = fakeCommandContext(() => {
      throw new Error('boom');
    });
    expect((await expandCommandText('!x', ctx, opts)).text).toBe('[! x: not run — boom]');
  });
});
