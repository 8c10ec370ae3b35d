import { describe, expect, it } from 'vitest';
import type { ConfigProblem } from '../../../extension/core/base/configProblems';
import type { OutputStyle } from '../../../extension/core/contracts/outputStyles';
import { createOutputStyles, type OutputStyleSources } from '../../../extension/core/loop/query/outputStyleState';

const style = (name: string, source: OutputStyle['source'] = 'user'): OutputStyle => ({ name, description: `${name} style`, prompt: `Be ${name}.`, keepCodingInstructions: false, source, path: `/s/${name}.md` });

/** The port over sources the test changes, recording saves and problems. */
function port(sources: OutputStyleSources, save?: (name: string) => Promise<string>) {
  const saved: string[] = [];
  const problems: (readonly ConfigProblem[])[] = [];
  let current = sources;
  const styles = createOutputStyles({
    load: async () => current,
    save: async (name) => {
      saved.push(name);
      return save ? save(name) : '/w/.claude/settings.local.json';
    },
    onProblems: (p) => void problems.push(p),
  });
  return { styles, saved, problems, change: (next: OutputStyleSources) => void (current = next) };
}

describe('createOutputStyles', () => {
  it('uses default when nothing is set, and the style the setting names otherwise (ignoring case)', async () => {
    expect((await port({ styles: [], problems: [] }).styles.current()).name).toBe('default');
    const { styles, problems } = port({ styles: [style('terse')], setting: { name: 'TERSE', path: '/w/.claude/settings.local.json' }, problems: [] });
    expect(await styles.current()).toEqual(style('terse'));
    expect(problems.at(-1)).toEqual([]);
  });

  it('reports an unknown name in the setting with its file and line, and falls back to default', async () => {
    const { styles, problems } = port({ styles: [], setting: { name: 'Fancy', path: '/w/.claude/settings.json', line: 3 }, problems: [] });
    expect((await styles.current()).name).toBe('default');
    expect(problems.at(-1)).toEqual([
      { kind: 'outputStyle', path: '/w/.claude/settings.json', line: 3, message: 'outputStyle: there is no output style named "Fancy" (there are: default, Explanatory, Learning); using default' },
    ]);
  });

  it('switches with set, saving the name, and keeps the choice over the setting for the session', async () => {
    const { styles, saved, change } = port({ styles: [style('terse')], setting: { name: 'terse', path: '/u/settings.json' }, problems: [] });
    expect(await styles.set('learning')).toEqual({ ok: true, style: expect.objectContaining({ name: 'Learning' }), savedTo: '/w/.claude/settings.local.json' });
    expect(saved).toEqual(['Learning']);
    change({ styles: [style('terse')], setting: { name: 'terse', path: '/u/settings.json' }, problems: [] });
    expect((await styles.current()).name).toBe('Learning');
  });

  it('refuses an unknown name, naming the styles there are, and changes nothing', async () => {
    const { styles, saved } = port({ styles: [style('tools:terse', 'plugin')], problems: [] });
    expect(await styles.set('fancy')).toEqual({ ok: false, error: 'There is no output style named "fancy". Available: default, Explanatory, Learning, tools:terse.' });
    expect(saved).toEqual([]);
    expect((await styles.current()).name).toBe('default');
  });

  it('still switches for the session when the settings file cannot be written', async () => {
    const { styles } = port({ styles: [], problems: [] }, async () => {
      throw new Error('settings.local.json is not valid JSON');
    });
    expect(await styles.set('Explanatory')).toMatchObject({ ok: true, saveError: 'settings.local.json is not valid JSON' });
    expect((await styles.current()).name).toBe('Explanatory');
  });

  it('reads the sources afresh each time, so a style file added mid-session can be chosen', async () => {
    const { styles, change, problems } = port({ styles: [], problems: [] });
    expect((await styles.read()).styles.map((s) => s.name)).toEqual(['default', 'Explanatory', 'Learning']);
    const skipped: ConfigProblem = { kind: 'outputStyle', path: '/s/bad.md', line: 2, message: 'bad' };
    change({ styles: [style('new')], problems: [skipped] });
    expect(await styles.set('new')).toMatchObject({ ok: true });
    expect(problems.at(-1)).toEqual([skipped]);
  });

  it('keeps the built-ins when the host cannot read, reporting why', async () => {
    const problems: (readonly ConfigProblem[])[] = [];
    const styles = createOutputStyles({ load: () => Promise.reject(new Error('EACCES')), onProblems: (p) => void problems.push(p) });
    expect((await styles.read()).styles).toHaveLength(3);
    expect(problems[0]?.[0]?.message).toBe('cannot be read (EACCES)');
  });
});
