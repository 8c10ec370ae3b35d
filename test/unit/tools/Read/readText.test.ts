import { describe, expect, it } from 'vitest';
import { memoryHarness } from '../shared/harness';

const lines = (n: number, make = (i: number) => `line ${i}`) => Array.from({ length: n }, (_, i) => make(i + 1)).join('\n') + '\n';

describe('tools/Read text files', () => {
  it('returns one unpadded "<n>\\t<text>" line per file line with the CR of CRLF removed', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.txt', 'alpha\r\n  beta\r\n\r\ngamma\r\n');
    const { text, outcome } = await h.run('Read', { file_path: '/proj/a.txt' });
    expect(outcome.stage).toBe('success');
    expect(text).toBe('1\talpha\n2\t  beta\n3\t\n4\tgamma');
  });

  it('shows a last line that has no newline', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.txt', 'one\ntwo');
    expect((await h.run('Read', { file_path: '/proj/a.txt' })).text).toBe('1\tone\n2\ttwo');
  });

  it('records the full decoded text, the mtime and a full view in readFileState', async () => {
    const h = memoryHarness();
    const mtime = h.workspace.put('/proj/a.txt', 'x\r\ny\r\n');
    await h.run('Read', { file_path: '/proj/a.txt' });
    expect(h.context.readFileState.get('/proj/a.txt')).toEqual({
      content: 'x\r\ny\r\n',
      timestamp: mtime,
      offset: undefined,
      limit: undefined,
      isPartialView: false,
    });
  });

  it('selects a window with offset (1-based) and limit and records it as a partial view', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.txt', lines(10));
    const { text } = await h.run('Read', { file_path: '/proj/a.txt', offset: 4, limit: 3 });
    expect(text).toBe('4\tline 4\n5\tline 5\n6\tline 6');
    expect(h.context.readFileState.get('/proj/a.txt')).toMatchObject({ offset: 4, limit: 3, isPartialView: true });
  });

  it('treats offset 0 like offset 1', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.txt', lines(3));
    expect((await h.run('Read', { file_path: '/proj/a.txt', offset: 0, limit: 2 })).text).toBe('1\tline 1\n2\tline 2');
  });

  it('stops at 2,000 lines by default and says how to read the rest', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/long.txt', lines(2005));
    const { text } = await h.run('Read', { file_path: '/proj/long.txt' });
    const out = text.split('\n');
    expect(out[1999]).toBe('2000\tline 2000');
    expect(text).not.toContain('2001\t');
    expect(text.endsWith('\n\n<system-reminder>Showing lines 1-2000 of 2005. Use offset and limit to read the rest.</system-reminder>')).toBe(true);
    expect(h.context.readFileState.get('/proj/long.txt')?.isPartialView).toBe(true);
  });

  it('cuts lines longer than 2,000 characters with a marker', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/min.js', `${'a'.repeat(2500)}\nshort\n`);
    const { text } = await h.run('Read', { file_path: '/proj/min.js' });
    expect(text).toBe(`1\t${'a'.repeat(2000)}… [line truncated: 2500 characters]\n2\tshort`);
  });

  it('warns inside <system-reminder> tags when the file is empty', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/empty.txt', '');
    const { text, outcome } = await h.run('Read', { file_path: '/proj/empty.txt' });
    expect(outcome.stage).toBe('success');
    expect(text).toBe('<system-reminder>Warning: /proj/empty.txt exists but is empty.</system-reminder>');
    expect(h.context.readFileState.get('/proj/empty.txt')).toMatchObject({ content: '', isPartialView: false });
  });

  it('warns when the offset is past the end of the file', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.txt', lines(3));
    const { text } = await h.run('Read', { file_path: '/proj/a.txt', offset: 9 });
    expect(text).toBe(
      '<system-reminder>Warning: /proj/a.txt has only 3 lines, fewer than the offset 9. Read from an earlier line.</system-reminder>',
    );
  });

  it('says a missing file does not exist, names the working directory and suggests similar names', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/src/app.ts', 'x');
    h.workspace.put('/proj/src/App.test.ts', 'x');
    h.workspace.put('/proj/src/zebra.ts', 'x');
    const { text, outcome } = await h.run('Read', { file_path: '/proj/src/app.js' });
    expect(outcome.stage).toBe('error');
    expect(text).toBe(
      '<tool_use_error>Error: File does not exist: /proj/src/app.js. Current working directory: /proj. Did you mean /proj/src/app.ts?</tool_use_error>',
    );
  });

  it('suggests nothing when no name in the folder is close', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/readme.md', 'x');
    const { text } = await h.run('Read', { file_path: '/proj/nothing/here.ts' });
    expect(text).toBe('<tool_use_error>Error: File does not exist: /proj/nothing/here.ts. Current working directory: /proj.</tool_use_error>');
  });

  it('refuses a directory and says how to list it', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/src/a.ts', 'x');
    const { text } = await h.run('Read', { file_path: '/proj/src' });
    expect(text).toBe('<tool_use_error>Error: /proj/src is a directory, not a file. List it with Glob or with ls in Bash.</tool_use_error>');
  });

  it('resolves a relative path against the working directory', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/src/app.ts', 'const a = 1;\n');
    const { text } = await h.run('Read', { file_path: 'src/app.ts' });
    expect(text).toBe('1\tconst a = 1;');
    expect(h.context.readFileState.has('/proj/src/app.ts')).toBe(true);
  });

  it('refuses a file over 256 KB with a hint, unless offset/limit or allow_large is given', async () => {
    const h = memoryHarness();
    const big = lines(30_000, (i) => `row ${i} ${'-'.repeat(3)}`); // ~ 360 KB
    h.workspace.put('/proj/big.log', big);
    const refused = await h.run('Read', { file_path: '/proj/big.log' });
    expect(refused.text).toBe(
      `<tool_use_error>Error: /proj/big.log is ${Math.round(big.length / 1024)} KB, over the 256 KB limit for reading a file whole. Read part of it with offset and limit, search it with Grep, or set allow_large to read it all.</tool_use_error>`,
    );
    expect(h.context.readFileState.has('/proj/big.log')).toBe(false);

    const windowed = await h.run('Read', { file_path: '/proj/big.log', offset: 29_999, limit: 5 });
    expect(windowed.text).toBe('29999\trow 29999 ---\n30000\trow 30000 ---');
    const whole = await h.run('Read', { file_path: '/proj/big.log', allow_large: true });
    expect(whole.text.split('\n')[0]).toBe('1\trow 1 ---');
    expect(whole.outcome.stage).toBe('success');
  });

  it('takes the size cap from the session when it sets one', async () => {
    const h = memoryHarness();
    h.context.fileReadingLimits = { maxSizeBytes: 1024 };
    h.workspace.put('/proj/a.txt', 'x'.repeat(2048));
    expect((await h.run('Read', { file_path: '/proj/a.txt' })).text).toContain('is 2 KB, over the 1 KB limit');
  });

  it('refuses a window over the session token limit', async () => {
    const h = memoryHarness();
    h.context.fileReadingLimits = { maxTokens: 10 };
    h.workspace.put('/proj/a.txt', lines(20)); // 201 characters rendered: about 51 tokens
    const { text } = await h.run('Read', { file_path: '/proj/a.txt' });
    expect(text).toBe(
      '<tool_use_error>Error: Lines 1-20 of /proj/a.txt come to about 51 tokens, over the 10-token limit for one read. Read fewer lines with offset and limit, or search the file with Grep.</tool_use_error>',
    );
  });

  it('refuses a binary file', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/app.bin', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0x41]));
    const { text } = await h.run('Read', { file_path: '/proj/app.bin' });
    expect(text).toBe(
      '<tool_use_error>Error: /proj/app.bin looks like a binary file (.bin); Read shows text, images, PDFs and notebooks only. Inspect it with a shell command instead.</tool_use_error>',
    );
  });

  it('reads UTF-16 text, whose bytes are full of NULs, as text', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/u16.txt', 'hé\r\nthere\r\n', { encoding: 'utf16le', bom: true });
    expect((await h.run('Read', { file_path: '/proj/u16.txt' })).text).toBe('1\thé\n2\tthere');
  });

  it('says so when the text comes from an editor buffer with unsaved changes', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'on disk\n');
    h.workspace.setDirtyBuffer('/proj/a.ts', 'in the editor\n');
    const { text } = await h.run('Read', { file_path: '/proj/a.ts' });
    expect(text).toBe(
      '1\tin the editor\n\n<system-reminder>This text comes from an open editor with unsaved changes; the file on disk differs.</system-reminder>',
    );
    expect(h.context.readFileState.get('/proj/a.ts')?.content).toBe('in the editor\n');
  });
});
