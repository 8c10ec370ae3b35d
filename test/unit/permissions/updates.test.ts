import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getEmptyToolPermissionContext, type PermissionUpdate } from '../../../extension/core/contracts/permissions';
import { applyPermissionUpdate, applyPermissionUpdates, applyPermissionUpdateToSettings, createPermissionUpdateSink } from '../../../extension/core/engines/permissions/updates';
import { loadPermissionSettingsFromDisk, persistPermissionUpdate, persistPermissionUpdates } from '../../../extension/host/node/permissionSettings';
import { contextWith } from './support';

const allowNpmTest: PermissionUpdate = { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }], behavior: 'allow', destination: 'localSettings' };

describe('core/engines/permissions/updates: applyPermissionUpdate', () => {
  const empty = getEmptyToolPermissionContext();

  it('adds rules under their destination, without duplicates, leaving the input untouched', () => {
    const once = applyPermissionUpdate(empty, allowNpmTest);
    const twice = applyPermissionUpdate(once, { ...allowNpmTest, rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }, { toolName: 'Read' }] });
    expect(twice.alwaysAllowRules).toEqual({ localSettings: ['Bash(npm run test:*)', 'Read'] });
    expect(empty.alwaysAllowRules).toEqual({});
  });

  it('replaces and removes rules of one behaviour and destination only', () => {
    const ctx = { ...empty, alwaysDenyRules: { session: ['A', 'B'], userSettings: ['A'] } };
    expect(applyPermissionUpdate(ctx, { type: 'removeRules', rules: [{ toolName: 'A' }], behavior: 'deny', destination: 'session' }).alwaysDenyRules).toEqual({ session: ['B'], userSettings: ['A'] });
    expect(applyPermissionUpdate(ctx, { type: 'replaceRules', rules: [{ toolName: 'C' }], behavior: 'deny', destination: 'session' }).alwaysDenyRules).toEqual({ session: ['C'], userSettings: ['A'] });
  });

  it('sets the mode and adds and removes directories', () => {
    const next = applyPermissionUpdates(empty, [
      { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
      { type: 'addDirectories', directories: ['/a', '/b'], destination: 'session' },
      { type: 'removeDirectories', directories: ['/a'], destination: 'session' },
    ]);
    expect(next.mode).toBe('acceptEdits');
    expect([...next.additionalWorkingDirectories.values()]).toEqual([{ path: '/b', source: 'session' }]);
  });
});

describe('core/engines/permissions/updates: applyPermissionUpdateToSettings', () => {
  it('keeps every other key, de-duplicates, and keeps entries it does not understand', () => {
    const settings = { model: 'opus', env: { A: '1' }, permissions: { allow: ['Bash(npm run test:*)', 7], deny: ['X'] } };
    const next = applyPermissionUpdateToSettings(settings, { ...allowNpmTest, rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }, { toolName: 'Read' }] }, 'f');
    expect(next).toEqual({ model: 'opus', env: { A: '1' }, permissions: { allow: ['Bash(npm run test:*)', 'Read', 7], deny: ['X'] } });
    expect(settings.permissions.allow).toEqual(['Bash(npm run test:*)', 7]);
  });

  it('writes defaultMode and directories, and refuses a permissions block of the wrong shape', () => {
    expect(applyPermissionUpdateToSettings({}, { type: 'setMode', mode: 'plan', destination: 'localSettings' }, 'f')).toEqual({ permissions: { defaultMode: 'plan' } });
    expect(applyPermissionUpdateToSettings({ permissions: { additionalDirectories: ['/a'] } }, { type: 'addDirectories', directories: ['/a', '/b'], destination: 'localSettings' }, 'f')).toEqual({
      permissions: { additionalDirectories: ['/a', '/b'] },
    });
    expect(() => applyPermissionUpdateToSettings({ permissions: [] }, allowNpmTest, '/x/settings.json')).toThrow(/"permissions" in \/x\/settings.json is not an object/);
    expect(() => applyPermissionUpdateToSettings({ permissions: { allow: 'Read' } }, allowNpmTest, 'f')).toThrow(/not a list/);
  });
});

