import { describe, expect, it } from 'vitest';
import { parseOutputStyleFile } from '../../../extension/core/loop/query/outputStyleFile';
import { BUILTIN_OUTPUT_STYLES, findOutputStyle, mergeOutputStyles } from '../../../extension/core/loop/query/outputStyles';
import type { OutputStyle } from '../../../extension/core/contracts/outputStyles';

const user = (fileName: string, text: string) => parseOutputStyleFile(text, { path: `/home/u/.claude/output-styles/${fileName}`, fileName, source: 'user' });

describe('parseOutputStyleFile', () => {
  it('reads name, description and keep-coding-instructions from the front matter, the body as the prompt', () => {
    const r = user('x.md', '---\nname: Tutor\ndescription: Teaches as it goes\nkeep-coding-instructions: true\n---\n\n# Tutor\nExplain every step.\n');
    expect(r).toEqual({
      ok: true,
      style: { name: 'Tutor', description: 'Teaches as it goes', prompt: '# Tutor\nExplain every step.', keepCodingInstructions: true, source: 'user', path: '/home/u/.claude/output-styles/x.md' },
    });
  });

  it('names the style after its file, describes it by its first line and drops the coding instructions when the front matter says nothing', () => {
    const r = user('data-analyst.md', '## You analyse data\nAnswer with tables.');
    expect(r.ok && r.style).toMatchObject({ name: 'data-analyst', description: 'You analyse data', keepCodingInstructions: false, prompt: '## You analyse data\nAnswer with tables.' });
  });

  it("prefixes a plugin's style with the plugin's name", () => {
    const r = parseOutputStyleFile('Be terse.', { path: '/p/output-styles/terse.md', fileName: 'terse.md', source: 'plugin', namespace: 'tools' });
    expect(r.ok && [r.style.name, r.style.source]).toEqual(['tools:terse', 'plugin']);
  });

  it('reports a bad flag, an empty body, an unclosed front matter and the name "default" with their lines', () => {
    const problem = (text: string) => {
      const r = user('s.md', text);
      return !r.ok && { line: r.problem.line, message: r.problem.message, kind: r.problem.kind };
    };
    expect(problem('---\nname: S\nkeep-coding-instructions: yes\n---\nText')).toEqual({ kind: 'outputStyle', line: 3, message: '"keep-coding-instructions" must be true or false' });
    expect(problem('---\nname: S\n---\n\n')).toMatchObject({ line: 4, message: expect.stringContaining('no instructions') });
    expect(problem('---\nname: S\nText')).toMatchObject({ line: 1, message: expect.stringContaining('never closed') });
    expect(problem('---\nname: Default\n---\nText')).toMatchObject({ line: 2, message: expect.stringContaining('built-in style that changes nothing') });
  });
});

describe('built-in output styles', () => {
  it('are default, Explanatory and Learning; only default leaves the prompt alone', () => {
    expect(BUILTIN_OUTPUT_STYLES.map((s) => [s.name, s.prompt === '', s.keepCodingInstructions])).toEqual([
      ['default', true, true],
      ['Explanatory', false, true],
      ['Learning', false, true],
    ]);
    expect(findOutputStyle(BUILTIN_OUTPUT_STYLES, 'Learning')!.prompt).toContain('TODO(human)');
    expect(findOutputStyle(BUILTIN_OUTPUT_STYLES, 'Explanatory')!.prompt).toContain('Insight');
  });

  it('are found by name ignoring case, the exact name first', () => {
    const styles: OutputStyle[] = [...BUILTIN_OUTPUT_STYLES, { name: 'explanatory-lite', description: 'd', prompt: 'p', keepCodingInstructions: false, source: 'user' }];
    expect(findOutputStyle(styles, ' explanatory ')?.name).toBe('Explanatory');
    expect(findOutputStyle(styles, 'EXPLANATORY-LITE')?.name).toBe('explanatory-lite');
    expect(findOutputStyle(styles, 'nope')).toBeUndefined();
  });

  it('are replaced in place by a custom style of the same name, a later custom style winning', () => {
    const style = (name: string, source: OutputStyle['source']): OutputStyle => ({ name, description: source, prompt: source, keepCodingInstructions: false, source });
    const merged = mergeOutputStyles([style('mine', 'plugin'), style('explanatory', 'user'), style('mine', 'project')]);
    expect(merged.map((s) => [s.name, s.source])).toEqual([
      ['default', 'builtin'],
      ['explanatory', 'user'],
      ['Learning', 'builtin'],
      ['mine', 'project'],
    ]);
  });
});
