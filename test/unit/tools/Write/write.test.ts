import { describe, expect, it } from 'vitest';
import { createCanUseTool, toolOwnDecider } from '../../../../extension/core/engines/tools/permissionGate';
import { destructiveWarningOf, type CanUseToolFn } from '../../../../extension/core/contracts/tool';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import { memoryHarness } from '../shared/harness';

describe('tools/Write', () => {
  it('creates a new UTF-8 LF file and answers with its path and first lines', async () => {
    const h = memoryHarness();
    const { text, outcome } = await h.run('Write', { file_path: '/proj/src/new.ts', content: 'a\r\nb\nc\nd\ne\nf\ng\n' });
    expect(outcome.stage).toBe('success');
    expect(text).toBe('File created successfully at: /proj/src/new.ts\n1\ta\n2\tb\n3\tc\n4\td\n5\te\n… 2 more lines');
    expect(h.workspace.raw('/proj/src/new.ts')).toBe('a\nb\nc\nd\ne\nf\ng\n');
    expect(h.context.readFileState.get('/proj/src/new.ts')).toMatchObject({ content: 'a\nb\nc\nd\ne\nf\ng\n', isPartialView: false });
  });

  it('answers with the path alone when the content is empty', async () => {
    const h = memoryHarness();
    expect((await h.run('Write', { file_path: '/proj/empty.txt', content: '' })).text).toBe('File created successfully at: /proj/empty.txt');
  });

  it('resolves a relative path against the working directory', async () => {
    const h = memoryHarness();
    const { text } = await h.run('Write', { file_path: 'notes/todo.md', content: 'x' });
    expect(text).toBe('File created successfully at: /proj/notes/todo.md\n1\tx');
    expect(h.workspace.raw('/proj/notes/todo.md')).toBe('x');
  });

  it('refuses to replace a file that was not read, before asking permission, and writes nothing', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'old\n');
    let asked = 0;
    const counting: CanUseToolFn = async (_t, input) => (asked++, { behavior: 'allow', updatedInput: input });
    const { text, outcome } = await h.run('Write', { file_path: '/proj/a.ts', content: 'new\n' }, counting);
    expect(outcome.stage).toBe('validation');
    expect(text).toBe('<tool_use_error>File has not been read yet: /proj/a.ts. Read it first, then write it.</tool_use_error>');
    expect([asked, h.workspace.writes.length, h.workspace.raw('/proj/a.ts')]).toEqual([0, 0, 'old\n']);
  });

  it('refuses when the file changed on disk since it was read', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'old\n');
    await h.run('Read', { file_path: '/proj/a.ts' });
    h.workspace.put('/proj/a.ts', 'changed by the user\n');
    const { text, outcome } = await h.run('Write', { file_path: '/proj/a.ts', content: 'new\n' });
    expect(outcome.stage).toBe('validation');
    expect(text).toBe(
      '<tool_use_error>File has been modified since read, either by the user or by another tool: /proj/a.ts. Read it again before you write it.</tool_use_error>',
    );
    expect(h.workspace.writes).toEqual([]);
  });

  it('accepts a newer mtime when a full read shows the content is unchanged', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'same\n');
    await h.run('Read', { file_path: '/proj/a.ts' });
    h.workspace.touch('/proj/a.ts');
    expect((await h.run('Write', { file_path: '/proj/a.ts', content: 'new\n' })).outcome.stage).toBe('success');
  });

  it('refuses a newer mtime after a partial read, which cannot prove the content unchanged', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'one\ntwo\nthree\n');
    await h.run('Read', { file_path: '/proj/a.ts', limit: 1 });
    h.workspace.touch('/proj/a.ts');
    expect((await h.run('Write', { file_path: '/proj/a.ts', content: 'new\n' })).text).toContain('File has been modified since read');
  });

  it('refuses when an unsaved editor buffer changed since the read, though the mtime did not move', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'old\n');
    await h.run('Read', { file_path: '/proj/a.ts' });
    h.workspace.setDirtyBuffer('/proj/a.ts', 'typed but not saved\n');
    expect((await h.run('Write', { file_path: '/proj/a.ts', content: 'new\n' })).text).toContain('File has been modified since read');
  });

  it('replaces a read file, keeping CRLF line endings and the BOM, and says it was updated', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/win.txt', 'old\r\n', { bom: true });
    await h.run('Read', { file_path: '/proj/win.txt' });
    const { text } = await h.run('Write', { file_path: '/proj/win.txt', content: 'first\nsecond\n' });
    expect(text).toBe('The file /proj/win.txt has been updated.\n1\tfirst\n2\tsecond');
    expect(h.workspace.raw('/proj/win.txt')).toBe('\uFEFFfirst\r\nsecond\r\n');
    expect(h.context.readFileState.get('/proj/win.txt')?.content).toBe('first\r\nsecond\r\n');
  });

  it('keeps a Latin-1 file Latin-1 and refuses characters it cannot hold', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/l1.txt', 'café\n', { encoding: 'latin1' });
    await h.run('Read', { file_path: '/proj/l1.txt' });
    await h.run('Write', { file_path: '/proj/l1.txt', content: 'crème brûlée\n' });
    expect([...h.workspace.bytes('/proj/l1.txt')]).toEqual([...'crème brûlée\n'].map((c) => c.charCodeAt(0)));
    const refused = await h.run('Write', { file_path: '/proj/l1.txt', content: 'a → b\n' });
    expect(refused.text).toBe(
      '<tool_use_error>/proj/l1.txt is Latin-1 encoded and cannot hold "→" (U+2192). Use only Latin-1 characters, or an escape the file\'s language understands.</tool_use_error>',
    );
  });

  it('allows a second write without a new read, since it knows what it wrote', async () => {
    const h = memoryHarness();
    await h.run('Write', { file_path: '/proj/a.ts', content: 'v1\n' });
    const second = await h.run('Write', { file_path: '/proj/a.ts', content: 'v2\n' });
    expect(second.text).toBe('The file /proj/a.ts has been updated.\n1\tv2');
  });

  it('re-checks at call time: a file changed while permission was pending is not overwritten', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'old\n');
    await h.run('Read', { file_path: '/proj/a.ts' });
    const userEditsMeanwhile: CanUseToolFn = async (_t, input) => {
      h.workspace.put('/proj/a.ts', 'edited during the prompt\n');
      return { behavior: 'allow', updatedInput: input };
    };
    const { text, outcome } = await h.run('Write', { file_path: '/proj/a.ts', content: 'new\n' }, userEditsMeanwhile);
    expect(outcome.stage).toBe('error');
    expect(text).toContain('File has been modified since read');
    expect(h.workspace.raw('/proj/a.ts')).toBe('edited during the prompt\n');
  });

  it('refuses a directory as the target', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/src/a.ts', 'x');
    expect((await h.run('Write', { file_path: '/proj/src', content: 'x' })).text).toBe(
      '<tool_use_error>/proj/src is a directory; give the path of a file.</tool_use_error>',
    );
  });

  it('asks permission for every write, and writes nothing when no one can answer', async () => {
    const h = memoryHarness();
    // Inside the workspace (/proj), so the answer also says acceptEdits would allow it.
    expect(await WriteTool.checkPermissions({ file_path: 'a.ts', content: 'x' }, h.context)).toEqual({
      behavior: 'passthrough',
      message: 'Write /proj/a.ts?',
      suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    });
    // Outside the workspace: a safety check no allow rule skips (only bypassPermissions runs it), offering to add the folder.
    expect(await WriteTool.checkPermissions({ file_path: '/etc/hosts', content: 'x' }, h.context)).toEqual({
      behavior: 'ask',
      message: 'Write /etc/hosts? (/etc/hosts is outside the workspace folders.)',
      decisionReason: { type: 'safetyCheck', reason: '/etc/hosts is outside the workspace folders', concern: 'outsideWorkspace' },
      suggestions: [{ type: 'addDirectories', directories: ['/etc'], destination: 'session' }],
      blockedPath: '/etc/hosts',
    });
    const { outcome, text } = await h.run('Write', { file_path: '/proj/a.ts', content: 'x' }, createCanUseTool(toolOwnDecider));
    expect(outcome.stage).toBe('permission');
    expect(text).toContain('Write /proj/a.ts?');
    expect(h.workspace.writes).toEqual([]);
  });

  it('is a sequential tool named Write, destructive only over an existing file (and where it cannot tell)', async () => {
    const input = { file_path: '/proj/src/a.ts', content: 'x' };
    expect([WriteTool.name, WriteTool.userFacingName()]).toEqual(['Write', 'Write']);
    expect([WriteTool.isReadOnly(input), WriteTool.isConcurrencySafe(input), WriteTool.isDestructive(input)]).toEqual([false, false, true]);
    const h = memoryHarness();
    h.workspace.put('/proj/src/a.ts', 'old\n');
    expect(WriteTool.isDestructive(input, h.context)).toBe(false);
    await h.run('Read', { file_path: '/proj/src/a.ts' });
    expect(WriteTool.isDestructive(input, h.context)).toBe(true);
    expect(WriteTool.isDestructive({ file_path: 'src/a.ts', content: 'x' }, h.context)).toBe(true);
    expect(WriteTool.isDestructive({ file_path: '/proj/src/new.ts', content: 'x' }, h.context)).toBe(false);
    expect(destructiveWarningOf(WriteTool, input, h.context)).toBe('This overwrites an existing file (destructive: its current contents are replaced)');
    expect(destructiveWarningOf(WriteTool, { file_path: '/proj/src/new.ts', content: 'x' }, h.context)).toBeUndefined();
  });

  it('says in a denial nobody could answer that the call would overwrite an existing file, and only then', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'old\n');
    await h.run('Read', { file_path: '/proj/a.ts' });
    const over = await h.run('Write', { file_path: '/proj/a.ts', content: 'new\n' }, createCanUseTool(toolOwnDecider));
    expect(over.outcome.stage).toBe('permission');
    expect(over.text).toContain('(no one can be asked in this session). This overwrites an existing file (destructive: its current contents are replaced).');
    const fresh = await h.run('Write', { file_path: '/proj/b.ts', content: 'new\n' }, createCanUseTool(toolOwnDecider));
    expect(fresh.outcome.stage).toBe('permission');
    expect(fresh.text).not.toContain('destructive');
    expect(h.workspace.writes).toEqual([]);
  });

  it('describes its calls by the file', () => {
    const input = { file_path: '/proj/src/a.ts', content: 'x' };
    expect(WriteTool.getActivityDescription(input, { cwd: '/proj' })).toBe('Writing src/a.ts');
    expect(WriteTool.getToolUseSummary(input, { cwd: '/proj' })).toBe('src/a.ts');
  });
});
