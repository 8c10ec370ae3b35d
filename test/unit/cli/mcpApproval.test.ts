/**
 * The CLI's approval of `.mcp.json` servers by Claude Code's settings keys (cli/mcpApproval.ts): the port with
 * the manager and the repo's stdio test server, and the CLI run end to end against the fake API — a server
 * `enableAllProjectMcpServers` approves is started and its tool called; one `disabledMcpjsonServers` lists is not.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliMcpApproval } from '../../../extension/cli/mcpApproval';
import { McpManager } from '../../../extension/core/engines/mcp/manager';
import type { McpServerEntry } from '../../../extension/core/contracts/mcp';
import { LazyMcpConnector } from '../../../extension/host/node/mcp/lazyConnector';
import type { FakeAnthropic } from '../../fixtures/fake-anthropic';
import { cliEnv, runCli, useCliFake } from './cliHarness';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const SERVER = { command: process.execPath, args: ['--import', TSX, path.join(ROOT, 'test/fixtures/mcp/stdioServer.ts')] };

const managers: McpManager[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.dispose();
});

/** A folder with `.mcp.json` serving `echo`, and `settings` as its `.claude/settings.local.json`. */
function project(settings: Record<string, unknown>, cwd = mkdtempSync(path.join(tmpdir(), 'cw-ws-'))): string {
  writeFileSync(path.join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { echo: SERVER } }));
  mkdirSync(path.join(cwd, '.claude'), { recursive: true });
  writeFileSync(path.join(cwd, '.claude', 'settings.local.json'), JSON.stringify(settings));
  return cwd;
}

const entry = (cwd: string): McpServerEntry => ({ name: 'echo', scope: 'project', path: path.join(cwd, '.mcp.json'), config: { type: 'stdio', ...SERVER, env: {} } });

describe('cli/mcpApproval', { timeout: 30_000 }, () => {
  const home = mkdtempSync(path.join(tmpdir(), 'cw-home-'));
  const env = { CLAUDE_CONFIG_DIR: path.join(home, '.claude') };

  it('starts a .mcp.json server the local settings approve, and its tool answers', async () => {
    const cwd = project({ enableAllProjectMcpServers: true });
    const warnings: string[] = [];
    const m = new McpManager({ connector: new LazyMcpConnector({ cwd }), approval: cliMcpApproval({ cwd, env, home }, (l) => void warnings.push(l)) });
    managers.push(m);
    m.setServers([entry(cwd)]);
    await vi.waitFor(() => expect(m.servers()[0]?.status).toEqual({ state: 'connected' }), { timeout: 20_000 });
    expect(await m.callTool('echo', 'echo', { text: 'approved' })).toEqual({ content: [{ type: 'text', text: 'approved' }] });
    expect(warnings).toEqual([]);
  });

  it('does not start one the settings disable, naming the file, nor one they do not mention, saying how to approve it', async () => {
    const denied = project({ enableAllProjectMcpServers: true, disabledMcpjsonServers: ['echo'] });
    const silent = project({ permissions: { allow: [] } });
    const warnings: string[] = [];
    for (const cwd of [denied, silent]) expect(await cliMcpApproval({ cwd, env, home }, (l) => void warnings.push(l)).approve(entry(cwd))).toBe(false);
    expect(warnings).toEqual([
      `MCP server "echo" from ${path.join(denied, '.mcp.json')} not started: disabledMcpjsonServers in ${path.join(denied, '.claude', 'settings.local.json')} lists it.`,
      `MCP server "echo" from ${path.join(silent, '.mcp.json')} not started: project servers need approval; approve it with \`codewright mcp approve echo\` (adds it to enabledMcpjsonServers in .claude/settings.local.json), set "enableAllProjectMcpServers": true there, or pass the file with --mcp-config.`,
    ]);
  });

  it('reads the user settings from CLAUDE_CONFIG_DIR, and only the files --setting-sources names', async () => {
    const cwd = project({});
    mkdirSync(env.CLAUDE_CONFIG_DIR, { recursive: true });
    writeFileSync(path.join(env.CLAUDE_CONFIG_DIR, 'settings.json'), JSON.stringify({ enabledMcpjsonServers: ['echo'] }));
    expect(await cliMcpApproval({ cwd, env, home }, () => {}).approve(entry(cwd))).toBe(true);
    expect(await cliMcpApproval({ cwd, env, home, sources: ['project', 'local'] }, () => {}).approve(entry(cwd))).toBe(false);
  });
});

const lastMessage = (fake: FakeAnthropic) => JSON.stringify((fake.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages?.at(-1) ?? '');
const offeredTools = (fake: FakeAnthropic, at: number) => JSON.stringify((fake.requests.at(at)?.body as { tools?: unknown[] } | undefined)?.tools ?? []);

describe('cli: .mcp.json servers approved by the settings', { timeout: 60_000 }, () => {
  const fake = useCliFake();
  const tool = 'mcp__echo__echo';

  it('starts the .mcp.json server enableAllProjectMcpServers approves, and the model calls its tool', async () => {
    const w = cliEnv(fake.url);
    project({ enableAllProjectMcpServers: true }, w.cwd);
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_echo', name: tool, input: { text: 'hello from .mcp.json' } }] },
      { content: [{ type: 'text', text: 'Echoed.' }], expect: { toolResultIds: ['toolu_echo'] } },
    ]);
    const run = await runCli(['-p', 'echo it', '--allowedTools', tool], { cwd: w.cwd, env: { ...w.env, HOME: w.home } });
    expect(run.stderr).not.toContain('MCP server');
    expect(run.stdout.trim()).toBe('Echoed.');
    expect(offeredTools(fake, -2)).toContain(tool);
    expect(lastMessage(fake)).toContain('hello from .mcp.json');
    expect(lastMessage(fake)).not.toContain('"is_error":true');
  });

  it('does not start it when disabledMcpjsonServers lists it, and says so on stderr', async () => {
    const w = cliEnv(fake.url);
    project({ enableAllProjectMcpServers: true, disabledMcpjsonServers: ['echo'] }, w.cwd);
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_echo', name: tool, input: { text: 'nobody hears this' } }] },
      { content: [{ type: 'text', text: 'No server.' }], expect: { toolResultIds: ['toolu_echo'] } },
    ]);
    const run = await runCli(['-p', 'echo it', '--allowedTools', tool], { cwd: w.cwd, env: { ...w.env, HOME: w.home } });
    expect(run.stderr).toContain(`MCP server "echo" from ${path.join(w.cwd, '.mcp.json')} not started: disabledMcpjsonServers in ${path.join(w.cwd, '.claude', 'settings.local.json')} lists it.`);
    expect(run.stdout.trim()).toBe('No server.');
    expect(offeredTools(fake, -2)).not.toContain(tool);
    expect(lastMessage(fake)).toContain('"is_error":true');
    expect(lastMessage(fake)).not.toContain('nobody hears this"}]');
  });
});
