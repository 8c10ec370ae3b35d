import { describe, expect, it } from 'vitest';
import { findMatches, matchQuoteStyle, normalizeQuotes } from '../../../../extension/tools/shared/quotes';
import { memoryHarness } from '../shared/harness';

describe('tools/shared/quotes', () => {
  it('normalises curly single and double quotes to straight ones', () => {
    expect(normalizeQuotes('\u2018a\u2019 \u201Cb\u201D')).toBe('\'a\' "b"');
  });

  it('prefers exact matches and falls back to quote-normalised ones, reporting the file text', () => {
    expect(findMatches('say "hi"', 'say "hi"')).toEqual({ matches: [{ index: 0, text: 'say "hi"' }], viaQuotes: false });
    expect(findMatches('x say \u201Chi\u201D', 'say "hi"')).toEqual({ matches: [{ index: 2, text: 'say \u201Chi\u201D' }], viaQuotes: true });
    expect(findMatches('abc', 'x')).toEqual({ matches: [], viaQuotes: false });
  });

  it('curls straight quotes when the file uses curly ones, apostrophes included', () => {
    expect(matchQuoteStyle('He said "don\'t" and \'ok\'', '\u201Cx\u201D \u2018y\u2019')).toBe(
      'He said \u201Cdon\u2019t\u201D and \u2018ok\u2019',
    );
  });

  it('straightens curly quotes when the file uses straight ones', () => {
    expect(matchQuoteStyle('\u201Ca\u201D \u2018b\u2019', '"x" \'y\'')).toBe('"a" \'b\'');
  });

  it('takes a kind missing from the match from the rest of the file, else from the other kind', () => {
    expect(matchQuoteStyle("it's", '"x"', 'it\u2019s "x"')).toBe('it\u2019s');
    expect(matchQuoteStyle("it's", '\u201Cx\u201D', '\u201Cx\u201D')).toBe('it\u2019s');
    expect(matchQuoteStyle('\u201Ca\u201D', 'no quotes', 'no quotes')).toBe('\u201Ca\u201D');
  });
});

describe('tools/Edit quote normalisation', () => {
  it('finds straight-quoted old_string in a curly-quoted file and writes new_string curly', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.md', 'She said \u201Chello\u201D and left.\n');
    await h.run('Read', { file_path: '/proj/doc.md' });
    const { outcome } = await h.run('Edit', { file_path: '/proj/doc.md', old_string: 'said "hello"', new_string: 'said "it\'s late"' });
    expect(outcome.stage).toBe('success');
    expect(h.workspace.raw('/proj/doc.md')).toBe('She said \u201Cit\u2019s late\u201D and left.\n');
  });

  it('finds curly-quoted old_string in a straight-quoted file and writes new_string straight', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', "const s = 'hi';\n");
    await h.run('Read', { file_path: '/proj/a.ts' });
    await h.run('Edit', { file_path: '/proj/a.ts', old_string: 'const s = \u2018hi\u2019', new_string: 'const s = \u2018bye\u2019' });
    expect(h.workspace.raw('/proj/a.ts')).toBe("const s = 'bye';\n");
  });

  it('styles each occurrence like its own text with replace_all', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/m.txt', '\u201Cq\u201D and \u201Cq\u201D\n');
    await h.run('Read', { file_path: '/proj/m.txt' });
    const { text } = await h.run('Edit', { file_path: '/proj/m.txt', old_string: '"q"', new_string: '"r"', replace_all: true });
    expect(text).toBe('The file /proj/m.txt has been updated. Replaced 2 occurrences.\n1\t\u201Cr\u201D and \u201Cr\u201D');
  });

  it('refuses an edit that quote styling turns into no change', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/m.txt', 'it\u2019s\n');
    await h.run('Read', { file_path: '/proj/m.txt' });
    const { text } = await h.run('Edit', { file_path: '/proj/m.txt', old_string: "it's", new_string: 'it\u2019s' });
    expect(text).toBe('<tool_use_error>No changes to make: the replacement leaves the file exactly as it is.</tool_use_error>');
  });
});
