import { describe, expect, it } from 'vitest';
import type { CanUseToolFn } from '../../../../extension/core/contracts/tool';
import { inputJSONSchemaOf } from '../../../../extension/core/engines/tools/toolSchema';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import { EditTool } from '../../../../extension/tools/Edit/Edit';
import { memoryHarness } from '../shared/harness';

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

async function readFile(content: string, opts: Parameters<ReturnType<typeof memoryHarness>['workspace']['put']>[2] = {}) {
  const h = memoryHarness();
  h.workspace.put('/proj/f.txt', content, opts);
  await h.run('Read', { file_path: '/proj/f.txt' });
  return h;
}

describe('tools/Edit', () => {
  it('replaces a unique match and shows numbered lines around the change', async () => {
    const h = await readFile(numbered(20));
    const { text, outcome } = await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'line 10\n', new_string: 'ten\nTEN\n' });
    expect(outcome.stage).toBe('success');
    expect(text).toBe(
      'The file /proj/f.txt has been updated.\n6\tline 6\n7\tline 7\n8\tline 8\n9\tline 9\n10\tten\n11\tTEN\n12\tline 11\n13\tline 12\n14\tline 13\n15\tline 14',
    );
    expect(h.workspace.raw('/proj/f.txt')).toBe(numbered(20).replace('line 10\n', 'ten\nTEN\n'));
  });

  it('requires a Read first, checked before permission, and writes nothing', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/f.txt', 'a\n');
    let asked = 0;
    const counting: CanUseToolFn = async (_t, input) => (asked++, { behavior: 'allow', updatedInput: input });
    const { text, outcome } = await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'a', new_string: 'b' }, counting);
    expect(outcome.stage).toBe('validation');
    expect(text).toBe('<tool_use_error>File has not been read yet: /proj/f.txt. Read it first, then edit it.</tool_use_error>');
    expect([asked, h.workspace.writes.length]).toEqual([0, 0]);
  });

  it('refuses when the file changed on disk since the read', async () => {
    const h = await readFile('a\n');
    h.workspace.put('/proj/f.txt', 'a\nb\n');
    const { text } = await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'a', new_string: 'z' });
    expect(text).toBe(
      '<tool_use_error>File has been modified since read, either by the user or by another tool: /proj/f.txt. Read it again before you edit it.</tool_use_error>',
    );
    expect(h.workspace.writes).toEqual([]);
  });

  it('says old_string was not found, with a hint', async () => {
    const h = await readFile('  indented\n');
    const { text } = await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'indented ', new_string: 'x' });
    expect(text).toBe(
      '<tool_use_error>old_string was not found in /proj/f.txt. It must match exactly, including whitespace and indentation; Read the file again and copy the text from it (without the line-number prefix).</tool_use_error>',
    );
  });

  it('refuses several matches without replace_all and says how many', async () => {
    const h = await readFile('x = 1\nx = 1\nx = 1\n');
    const { text } = await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'x = 1', new_string: 'x = 2' });
    expect(text).toBe(
      '<tool_use_error>Found 3 matches of old_string in /proj/f.txt, but replace_all is false. Set replace_all to true to replace every one, or include more surrounding lines in old_string so it matches exactly one place.</tool_use_error>',
    );
    expect(h.workspace.writes).toEqual([]);
  });

  it('replaces every match with replace_all and says how many', async () => {
    const h = await readFile('foo()\nbar()\nfoo()\n');
    const { text } = await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'foo', new_string: 'baz', replace_all: true });
    expect(text).toBe('The file /proj/f.txt has been updated. Replaced 2 occurrences.\n1\tbaz()\n2\tbar()\n3\tbaz()');
    expect(h.workspace.raw('/proj/f.txt')).toBe('baz()\nbar()\nbaz()\n');
  });

  it('refuses an old_string equal to new_string as a no-op', async () => {
    const h = await readFile('a\n');
    expect((await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'a', new_string: 'a' })).text).toBe(
      '<tool_use_error>No changes to make: old_string and new_string are exactly the same.</tool_use_error>',
    );
  });

  it('says a missing file does not exist when old_string is not empty', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/src/main.ts', 'x');
    const { text } = await h.run('Edit', { file_path: '/proj/src/main.js', old_string: 'a', new_string: 'b' });
    expect(text).toBe(
      '<tool_use_error>File does not exist: /proj/src/main.js. Current working directory: /proj. Did you mean /proj/src/main.ts?</tool_use_error>',
    );
  });

  it('creates a missing file when old_string is empty, without a prior Read', async () => {
    const h = memoryHarness();
    const { text } = await h.run('Edit', { file_path: 'src/new.ts', old_string: '', new_string: 'export {};\n' });
    expect(text).toBe('File created successfully at: /proj/src/new.ts\n1\texport {};');
    expect(h.workspace.raw('/proj/src/new.ts')).toBe('export {};\n');
    expect(h.context.readFileState.get('/proj/src/new.ts')?.content).toBe('export {};\n');
  });

  it('refuses an empty old_string on a file that has content', async () => {
    const h = await readFile('content\n');
    expect((await h.run('Edit', { file_path: '/proj/f.txt', old_string: '', new_string: 'x' })).text).toBe(
      '<tool_use_error>/proj/f.txt already exists, so an empty old_string cannot create it. Give the text to replace as old_string, or use Write to replace the whole file.</tool_use_error>',
    );
  });

  it('keeps CRLF line endings and matches multi-line text written with LF', async () => {
    const h = await readFile('one\r\ntwo\r\nthree\r\n');
    await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'one\ntwo', new_string: 'uno\ndos' });
    expect(h.workspace.raw('/proj/f.txt')).toBe('uno\r\ndos\r\nthree\r\n');
    expect(h.context.readFileState.get('/proj/f.txt')?.content).toBe('uno\r\ndos\r\nthree\r\n');
  });

  it('keeps the UTF-8 BOM', async () => {
    const h = await readFile('héllo\n', { bom: true });
    await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'héllo', new_string: 'hello' });
    expect([...h.workspace.bytes('/proj/f.txt').slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(h.workspace.raw('/proj/f.txt')).toBe('\uFEFFhello\n');
  });

  it('keeps a Latin-1 file Latin-1', async () => {
    const h = await readFile('prix: 5 €\ncafé\n'.replace('€', 'EUR'), { encoding: 'latin1' });
    await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'café', new_string: 'crème' });
    expect([...h.workspace.bytes('/proj/f.txt')]).toEqual([...'prix: 5 EUR\ncrème\n'].map((c) => c.charCodeAt(0)));
  });

  it('keeps a UTF-16 file UTF-16', async () => {
    const h = await readFile('a\r\nb\r\n', { encoding: 'utf16le', bom: true });
    await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'b', new_string: 'c' });
    expect([...h.workspace.bytes('/proj/f.txt')]).toEqual([0xff, 0xfe, 97, 0, 13, 0, 10, 0, 99, 0, 13, 0, 10, 0]);
  });

  it('edits again without a new Read, since it recorded what it wrote', async () => {
    const h = await readFile('a\n');
    await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'a', new_string: 'b' });
    const second = await h.run('Edit', { file_path: '/proj/f.txt', old_string: 'b', new_string: 'c' });
    expect(second.outcome.stage).toBe('success');
    expect(h.workspace.raw('/proj/f.txt')).toBe('c\n');
  });

  it('sends notebooks to NotebookEdit', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/n.ipynb', '{"cells": []}');
    expect((await h.run('Edit', { file_path: '/proj/n.ipynb', old_string: 'a', new_string: 'b' })).text).toBe(
      '<tool_use_error>/proj/n.ipynb is a Jupyter notebook; change its cells with NotebookEdit.</tool_use_error>',
    );
  });

  it('asks permission for every edit and describes itself', async () => {
    const h = memoryHarness();
    const input = { file_path: 'src/a.ts', old_string: 'a', new_string: 'b', replace_all: false };
    expect(await EditTool.checkPermissions(input, h.context)).toEqual({
      behavior: 'passthrough',
      message: 'Edit /proj/src/a.ts?',
      suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    });
    expect([EditTool.name, EditTool.userFacingName(input), EditTool.userFacingName({ old_string: '' })]).toEqual(['Edit', 'Update', 'Create']);
    expect([EditTool.isReadOnly(input), EditTool.isConcurrencySafe(input)]).toEqual([false, false]);
    expect(EditTool.getActivityDescription({ file_path: '/proj/src/a.ts' }, { cwd: '/proj' })).toBe('Editing src/a.ts');
    expect(EditTool.getToolUseSummary({ file_path: '/proj/src/a.ts' }, { cwd: '/proj' })).toBe('src/a.ts');
    expect(EditTool.inputSchema.parse({ file_path: '/a', old_string: 'x', new_string: 'y' }).replace_all).toBe(false);
  });

  it("offers Claude Code's input fields, replace_all optional, and Write's two required fields", () => {
    const edit = inputJSONSchemaOf(EditTool);
    expect(Object.keys(edit.properties as object)).toEqual(['file_path', 'old_string', 'new_string', 'replace_all']);
    expect(edit.required).toEqual(['file_path', 'old_string', 'new_string']);
    const write = inputJSONSchemaOf(WriteTool);
    expect(Object.keys(write.properties as object)).toEqual(['file_path', 'content']);
    expect(write.required).toEqual(['file_path', 'content']);
  });
});