describe('core/engines/permissions/updates: createPermissionUpdateSink', () => {
  it('applies every update to the session at once and persists only those meant for files', async () => {
    const persisted: PermissionUpdate[][] = [];
    const sink = createPermissionUpdateSink(async (u) => persisted.push(u));
    const context = contextWith([]);
    const setMode: PermissionUpdate = { type: 'setMode', mode: 'acceptEdits', destination: 'session' };
    await sink([allowNpmTest, setMode], context);
    const ctx = context.getAppState().toolPermissionContext;
    expect(ctx.mode).toBe('acceptEdits');
    expect(ctx.alwaysAllowRules.localSettings).toEqual(['Bash(npm run test:*)']);
    expect(persisted).toEqual([[allowNpmTest]]);
  });
});

describe('host/node/permissionSettings: persistence', () => {
  const fresh = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cw-persist-'));
    return { homeDir: path.join(root, 'home'), workspaceRoot: path.join(root, 'ws') };
  };
  const localFile = (loc: { workspaceRoot: string }) => path.join(loc.workspaceRoot, '.claude', 'settings.local.json');

  it('creates .claude/settings.local.json with its folder, as 2-space JSON with a trailing newline', async () => {
    const loc = fresh();
    expect(await persistPermissionUpdate(allowNpmTest, loc)).toEqual([localFile(loc)]);
    expect(readFileSync(localFile(loc), 'utf8')).toBe('{\n  "permissions": {\n    "allow": [\n      "Bash(npm run test:*)"\n    ]\n  }\n}\n');
  });

  it('never clobbers other keys, de-duplicates, and leaves no temp files', async () => {
    const loc = fresh();
    mkdirSync(path.dirname(localFile(loc)), { recursive: true });
    writeFileSync(localFile(loc), JSON.stringify({ model: 'opus', hooks: { x: [1] }, permissions: { deny: ['Read(*.env)'], allow: ['Bash(npm run test:*)'] } }));
    await persistPermissionUpdates([allowNpmTest, { ...allowNpmTest, rules: [{ toolName: 'WebFetch', ruleContent: 'domain:x.com' }] }], loc);
    expect(JSON.parse(readFileSync(localFile(loc), 'utf8'))).toEqual({
      model: 'opus',
      hooks: { x: [1] },
      permissions: { deny: ['Read(*.env)'], allow: ['Bash(npm run test:*)', 'WebFetch(domain:x.com)'] },
    });
    expect(readdirSync(path.dirname(localFile(loc)))).toEqual(['settings.local.json']);
  });

  it('refuses to overwrite a broken file, naming it and the line', async () => {
    const loc = fresh();
    mkdirSync(path.dirname(localFile(loc)), { recursive: true });
    const broken = '{\n  "permissions": {\n    "allow": [,]\n  }\n}\n';
    writeFileSync(localFile(loc), broken);
    await expect(persistPermissionUpdate(allowNpmTest, loc)).rejects.toThrow(`${localFile(loc)} is not valid JSON (line 3`);
    expect(readFileSync(localFile(loc), 'utf8')).toBe(broken);
  });

  it('writes user and project destinations to their own files and skips session updates', async () => {
    const loc = fresh();
    const written = await persistPermissionUpdates(
      [
        { ...allowNpmTest, destination: 'userSettings' },
        { ...allowNpmTest, destination: 'projectSettings' },
        { ...allowNpmTest, destination: 'session' },
      ],
      loc,
    );
    expect(written).toEqual([path.join(loc.homeDir, '.claude', 'settings.json'), path.join(loc.workspaceRoot, '.claude', 'settings.json')]);
    expect(existsSync(localFile(loc))).toBe(false);
  });

  it('keeps both of two saves to the same file started together', async () => {
    const loc = fresh();
    await Promise.all([persistPermissionUpdate(allowNpmTest, loc), persistPermissionUpdate({ ...allowNpmTest, rules: [{ toolName: 'Read' }] }, loc)]);
    expect(JSON.parse(readFileSync(localFile(loc), 'utf8')).permissions.allow).toEqual(['Bash(npm run test:*)', 'Read']);
  });

  it('saves what loading reads back', async () => {
    const loc = fresh();
    await persistPermissionUpdates([allowNpmTest, { type: 'setMode', mode: 'acceptEdits', destination: 'localSettings' }], loc);
    const loaded = await loadPermissionSettingsFromDisk(loc);
    expect(loaded.errors).toEqual([]);
    expect(loaded.sources.localSettings).toMatchObject({ allow: ['Bash(npm run test:*)'], defaultMode: 'acceptEdits' });
  });
});
