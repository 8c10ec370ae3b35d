import { describe, expect, it } from 'vitest';
import { capInput, presentProgress, presentToolResult } from '../../../extension/conversation/toolViews/present';
import { applyEdit, fileDiff, MAX_DIFF_LINES } from '../../../extension/core/base/text/diff';
import { MAX_RESULT_PREVIEW_CHARS } from '../../../extension/protocol/entries';
import { getAllBaseTools } from '../../../extension/tools/tools';

/** The built-in tool of that name; undefined for a tool no session offers. */
const tool = (name: string) => getAllBaseTools().find((t) => t.name === name);

const ok = (content: string) => ({ type: 'tool_result' as const, tool_use_id: 't', content });
const failed = (content: string) => ({ ...ok(content), is_error: true });

describe('chat/toolViews', () => {
  it('caps the text preview and marks it truncated', () => {
    const view = presentToolResult(tool('Mystery'), {}, ok('x'.repeat(MAX_RESULT_PREVIEW_CHARS + 5)), undefined);
    expect(view.text).toHaveLength(MAX_RESULT_PREVIEW_CHARS);
    expect(view).toMatchObject({ isError: false, truncated: true });
    expect(view.data).toBeUndefined();
  });

  it('gives Read its file and line range from the output', () => {
    const output = { type: 'text', filePath: '/w/a.ts', content: '', startLine: 5, numLines: 10, totalLines: 100, fromDirtyEditor: false };
    expect(presentToolResult(tool('Read'), { file_path: 'a.ts' }, ok('5\tx'), output).data).toEqual({ kind: 'read', filePath: '/w/a.ts', startLine: 5, endLine: 14 });
    expect(presentToolResult(tool('Read'), {}, ok(''), { type: 'image', filePath: '/w/p.png' }).data).toEqual({ kind: 'read', filePath: '/w/p.png' });
  });

  it('parses Grep lines of each output mode into paths', () => {
    const content = presentToolResult(tool('Grep'), {}, ok(''), { mode: 'content', lines: ['src/a:b.ts:12:const x = 1;', 'src/c.ts-13-context', 'weird'], cut: false });
    expect(content.data).toEqual({
      kind: 'paths',
      items: [
        { path: 'src/a:b.ts', line: 12, text: 'const x = 1;' },
        { path: 'src/c.ts', line: 13, text: 'context' },
      ],
      truncated: false,
    });
    const count = presentToolResult(tool('Grep'), {}, ok(''), { mode: 'count', lines: ['src/a.ts:3'], cut: true });
    expect(count.data).toEqual({ kind: 'paths', items: [{ path: 'src/a.ts', text: '3' }], truncated: true });
    const files = presentToolResult(tool('Glob'), {}, ok(''), { filenames: ['a.ts', 'b.ts'], truncated: false });
    expect(files.data).toEqual({ kind: 'paths', items: [{ path: 'a.ts' }, { path: 'b.ts' }], truncated: false });
  });

  it('gives Bash its command, output and exit code, from the output or else from the text', () => {
    const input = { command: 'make' };
    expect(presentToolResult(tool('Bash'), input, failed('Exit code 2\nboom'), { kind: 'completed', output: 'boom', exitCode: 2 }).data).toEqual({ kind: 'bash', command: 'make', output: 'boom', exitCode: 2 });
    expect(presentToolResult(tool('Bash'), input, ok('…'), { kind: 'background', taskId: 'b1', outputFile: '/t', reason: 'requested' }).data).toEqual({
      kind: 'bash',
      command: 'make',
      output: '',
      exitCode: null,
      backgroundTaskId: 'b1',
    });
    expect(presentToolResult(tool('Bash'), input, failed('Exit code 1\nno rule'), undefined).data).toEqual({ kind: 'bash', command: 'make', output: 'no rule', exitCode: 1 });
    expect(presentToolResult(tool('Bash'), input, failed('The user denied Bash'), undefined).data).toMatchObject({ exitCode: null, output: 'The user denied Bash' });
  });

  it('shows an error as its sentence, without the <tool_use_error> tags the model reads', () => {
    const view = presentToolResult(tool('Read'), { file_path: 'nope.txt' }, failed('<tool_use_error>File does not exist: nope.txt.</tool_use_error>'), undefined);
    expect(view).toMatchObject({ isError: true, text: 'File does not exist: nope.txt.' });
    // A successful result is shown as the tool wrote it, tags and all (a file may hold them).
    expect(presentToolResult(tool('Mystery'), {}, ok('<tool_use_error>x</tool_use_error>'), undefined).text).toBe('<tool_use_error>x</tool_use_error>');
  });

  it('falls back to the text preview when an output does not have the shape its presenter expects', () => {
    expect(presentToolResult(tool('Edit'), {}, ok('updated'), { surprise: true }).data).toBeUndefined();
    expect(presentToolResult(tool('Glob'), {}, ok('a'), 'a').data).toBeUndefined();
  });

  it('diffs an Edit against the file it changed, with real line numbers', () => {
    const original = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const output = { filePath: '/w/a.txt', oldString: 'line 10', newString: 'line ten', replaceAll: false, created: false, originalFile: original };
    const diff = presentToolResult(tool('Edit'), {}, ok('updated'), output).data;
    expect(diff).toMatchObject({ kind: 'diff', added: 1, removed: 1, hunks: [{ oldStart: 7, newStart: 7, lines: [' line 7', ' line 8', ' line 9', '-line 10', '+line ten', ' line 11', ' line 12', ' line 13'] }] });
  });

  it('reproduces replace_all edits and refuses to guess a replacement it cannot find', () => {
    expect(applyEdit('a b a', 'a', 'x', true)).toBe('x b x');
    expect(applyEdit('a b a', 'a', 'x', false)).toBe('x b a');
    expect(applyEdit('abc', 'zzz', 'x', false)).toBeUndefined();
    expect(applyEdit('', '', 'new', false)).toBe('new');
  });

  it('caps a huge diff and says so, keeping the counts of everything', () => {
    const after = Array.from({ length: MAX_DIFF_LINES + 100 }, (_, i) => `l${i}`).join('\n');
    const diff = fileDiff('/w/big.txt', '', after, true);
    expect(diff?.truncated).toBe(true);
    expect(diff?.added).toBe(MAX_DIFF_LINES + 100);
    expect(diff?.hunks.reduce((n, h) => n + h.lines.length, 0)).toBe(MAX_DIFF_LINES);
  });

  it('picks the known fields out of a progress payload and tails long output', () => {
    expect(presentProgress({ type: 'bash_progress', output: 'x'.repeat(9000) + 'END', elapsedMs: 2500, totalLines: 3, totalBytes: 9003 })).toEqual({
      output: expect.stringMatching(/END$/),
      elapsedSeconds: 2.5,
      totalLines: 3,
    });
    expect(presentProgress({ type: 'bash_progress', output: 'x'.repeat(9000) })?.output).toHaveLength(8000);
    expect(presentProgress({ type: 'opaque', blob: 1 })).toBeUndefined();
    expect(presentProgress(null)).toBeUndefined();
  });

  it('cuts long strings in a tool input at any depth', () => {
    const capped = capInput({ content: 'y'.repeat(20_000), nested: { list: ['z'.repeat(20_000)] }, n: 3 });
    expect((capped.content as string).length).toBeLessThan(10_010);
    expect(((capped.nested as { list: string[] }).list[0] ?? '').length).toBeLessThan(10_010);
    expect(capped.n).toBe(3);
  });
});
