import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeConfigSettings, settingPath } from '../../../../extension/host/node/configSettings';

function folders() {
  const homeDir = mkdtempSync(path.join(tmpdir(), 'cw-config-home-'));
  const workspaceRoot = mkdtempSync(path.join(tmpdir(), 'cw-config-ws-'));
  mkdirSync(path.join(homeDir, '.claude'));
  mkdirSync(path.join(workspaceRoot, '.claude'));
  return { homeDir, workspaceRoot };
}

describe('host/node/configSettings', () => {
  it('reads the value of the settings file of highest precedence that sets it', async () => {
    const loc = folders();
    writeFileSync(path.join(loc.homeDir, '.claude', 'settings.json'), JSON.stringify({ model: 'user-model', codewright: { maxTokens: 100 } }));
    writeFileSync(path.join(loc.workspaceRoot, '.claude', 'settings.json'), JSON.stringify({ model: 'project-model', permissions: { defaultMode: 'plan' } }));
    const extra = path.join(loc.workspaceRoot, 'extra.json');
    writeFileSync(extra, JSON.stringify({ codewright: { diffReview: { focus: true } } }));
    const port = new NodeConfigSettings({ ...loc, extraFile: extra });
    expect(await port.get('model')).toBe('project-model');
    expect(await port.get('maxTokens')).toBe(100);
    expect(await port.get('permissions.defaultMode')).toBe('plan');
    expect(await port.get('diffReview.focus')).toBe(true);
    expect(await port.get('apiBaseUrl')).toBeUndefined();
  });

  it('writes to .claude/settings.local.json, keeping its other keys, and reads the change back', async () => {
    const loc = folders();
    const local = path.join(loc.workspaceRoot, '.claude', 'settings.local.json');
    writeFileSync(local, JSON.stringify({ permissions: { allow: ['Read'] } }));
    const port = new NodeConfigSettings(loc);
    await port.set('permissions.defaultMode', 'acceptEdits');
    await port.set('diffReview.open', 'active');
    expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({ permissions: { allow: ['Read'], defaultMode: 'acceptEdits' }, codewright: { diffReview: { open: 'active' } } });
    expect(await port.get('permissions.defaultMode')).toBe('acceptEdits');
    expect(port.target()).toBe(`local project settings (${path.join('.claude', 'settings.local.json')})`);
    expect(settingPath('model')).toEqual(['model']);
  });

  it('refuses to overwrite a settings file that is not valid JSON', async () => {
    const loc = folders();
    const local = path.join(loc.workspaceRoot, '.claude', 'settings.local.json');
    writeFileSync(local, '{ "model": ');
    const port = new NodeConfigSettings(loc);
    expect(await port.get('model')).toBeUndefined();
    await expect(port.set('model', 'x')).rejects.toThrow(/is not valid JSON \(line 1/);
    expect(readFileSync(local, 'utf8')).toBe('{ "model": ');
  });
});
