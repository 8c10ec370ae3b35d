import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../extension/cli/args';
import { startCliMcp } from '../../../extension/cli/mcp';
import type { McpManager } from '../../../extension/core/engines/mcp/manager';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const SERVER = { command: process.execPath, args: ['--import', TSX, path.join(ROOT, 'test/fixtures/mcp/stdioServer.ts')] };

const managers: McpManager[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.dispose();
});

describe('cli: --mcp-config and --strict-mcp-config', () => {
  it('takes --mcp-config more than once, files resolved, JSON kept as text', () => {
    const parsed = parseCliArgs(['-p', 'hi', '--mcp-config', 'servers.json', '--mcp-config', '{"mcpServers": {}}', '--strict-mcp-config']);
    expect(parsed.ok && parsed.options.mcpConfigs).toEqual([path.resolve('servers.json'), '{"mcpServers": {}}']);
    expect(parsed.ok && parsed.options['strict-mcp-config']).toBe(true);
    expect(parseCliArgs(['-p', 'hi', '--strict-mcp-config'])).toEqual({ ok: false, error: '--strict-mcp-config needs at least one --mcp-config' });
  });

  it('connects the --mcp-config servers before the turn and does not start .mcp.json servers nobody approved', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-mcp-'));
    const home = mkdtempSync(path.join(tmpdir(), 'cw-home-'));
    writeFileSync(path.join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { repo: SERVER } }));
    const warnings: string[] = [];
    const cli = JSON.stringify({ mcpServers: { fixture: SERVER, broken: { command: '${NOPE_NOT_SET}' } } });
    const manager = (await startCliMcp({ mcpConfigs: [cli], 'strict-mcp-config': false }, { cwd, homeDir: home }, (l) => warnings.push(l)))!;
    managers.push(manager);
    const states = Object.fromEntries(manager.servers().map((s) => [s.name, s.status.state]));
    expect(states).toEqual({ repo: 'disabled', fixture: 'connected' });
    expect(manager.servers().find((s) => s.name === 'fixture')?.tools.map((t) => t.name)).toContain('echo');
    expect(warnings.join('\n')).toMatch(/"repo" from .*\.mcp\.json not started/);
    expect(warnings.join('\n')).toMatch(/--mcp-config.*"broken" skipped.*NOPE_NOT_SET/);
  }, 30_000);

  it('loads only the --mcp-config servers with --strict-mcp-config', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-mcp-'));
    writeFileSync(path.join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { repo: SERVER } }));
    const file = path.join(cwd, 'only.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { only: SERVER } }));
    const manager = (await startCliMcp({ mcpConfigs: [file], 'strict-mcp-config': true }, { cwd, homeDir: cwd }, () => {}))!;
    managers.push(manager);
    expect(manager.servers().map((s) => [s.name, s.scope, s.status.state])).toEqual([['only', 'cli', 'connected']]);
  }, 30_000);
});
