/**
 * The CLI's OAuth of remote MCP servers against the repo's loopback authorization server
 * (test/fixtures/mcp/authServer.ts): the run signs in through $BROWSER (the conformance suite's browser
 * script, which follows the redirect to the CLI's loopback), later runs reuse the stored tokens, and where no
 * browser can be opened the server is reported with the command that signs in.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCliMcp } from '../../../extension/cli/mcp';
import { canSignIn, cliOAuthFile, cliSignIn, cliSignOut, signInCommand } from '../../../extension/cli/mcpOAuth';
import type { McpServerEntry } from '../../../extension/core/contracts/mcp';
import type { McpManager } from '../../../extension/core/engines/mcp/manager';
import { type AuthServer, startAuthServer } from '../../fixtures/mcp/authServer';

const BROWSER = `"${process.execPath}" "${path.resolve(__dirname, '../../conformance/browser.mjs')}"`;

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const c of cleanup.splice(0)) await c();
});

async function server(): Promise<AuthServer> {
  const s = await startAuthServer();
  cleanup.push(() => s.close());
  return s;
}

/** A scratch home for the run, and the environment: $BROWSER as given, no display, no metadata document. */
function home(browser: string | undefined): { homeDir: string; cwd: string } {
  const homeDir = mkdtempSync(path.join(tmpdir(), 'cw-cli-oauth-'));
  vi.stubEnv('CODEWRIGHT_HOME', path.join(homeDir, '.codewright'));
  vi.stubEnv('BROWSER', browser ?? '');
  vi.stubEnv('DISPLAY', '');
  vi.stubEnv('WAYLAND_DISPLAY', '');
  vi.stubEnv('CODEWRIGHT_MCP_CLIENT_METADATA_URL', '');
  return { homeDir, cwd: homeDir };
}

async function run(url: string, where: { homeDir: string; cwd: string }): Promise<{ manager: McpManager; lines: string[] }> {
  const lines: string[] = [];
  const config = JSON.stringify({ mcpServers: { remote: { type: 'http', url } } });
  const manager = (await startCliMcp({ mcpConfigs: [config], 'strict-mcp-config': true }, where, (l) => lines.push(l)))!;
  cleanup.push(() => manager.dispose());
  return { manager, lines };
}

describe('cli/mcpOAuth', () => {
  it('signs in during the run through $BROWSER, printing the URL, and a later run reuses the stored tokens', async () => {
    const s = await server();
    const where = home(BROWSER);
    const first = await run(s.url, where);
    expect(first.manager.servers()[0]?.status).toEqual({ state: 'connected' });
    expect(first.lines.join('\n')).toMatch(/Sign in to the MCP server "remote" in your browser: http:\/\/127\.0\.0\.1:\d+\/authorize\?\S*code_challenge=/);
    expect((await first.manager.callTool('remote', 'whoami', {})).content[0]).toMatchObject({ text: expect.stringMatching(/^client /) });
    const file = cliOAuthFile(process.env, where.homeDir);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/"codewright\.mcp\.oauth\/remote\/http:\/\/127\.0\.0\.1:\d+\/mcp"/);

    vi.stubEnv('BROWSER', '');
    const second = await run(s.url, where);
    expect(second.manager.servers()[0]?.status).toEqual({ state: 'connected' });
    expect(second.lines).toEqual([]);
    expect(s.stats).toMatchObject({ registrations: 1, authorizations: 1 });
  }, 60_000);

  it('reports a server that wants a sign-in, with the command that does it, when no browser can be opened', async () => {
    const s = await server();
    const { lines, manager } = await run(s.url, home(undefined));
    expect(manager.servers()[0]?.status.state).toBe('needsAuth');
    expect(lines).toEqual(['MCP server "remote" needs you to sign in (OAuth): run `codewright mcp login remote`, then start this run again.']);
    expect(s.stats).toMatchObject({ registrations: 0, authorizations: 0 });
  }, 30_000);

  it('signs in with cliSignIn (codewright mcp login), then needs no browser, and cliSignOut forgets the sign-in', async () => {
    const s = await server();
    const where = home(BROWSER);
    const entry: McpServerEntry = { name: 'remote', scope: 'user', config: { type: 'http', url: s.url, headers: {} } };
    const said: string[] = [];
    const opts = { ...where, say: (l: string) => said.push(l) };
    expect(await cliSignIn('remote', entry, opts)).toEqual({ browserOpened: true, tools: 1 });
    expect(said.join('\n')).toContain('Sign in to the MCP server "remote"');
    expect(await cliSignIn('remote', entry, opts)).toEqual({ browserOpened: false, tools: 1 });
    expect(s.stats.authorizations).toBe(1);
    expect(await cliSignOut('remote', entry, where)).toBe(true);
    expect(await cliSignOut('remote', entry, where)).toBe(false);
    const stdio: McpServerEntry = { name: 'local', scope: 'user', config: { type: 'stdio', command: 'x', args: [], env: {} } };
    await expect(cliSignIn('local', stdio, opts)).rejects.toThrow(/runs locally \(stdio\): there is nothing to sign in to/);
  }, 60_000);

  it('signs in on its own only where a browser opens or a person is at the terminal', () => {
    const linux = (env: NodeJS.ProcessEnv, onPath: string[] = []) => ({ env, host: { env, platform: 'linux' as const, onPath: (c: string) => onPath.includes(c) } });
    expect(canSignIn(linux({}), false)).toBe(false);
    expect(canSignIn(linux({}), true)).toBe(true);
    expect(canSignIn(linux({ BROWSER: 'w3m' }), false)).toBe(true);
    expect(canSignIn(linux({ DISPLAY: ':1' }, ['xdg-open']), false)).toBe(true);
    expect(signInCommand('github')).toBe('codewright mcp login github');
    expect(signInCommand("it's")).toBe(`codewright mcp login 'it'\\''s'`);
  });
});
