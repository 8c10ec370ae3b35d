import { describe, expect, it } from 'vitest';
import { lineAt, parseJsonWithPositions } from '../../../extension/core/base/text/jsonPositions';
import {
  defaultModeFromSettings,
  initialPermissionContext,
  loadPermissionSettings,
  withPermissionSettings,
} from '../../../extension/core/engines/permissions/settings';
import { parsePermissionSettingsText } from '../../../extension/core/engines/permissions/settingsSchema';
import { getEmptyToolPermissionContext } from '../../../extension/core/contracts/permissions';

const where = { source: 'projectSettings' as const, path: '/ws/.claude/settings.json' };

describe('core/base/text/jsonPositions', () => {
  it('parses what JSON.parse parses, remembering where keys and entries are', () => {
    const text = '\uFEFF{\n  "a": [1, "x\\n", true, null],\n  "b": {"c": -1.5e3}\n}\n';
    const json = parseJsonWithPositions(text);
    expect(json.value).toEqual(JSON.parse(text.slice(1)));
    expect(lineAt(text, json.offsetOf(['a'])!)).toBe(2);
    expect(lineAt(text, json.offsetOf(['b', 'c'])!)).toBe(3);
    expect(text.slice(json.offsetOf(['a', 1])!, json.offsetOf(['a', 1])! + 3)).toBe('"x\\');
  });

  it.each([
    ['{\n  "a": 1,\n}', 3, /Expected a string/],
    ['{\n  "a": 1\n  "b": 2\n}', 3, /Expected ',' or '}'/],
    ['{"a": [1, 2}', 1, /Expected ',' or ']'/],
    ['{\n\n  "a": tru\n}', 3, /Expected a value/],
    ['{"a": "unterminated\n}', 1, /Unterminated/],
    ['{} {}', 1, /Unexpected text/],
    ['{\n  "a": 1', 2, /the end of the file/],
  ])('reports the line of a syntax error in %j', (text, line, message) => {
    let caught: unknown;
    try {
      parseJsonWithPositions(text);
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ name: 'JsonSyntaxError', message: expect.stringMatching(message) });
    expect(lineAt(text, (caught as { offset: number }).offset)).toBe(line);
  });
});

describe('core/engines/permissions/settingsSchema', () => {
  it('reads the permissions block and ignores other keys', () => {
    const text = JSON.stringify({
      model: 'x',
      permissions: { allow: ['Bash(npm run test:*)', 'Read'], deny: ['Read(*.env)'], ask: ['Bash(git push:*)'], defaultMode: 'acceptEdits', additionalDirectories: ['../lib'] },
    });
    expect(parsePermissionSettingsText(text, where)).toEqual({
      settings: { allow: ['Bash(npm run test:*)', 'Read'], deny: ['Read(*.env)'], ask: ['Bash(git push:*)'], defaultMode: 'acceptEdits', additionalDirectories: ['../lib'] },
      errors: [],
    });
  });

  it('skips only the bad entry of a list, reporting its line', () => {
    const text = '{\n  "permissions": {\n    "allow": [\n      "Read",\n      42,\n      "Bash(unclosed",\n      "Edit(docs/**)"\n    ]\n  }\n}\n';
    const { settings, errors } = parsePermissionSettingsText(text, where);
    expect(settings.allow).toEqual(['Read', 'Edit(docs/**)']);
    expect(errors).toEqual([
      { source: 'projectSettings', path: where.path, line: 5, message: expect.stringMatching(/^permissions\.allow\[1\]: .*expected string/) },
      { source: 'projectSettings', path: where.path, line: 6, message: expect.stringMatching(/^permissions\.allow\[2\]: not a rule/) },
    ]);
  });

  it('skips a field of the wrong shape and keeps the others', () => {
    const text = '{\n  "permissions": {\n    "deny": "Bash",\n    "allow": ["Read"],\n    "defaultMode": "yolo"\n  }\n}';
    const { settings, errors } = parsePermissionSettingsText(text, where);
    expect(settings).toEqual({ allow: ['Read'], deny: [], ask: [], additionalDirectories: [] });
    expect(errors.map((e) => [e.line, e.message.split(':')[0]])).toEqual([
      [3, 'permissions.deny'],
      [5, 'permissions.defaultMode'],
    ]);
  });

  it('ignores a file that is not JSON, or not an object, with one error naming the line', () => {
    const broken = parsePermissionSettingsText('{\n  "permissions": {\n    "allow": ["Read",]\n  }\n}', where);
    expect(broken.settings).toEqual({ allow: [], deny: [], ask: [], additionalDirectories: [] });
    expect(broken.errors).toEqual([{ source: 'projectSettings', path: where.path, line: 3, message: expect.stringContaining('not valid JSON') }]);
    expect(parsePermissionSettingsText('[1]', where).errors).toHaveLength(1);
    expect(parsePermissionSettingsText('{"permissions": 3}', where).errors[0]).toMatchObject({ line: 1, message: expect.stringMatching(/^permissions: /) });
    expect(parsePermissionSettingsText('  \n', where)).toEqual({ settings: { allow: [], deny: [], ask: [], additionalDirectories: [] }, errors: [] });
  });
});

