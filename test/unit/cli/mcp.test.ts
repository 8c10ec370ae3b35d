import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('cli: what MCP servers use of the run', () => {
  const FEATURES = { command: process.execPath, args: ['--import', TSX, path.join(ROOT, 'test/fixtures/mcp/featuresServer.ts')] };
  const text = (r: { content: { type: string; text?: string }[] }) => r.content.map((b) => b.text ?? '').join('');

  it('gives servers the cwd and the --add-dir folders as roots, and their log lines to stderr under --verbose', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-roots-'));
    const extra = mkdtempSync(path.join(tmpdir(), 'cw-extra-'));
    const stderr = new PassThrough();
    let written = '';
    stderr.on('data', (d: Buffer) => (written += d.toString()));
    const config = JSON.stringify({ mcpServers: { features: FEATURES } });
    const manager = (await startCliMcp({ mcpConfigs: [config], 'strict-mcp-config': true, 'add-dir': [extra], verbose: true }, { cwd, homeDir: cwd, stderr }, () => {}))!;
    managers.push(manager);
    const { roots } = JSON.parse(text(await manager.callTool('features', 'roots', {}))) as { roots: { uri: string; name: string }[] };
    expect(roots).toEqual([
      { uri: pathToFileURL(cwd).href, name: path.basename(cwd) },
      { uri: pathToFileURL(extra).href, name: path.basename(extra) },
    ]);
    await manager.callTool('features', 'count', { to: 1 });
    await vi.waitFor(() => expect(written).toContain('[features] info: counter: counted to 1\n'));
    expect(written).not.toContain('debug');
  }, 30_000);

  it('keeps servers\' log lines off stderr without --verbose or --debug', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-quiet-'));
    const stderr = new PassThrough();
    let written = '';
    stderr.on('data', (d: Buffer) => (written += d.toString()));
    const config = JSON.stringify({ mcpServers: { features: FEATURES } });
    const manager = (await startCliMcp({ mcpConfigs: [config], 'strict-mcp-config': true }, { cwd, homeDir: cwd, stderr }, () => {}))!;
    managers.push(manager);
    expect(text(await manager.callTool('features', 'count', { to: 1 }))).toBe('counted to 1');
    // The log message came before the result on the same pipe: had it been written, it would be there now.
    expect(written).toBe('');
  }, 30_000);
});
