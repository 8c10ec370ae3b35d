import { describe, expect, it } from 'vitest';
import { findImports, resolveImport } from '../../../../extension/core/engines/memory/imports';

const specs = (text: string) => findImports(text).map((r) => `${r.line}:${r.spec}`);

describe('core/engines/memory/imports', () => {
  it('finds @paths at a line start or after whitespace, with their 1-based lines', () => {
    expect(specs('# Rules\n@docs/style.md\nSee @./api.md and @~/shared/team.md.\nAlso @/etc/rules.md')).toEqual([
      '2:docs/style.md',
      '3:./api.md',
      '3:~/shared/team.md',
      '4:/etc/rules.md',
    ]);
  });

  it('does not take e-mail addresses, handles or a bare @ as imports', () => {
    expect(specs('Mail alice@example.com or ping @alice; @ alone; @@twice')).toEqual([]);
  });

  it('ignores @paths inside inline code spans, including double-backtick spans', () => {
    expect(specs('Run `npm i @types/node` then ``x @a/b.md ` y`` and read @real.md')).toEqual(['1:real.md']);
  });

  it('ignores @paths inside fenced code blocks, backtick and tilde fences alike, and resumes after them', () => {
    const text = ['```sh', '@inside/one.md', '```', '~~~~', '@inside/two.md', '~~~', 'still inside @x/y.md', '~~~~', '@after.md'].join('\n');
    expect(specs(text)).toEqual(['9:after.md']);
  });

  it('unescapes spaces and drops a #fragment and trailing punctuation', () => {
    expect(specs('Read @my\\ notes/today.md, then @guide.md#setup.')).toEqual(['1:my notes/today.md', '1:guide.md']);
  });

  it('resolves relative to the importing file, ~/ to the home folder, and keeps absolute paths', () => {
    expect(resolveImport('docs/a.md', '/w/app/CLAUDE.md', '/home/u')).toBe('/w/app/docs/a.md');
    expect(resolveImport('../b.md', '/w/app/docs/a.md', '/home/u')).toBe('/w/app/b.md');
    expect(resolveImport('~/x/c.md', '/w/app/CLAUDE.md', '/home/u')).toBe('/home/u/x/c.md');
    expect(resolveImport('/etc/d.md', '/w/app/CLAUDE.md', '/home/u')).toBe('/etc/d.md');
  });
});
