import { describe, expect, it } from 'vitest';
import { FrontMatterError, frontBoolean, frontList, frontString, parseFrontMatter, type FrontMatter } from '../../../extension/core/base/text/frontMatter';

function ok(text: string): FrontMatter {
  const r = parseFrontMatter(text);
  if (!r.ok) throw new Error(`unexpected error on line ${r.line}: ${r.message}`);
  return r.value;
}

describe('core/base/text/frontMatter', () => {
  it('reads key: value pairs, quoted or not, and says where the body starts', () => {
    const fm = ok(`---\nname: review\ndescription: "Review: the diff"\nhint: 'it''s'\n---\nBody line\nmore`);
    expect(fm.present).toBe(true);
    expect(fm.data).toEqual({ name: 'review', description: 'Review: the diff', hint: "it's" });
    expect(fm.keyLines).toEqual({ name: 2, description: 3, hint: 4 });
    expect(fm.body).toBe('Body line\nmore');
    expect(fm.bodyLine).toBe(6);
  });

  it('treats a file without a --- block as all body', () => {
    const fm = ok('Just do it.\n');
    expect(fm).toEqual({ present: false, data: {}, keyLines: {}, raw: {}, body: 'Just do it.\n', bodyLine: 1 });
  });

  it('reads inline lists, - item lists and comma lists the same way', () => {
    const fm = ok('---\na: [Read, "Grep"]\nb:\n  - Read\n  - Grep\nc: Read, Grep\nd: Bash(git add:*), Read\n---\n');
    expect(frontList(fm, 'a')).toEqual(['Read', 'Grep']);
    expect(frontList(fm, 'b')).toEqual(['Read', 'Grep']);
    expect(frontList(fm, 'c')).toEqual(['Read', 'Grep']);
    expect(frontList(fm, 'd')).toEqual(['Bash(git add:*)', 'Read']);
    expect(frontList(fm, 'missing')).toBeUndefined();
  });

  it('reads unquoted true and false as booleans', () => {
    const fm = ok('---\ndisable-model-invocation: true\nother: "false"\nthird: no\n---\n');
    expect(frontBoolean(fm, 'disable-model-invocation')).toBe(true);
    expect(frontBoolean(fm, 'other')).toBe(false);
    expect(() => frontBoolean(fm, 'third')).toThrow(FrontMatterError);
    try {
      frontBoolean(fm, 'third');
    } catch (err) {
      expect((err as FrontMatterError).line).toBe(4);
    }
  });

  it('reads | and > blocks and indented continuation lines', () => {
    const fm = ok('---\nkeep: |\n  one\n  two\nfold: >\n  one\n  two\nlong: first part\n  second part\n---\nbody');
    expect(fm.data).toEqual({ keep: 'one\ntwo', fold: 'one two', long: 'first part second part' });
    expect(fm.body).toBe('body');
  });

  it('skips comments and nested mappings it does not read', () => {
    const fm = ok('---\n# a comment\nname: x # trailing\nmetadata:\n  owner: me\n  team: core\nafter: y\n---\n');
    expect(fm.data).toEqual({ name: 'x', after: 'y' });
  });

  it('reports a line that is not key: value with its 1-based line in the file', () => {
    expect(parseFrontMatter('---\nname: a\ndescription a thing\n---\nbody')).toEqual({
      ok: false,
      line: 3,
      message: 'expected "key: value", got "description a thing"',
    });
  });

  it('reports an unclosed block, a stray list item, an open quote and a repeated key with their lines', () => {
    expect(parseFrontMatter('---\nname: a\nbody')).toMatchObject({ ok: false, line: 1, message: expect.stringContaining('never closed') });
    expect(parseFrontMatter('---\nname: a\n- b\n---\n')).toMatchObject({ ok: false, line: 3, message: expect.stringContaining('"- item"') });
    expect(parseFrontMatter('---\n\nname: "a\n---\n')).toMatchObject({ ok: false, line: 3, message: expect.stringContaining('closing quote') });
    expect(parseFrontMatter('---\nname: a\nname: b\n---\n')).toMatchObject({ ok: false, line: 3, message: '"name" is set twice (first on line 2)' });
  });

  it('refuses a - item list where one value belongs, naming the key line', () => {
    const fm = ok('---\nx: 1\nname:\n  - a\n---\n');
    expect(() => frontString(fm, 'name')).toThrow('"name" must be a single value, not a list');
    expect(frontString(fm, 'x')).toBe('1');
  });

  it('keeps text that only looks like a list, as Claude Code hints are written', () => {
    const fm = ok('---\nargument-hint: [message]\nmulti: [pr-number] [priority]\n---\n');
    expect(frontString(fm, 'argument-hint')).toBe('[message]');
    expect(frontString(fm, 'multi')).toBe('[pr-number] [priority]');
  });

  it('accepts CRLF line endings and a byte order mark', () => {
    const fm = ok('\uFEFF---\r\nname: a\r\n---\r\nbody\r\n');
    expect(fm.data).toEqual({ name: 'a' });
    expect(fm.bodyLine).toBe(4);
  });
});
