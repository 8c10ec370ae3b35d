/**
 * The files `codewright mcp add|remove` write, per scope where Claude Code writes them, read back by the loader
 * the CLI and VS Code use (core/engines/mcp/config.ts).
 */
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMcpConfig } from '../../../../../extension/core/engines/mcp/config';
import { addScopeServer, loadScopeServers, readScopeServers, removeScopeServer } from '../../../../../extension/host/node/mcp/configFiles';

function places() {
  return { homeDir: mkdtempSync(path.join(tmpdir(), 'cw-home-')), cwd: mkdtempSync(path.join(tmpdir(), 'cw-ws-')) };
}
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('host/node/mcp/configFiles', () => {
  it('writes local, project and user servers where Claude Code does, keeping the other keys, and the loader reads all three', async () => {
    const p = places();
    const claudeJson = path.join(p.homeDir, '.claude.json');
    writeFileSync(claudeJson, JSON.stringify({ numStartups: 7, projects: { [p.cwd]: { allowedTools: ['Read'] }, '/other': { mcpServers: { o: { command: 'o' } } } } }));
    chmodSync(claudeJson, 0o600);
    await addScopeServer('local', p, 'loc', { type: 'stdio', command: 'node', args: ['l.js'], env: {} });
    await addScopeServer('user', p, 'usr', { type: 'http', url: 'https://u.example/mcp' });
    await addScopeServer('project', p, 'prj', { type: 'stdio', command: 'npx', args: ['-y', 'p'], env: { K: '${K:-d}' } });

    expect(json(claudeJson)).toEqual({
      numStartups: 7,
      projects: { [p.cwd]: { allowedTools: ['Read'], mcpServers: { loc: { type: 'stdio', command: 'node', args: ['l.js'], env: {} } } }, '/other': { mcpServers: { o: { command: 'o' } } } },
      mcpServers: { usr: { type: 'http', url: 'https://u.example/mcp' } },
    });
    expect(statSync(claudeJson).mode & 0o777).toBe(0o600);
    expect(json(path.join(p.cwd, '.mcp.json'))).toEqual({ mcpServers: { prj: { type: 'stdio', command: 'npx', args: ['-y', 'p'], env: { K: '${K:-d}' } } } });

    const loaded = await loadMcpConfig({ homeDir: p.homeDir, workspaceRoot: p.cwd, readFile: (f) => readFile(f, 'utf8').catch(() => undefined), env: {} });
    expect(loaded.problems).toEqual([]);
    expect(loaded.entries.map((e) => [e.name, e.scope]).sort()).toEqual([
      ['loc', 'user'],
      ['prj', 'project'],
      ['usr', 'user'],
    ]);
    expect((await loadScopeServers('project', p, {})).entries[0]?.config).toEqual({ type: 'stdio', command: 'npx', args: ['-y', 'p'], env: { K: 'd' } });
  });

  it('refuses a name the scope already has, and removes a server from its scope only', async () => {
    const p = places();
    await addScopeServer('local', p, 'dup', { command: 'a' });
    await addScopeServer('user', p, 'dup', { command: 'b' });
    await expect(addScopeServer('local', p, 'dup', { command: 'c' })).rejects.toThrow('MCP server dup already exists in local config');
    await removeScopeServer('local', p, 'dup');
    expect(await readScopeServers('local', p)).toEqual({});
    expect(await readScopeServers('user', p)).toEqual({ dup: { command: 'b' } });
    await expect(removeScopeServer('project', p, 'dup')).rejects.toThrow('No project MCP server found with name: dup');
  });

  it('leaves a ~/.claude.json that is not valid JSON alone and says which file', async () => {
    const p = places();
    writeFileSync(path.join(p.homeDir, '.claude.json'), '{"projects": {');
    await expect(addScopeServer('user', p, 'x', { command: 'x' })).rejects.toThrow(/\.claude\.json is not valid JSON/);
    expect(readFileSync(path.join(p.homeDir, '.claude.json'), 'utf8')).toBe('{"projects": {');
  });
});