describe('core/engines/permissions/settings', () => {
  const files: Record<string, string> = {
    '/home/me/.claude/settings.json': JSON.stringify({ permissions: { allow: ['Read'], defaultMode: 'plan', additionalDirectories: ['~/notes'] } }),
    '/ws/.claude/settings.json': '{\n  "permissions": {\n    "deny": ["Bash(rm:*)"],\n    "defaultMode": "bypassPermissions"\n  }\n}',
    '/ws/.claude/settings.local.json': '{ "permissions": { "allow": ["Bash(npm test)"], "additionalDirectories": ["../lib"] ',
  };
  const readFile = async (p: string) => files[p];

  it('loads every source, reports broken files with path and line, and loads the rest', async () => {
    const loaded = await loadPermissionSettings({
      homeDir: '/home/me',
      workspaceRoot: '/ws',
      readFile,
      vscode: { settings: { allow: [], deny: ['WebFetch'], ask: [], additionalDirectories: [] }, errors: [] },
    });
    expect(loaded.sources.userSettings).toMatchObject({ allow: ['Read'], additionalDirectories: ['/home/me/notes'] });
    expect(loaded.sources.projectSettings).toMatchObject({ deny: ['Bash(rm:*)'] });
    expect(loaded.sources.projectSettings?.defaultMode).toBeUndefined();
    expect(loaded.sources.localSettings).toEqual({ allow: [], deny: [], ask: [], additionalDirectories: [] });
    expect(loaded.sources.vscodeSettings?.deny).toEqual(['WebFetch']);
    expect(loaded.errors).toEqual([
      { source: 'projectSettings', path: '/ws/.claude/settings.json', line: 4, message: expect.stringContaining('bypassPermissions cannot be set in the shared project settings') },
      { source: 'localSettings', path: '/ws/.claude/settings.local.json', line: 1, message: expect.stringContaining('not valid JSON') },
    ]);
    expect(defaultModeFromSettings(loaded)).toBe('plan');
  });

  it('reports a file that cannot be read and goes on', async () => {
    const loaded = await loadPermissionSettings({
      homeDir: '/home/me',
      workspaceRoot: '/ws',
      readFile: async (p) => {
        if (p.startsWith('/home')) throw new Error('EACCES: permission denied');
        return files[p];
      },
    });
    expect(loaded.errors[0]).toEqual({ source: 'userSettings', path: '/home/me/.claude/settings.json', line: 0, message: 'cannot be read: EACCES: permission denied' });
    expect(loaded.sources.projectSettings?.deny).toEqual(['Bash(rm:*)']);
  });

  it('builds the starting context: explicit mode first, then the highest defaultMode, cliArg rules kept apart', async () => {
    const loaded = await loadPermissionSettings({ homeDir: '/home/me', workspaceRoot: '/ws', readFile });
    const ctx = initialPermissionContext(loaded, { cliArg: { allow: ['Write'] }, additionalDirectories: ['/extra'] });
    expect(ctx.mode).toBe('plan');
    expect(ctx.alwaysAllowRules).toEqual({ cliArg: ['Write'], userSettings: ['Read'] });
    expect(ctx.alwaysDenyRules).toEqual({ projectSettings: ['Bash(rm:*)'] });
    expect([...ctx.additionalWorkingDirectories.values()]).toEqual([
      { path: '/extra', source: 'cliArg' },
      { path: '/home/me/notes', source: 'userSettings' },
    ]);
    expect(initialPermissionContext(loaded, { mode: 'acceptEdits' }).mode).toBe('acceptEdits');
    expect(initialPermissionContext({ sources: {}, errors: [] }).mode).toBe('default');
  });

  it('replaces only the settings sources on reload, keeping session rules, session directories and the mode', () => {
    const ctx = {
      ...getEmptyToolPermissionContext(),
      mode: 'acceptEdits' as const,
      alwaysAllowRules: { session: ['Bash(ls)'], localSettings: ['Old'] },
      additionalWorkingDirectories: new Map([
        ['/s', { path: '/s', source: 'session' as const }],
        ['/old', { path: '/old', source: 'userSettings' as const }],
      ]),
    };
    const next = withPermissionSettings(ctx, { sources: { localSettings: { allow: ['New'], deny: [], ask: [], additionalDirectories: ['/new'] } }, errors: [] });
    expect(next.mode).toBe('acceptEdits');
    expect(next.alwaysAllowRules).toEqual({ session: ['Bash(ls)'], localSettings: ['New'] });
    expect([...next.additionalWorkingDirectories.keys()]).toEqual(['/s', '/new']);
  });
});
