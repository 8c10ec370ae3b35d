import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigProblem } from '../../../extension/core/base/configProblems';
import type { OutputStyle } from '../../../extension/core/contracts/outputStyles';
import { nodeOutputStyles, readOutputStyleSources, type NodeOutputStylesOptions } from '../../../extension/host/node/outputStyles';

/** A config folder and a project folder holding these files (paths starting `config/` or `ws/`). */
function folders(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'cw-styles-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  mkdirSync(path.join(root, 'config'), { recursive: true });
  mkdirSync(path.join(root, 'ws'), { recursive: true });
  return { configDir: path.join(root, 'config'), workspaceRoot: path.join(root, 'ws') };
}

const STYLES = {
  'config/output-styles/mine.md': '---\ndescription: The user one\n---\nUser style.',
  'config/output-styles/notes.txt': 'not a style',
  'ws/.claude/output-styles/mine.md': '---\ndescription: The project one\nkeep-coding-instructions: true\n---\nProject style.',
  'ws/.claude/output-styles/team.md': 'Team style.',
};
const pluginStyle: OutputStyle = { name: 'tools:terse', description: 'Terse', prompt: 'Terse.', keepCodingInstructions: false, source: 'plugin' };
const settings = (outputStyle: unknown) => JSON.stringify({ permissions: { allow: ['Read'] }, outputStyle }, null, 2);

describe('host/node/outputStyles', () => {
  it("reads the plugins', the user's and the project's styles, the project's winning a name", async () => {
    const dirs = folders(STYLES);
    const port = nodeOutputStyles({ ...dirs, trusted: () => true, plugins: () => [pluginStyle] });
    const { styles } = await port.read();
    expect(styles.map((s) => [s.name, s.source, s.prompt])).toEqual([
      ['default', 'builtin', ''],
      ['Explanatory', 'builtin', expect.any(String)],
      ['Learning', 'builtin', expect.any(String)],
      ['tools:terse', 'plugin', 'Terse.'],
      ['mine', 'project', 'Project style.'],
      ['team', 'project', 'Team style.'],
    ]);
  });

  it('takes outputStyle from local over project over user, and --settings over them all', async () => {
    const files = { ...STYLES, 'config/settings.json': settings('Learning'), 'ws/.claude/settings.json': settings('team') };
    const base: NodeOutputStylesOptions = { ...folders(files), trusted: () => true };
    expect((await nodeOutputStyles(base).current()).name).toBe('team');
    writeFileSync(path.join(base.workspaceRoot!, '.claude/settings.local.json'), settings('explanatory'));
    expect((await nodeOutputStyles(base).current()).name).toBe('Explanatory');
    const flagged = nodeOutputStyles({ ...base, extraSettings: { path: '--settings', text: '{"outputStyle": "mine"}' } });
    expect(await flagged.current()).toMatchObject({ name: 'mine', source: 'project' });
    expect((await nodeOutputStyles({ ...base, sources: ['user'] }).current()).name).toBe('Learning');
  });

  it("ignores the project's styles and settings in an untrusted workspace", async () => {
    const dirs = folders({ ...STYLES, 'config/settings.json': settings('mine'), 'ws/.claude/settings.local.json': settings('team') });
    const untrusted = nodeOutputStyles({ ...dirs, trusted: () => false });
    expect(await untrusted.current()).toMatchObject({ name: 'mine', source: 'user', prompt: 'User style.' });
    expect((await untrusted.read()).styles.map((s) => s.name)).not.toContain('team');
  });

  it('reports an unknown name with its file and line, a setting that is not text, and a style file that does not parse', async () => {
    const dirs = folders({ 'config/output-styles/bad.md': '---\nkeep-coding-instructions: sometimes\n---\nX', 'config/settings.json': settings(7), 'ws/.claude/settings.local.json': settings('Fancy') });
    const problems: (readonly ConfigProblem[])[] = [];
    const port = nodeOutputStyles({ ...dirs, trusted: () => true, onProblems: (p) => void problems.push(p) });
    expect((await port.current()).name).toBe('default');
    expect(problems.at(-1)).toEqual([
      { kind: 'outputStyle', path: path.join(dirs.configDir, 'output-styles/bad.md'), line: 2, message: '"keep-coding-instructions" must be true or false' },
      { kind: 'settings', path: path.join(dirs.configDir, 'settings.json'), line: 7, message: 'outputStyle must be the name of an output style (text); ignored' },
      { kind: 'outputStyle', path: path.join(dirs.workspaceRoot, '.claude/settings.local.json'), line: 7, message: expect.stringMatching(/^outputStyle: there is no output style named "Fancy"/) },
    ]);
  });

  it('saves /output-style to the local settings, keeping every other key', async () => {
    const dirs = folders({ ...STYLES, 'ws/.claude/settings.local.json': settings('team') });
    const result = await nodeOutputStyles({ ...dirs, trusted: () => true }).set('MINE');
    const file = path.join(dirs.workspaceRoot, '.claude/settings.local.json');
    expect(result).toMatchObject({ ok: true, style: { name: 'mine' }, savedTo: file });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: ['Read'] }, outputStyle: 'mine' });
    expect((await readOutputStyleSources({ ...dirs, trusted: () => true })).setting).toMatchObject({ name: 'mine', path: file });
  });
});
