/** The approvals of .mcp.json servers on disk: which settings files count, and writing an answer into the local one. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readApprovalFiles, readMcpApprovalSettings, recordMcpjsonAnswer, resetMcpjsonChoices } from '../../../../../extension/host/node/mcp/approvalSettings';

function places() {
  const configDir = mkdtempSync(path.join(tmpdir(), 'cw-config-'));
  const workspaceRoot = mkdtempSync(path.join(tmpdir(), 'cw-ws-'));
  mkdirSync(path.join(workspaceRoot, '.claude'));
  const write = (file: string, value: unknown) => writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return {
    configDir,
    workspaceRoot,
    user: (v: unknown) => write(path.join(configDir, 'settings.json'), v),
    project: (v: unknown) => write(path.join(workspaceRoot, '.claude', 'settings.json'), v),
    local: (v: unknown) => write(path.join(workspaceRoot, '.claude', 'settings.local.json'), v),
    localFile: path.join(workspaceRoot, '.claude', 'settings.local.json'),
  };
}

describe('host/node/mcp/approvalSettings', () => {
  it('merges the user, project and local files, lists adding up and the local enable-all winning', async () => {
    const p = places();
    p.user({ enableAllProjectMcpServers: true, enabledMcpjsonServers: ['u'] });
    p.project({ disabledMcpjsonServers: ['x'] });
    p.local({ enableAllProjectMcpServers: false, enabledMcpjsonServers: ['l'] });
    expect(await readMcpApprovalSettings({ configDir: p.configDir, workspaceRoot: p.workspaceRoot, trusted: true })).toEqual({
      enableAllProjectMcpServers: false,
      enabledMcpjsonServers: ['u', 'l'],
      disabledMcpjsonServers: ['x'],
    });
  });

  it('reads only the user file in an untrusted folder, and only the sources --setting-sources names', async () => {
    const p = places();
    p.user({ enabledMcpjsonServers: ['u'] });
    p.local({ enableAllProjectMcpServers: true });
    expect(await readMcpApprovalSettings({ configDir: p.configDir, workspaceRoot: p.workspaceRoot, trusted: false })).toEqual({ enabledMcpjsonServers: ['u'] });
    expect(await readMcpApprovalSettings({ configDir: p.configDir, workspaceRoot: p.workspaceRoot, trusted: true, sources: ['local'] })).toEqual({ enableAllProjectMcpServers: true });
  });

  it('counts a file that is not valid JSON as saying nothing, and names each file it read', async () => {
    const p = places();
    p.project('{ "enableAllProjectMcpServers": true,');
    p.local({ disabledMcpjsonServers: ['d'] });
    const files = await readApprovalFiles({ configDir: p.configDir, workspaceRoot: p.workspaceRoot, trusted: true });
    expect(files.map((f) => [f.source, path.basename(f.file), f.settings])).toEqual([
      ['user', 'settings.json', {}],
      ['project', 'settings.json', {}],
      ['local', 'settings.local.json', { disabledMcpjsonServers: ['d'] }],
    ]);
  });

  it('writes an answer into settings.local.json, keeping every other key, with no temporary file left', async () => {
    const p = places();
    p.local({ permissions: { allow: ['Bash(ls)'] }, disabledMcpjsonServers: ['echo'] });
    expect(await recordMcpjsonAnswer(p.workspaceRoot, 'echo', true)).toBe(p.localFile);
    await recordMcpjsonAnswer(p.workspaceRoot, 'other', false);
    expect(JSON.parse(readFileSync(p.localFile, 'utf8'))).toEqual({ permissions: { allow: ['Bash(ls)'] }, enabledMcpjsonServers: ['echo'], disabledMcpjsonServers: ['other'] });
    expect(readFileSync(p.localFile, 'utf8').endsWith('}\n')).toBe(true);
    expect(readdirSync(path.join(p.workspaceRoot, '.claude'))).toEqual(['settings.local.json']);
  });

  it('creates .claude/settings.local.json when there is none, and resets the choices keeping the rest', async () => {
    const ws = mkdtempSync(path.join(tmpdir(), 'cw-ws-'));
    await Promise.all([recordMcpjsonAnswer(ws, 'a', true), recordMcpjsonAnswer(ws, 'b', true)]);
    const file = path.join(ws, '.claude', 'settings.local.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ enabledMcpjsonServers: ['a', 'b'] });
    writeFileSync(file, JSON.stringify({ model: 'opus', enableAllProjectMcpServers: true, enabledMcpjsonServers: ['a'] }));
    await resetMcpjsonChoices(ws);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ model: 'opus' });
  });

  it('refuses to write into a settings file that is not valid JSON, leaving it as it was', async () => {
    const p = places();
    p.local('{ "permissions": ');
    await expect(recordMcpjsonAnswer(p.workspaceRoot, 'echo', true)).rejects.toThrow(/settings\.local\.json is not valid JSON \(line 1/);
    expect(readFileSync(p.localFile, 'utf8')).toBe('{ "permissions": ');
  });
});
