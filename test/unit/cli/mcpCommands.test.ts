/**
 * `codewright mcp …` (cli/mcpCommands.ts) with captured output and HOME, CLAUDE_CONFIG_DIR and the folder in temp
 * folders: add (stdio and http/sse, every scope, -e, -H, --), add-json, list and get with their status checks
 * against the repo's test servers, remove, approve and reset-project-choices, login and logout through an
 * OAuth given to it, and the wiring through the CLI's entry.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runMcpCommand, type McpCliOAuth } from '../../../extension/cli/mcpCommands';
import { parseMcpArgs } from '../../../extension/cli/mcpArgs';
import { startAuthServer } from '../../fixtures/mcp/authServer';
import { runCli } from './cliHarness';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const STDIO = path.join(ROOT, 'test/fixtures/mcp/stdioServer.ts');

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

function where() {
  const home = mkdtempSync(path.join(tmpdir(), 'cw-home-'));
  const cwd = mkdtempSync(path.join(tmpdir(), 'cw-ws-'));
  const env = { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), MCP_TIMEOUT: '20000' };
  const run = async (args: string[], oauth?: McpCliOAuth) => {
    const out = sink();
    const err = sink();
    const code = await runMcpCommand(args, { stdout: out.stream, stderr: err.stream }, { env, cwd, home }, oauth);
    return { code, stdout: out.text(), stderr: err.text() };
  };
  const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return { home, cwd, env, run, claudeJson: () => json(path.join(home, '.claude.json')), mcpJson: () => json(path.join(cwd, '.mcp.json')), json };
}

describe('cli/mcpArgs', () => {
  it('reads options anywhere before --, -e and -H taking one or several values, and the server args after --', () => {
    const parsed = parseMcpArgs(['-e', 'A=1', 'B=x=y', 'srv', '--scope=user', 'npx', '-H', 'X-One: 1', '--', '-y', 'pkg', '-e', 'C=3'], ['transport', 'scope', 'env', 'header']);
    expect(parsed).toEqual({ ok: true, value: { positionals: ['srv', 'npx'], rest: ['-y', 'pkg', '-e', 'C=3'], scope: 'user', env: { A: '1', B: 'x=y' }, headers: { 'X-One': '1' } } });
    expect(parseMcpArgs(['-H', 'A: 1', 'https://x'], ['header'])).toMatchObject({ ok: true, value: { positionals: ['https://x'], headers: { A: '1' } } });
  });

  it("refuses an unknown option before --, saying where the server's own options go, and bad values", () => {
    expect(parseMcpArgs(['srv', 'npx', '-y', 'pkg'], ['env'])).toEqual({ ok: false, error: expect.stringContaining("unknown option -y; put the server's own options after --") });
    expect(parseMcpArgs(['-t', 'ws'], ['transport'])).toEqual({ ok: false, error: 'Invalid transport type: ws. Must be one of: stdio, http, sse' });
    expect(parseMcpArgs(['-s', 'global'], ['scope'])).toEqual({ ok: false, error: 'Invalid scope: global. Must be one of: local, project, user' });
    expect(parseMcpArgs(['-e', 'novalue'], ['env'])).toMatchObject({ ok: false, error: expect.stringContaining('Invalid environment variable format: novalue') });
    expect(parseMcpArgs(['-s'], ['scope'])).toEqual({ ok: false, error: '-s needs a value' });
  });
});

describe('codewright mcp', { timeout: 60_000 }, () => {
  it('adds stdio, http and sse servers to each scope where Claude Code keeps them', async () => {
    const w = where();
    const stdio = await w.run(['add', 'echo', '-e', 'GREETING=hi', '--', process.execPath, '--import', TSX, STDIO]);
    expect(stdio).toEqual({ code: 0, stderr: '', stdout: `Added stdio MCP server echo with command: ${process.execPath} --import ${TSX} ${STDIO} to local config\nFile modified: ${path.join(w.home, '.claude.json')} [project: ${w.cwd}]\n` });
    const http = await w.run(['add', '--transport', 'http', '-s', 'user', 'api', 'https://api.example/mcp', '-H', 'Authorization: Bearer ${API_TOKEN}', '--client-id', 'cw-client']);
    expect(http.code).toBe(0);
    expect(http.stdout).toMatch(/^Added HTTP MCP server api with URL: https:\/\/api\.example\/mcp to user config\nHeaders: \{\n {2}"Authorization": "Bearer \$\{API_TOKEN\}"\n\}\nFile modified: /);
    expect((await w.run(['add', '-t', 'sse', '-s', 'project', 'events', 'https://sse.example/sse'])).stdout).toContain('Added SSE MCP server events with URL: https://sse.example/sse to project config');

    expect(w.claudeJson()).toEqual({
      projects: { [w.cwd]: { mcpServers: { echo: { type: 'stdio', command: process.execPath, args: ['--import', TSX, STDIO], env: { GREETING: 'hi' } } } } },
      mcpServers: { api: { type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' }, oauth: { clientId: 'cw-client' } } },
    });
    expect(w.mcpJson()).toEqual({ mcpServers: { events: { type: 'sse', url: 'https://sse.example/sse' } } });
    expect(await w.run(['add', 'echo', 'other'])).toMatchObject({ code: 1, stderr: expect.stringContaining('MCP server echo already exists in local config') });
  });

  it('adds a server given as JSON after checking it, and says what is wrong with a bad one', async () => {
    const w = where();
    expect(await w.run(['add-json', 'docs', '{"type":"http","url":"https://docs.example/mcp"}', '-s', 'project'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Added HTTP MCP server docs to project config') });
    expect(w.mcpJson()).toEqual({ mcpServers: { docs: { type: 'http', url: 'https://docs.example/mcp' } } });
    expect(await w.run(['add-json', 'bad', '{"type":"http"'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^codewright: Invalid JSON: /) });
    expect(await w.run(['add-json', 'bad', '{"args":[]}'])).toMatchObject({ code: 1, stderr: expect.stringContaining('Invalid MCP server configuration: command:') });
    expect(await w.run(['add-json', 'bad name', '{"command":"x"}'])).toMatchObject({ code: 1, stderr: expect.stringContaining('Invalid name bad name.') });
    expect(existsSync(path.join(w.home, '.claude.json'))).toBe(false);
  });

  it('lists every server with its scope and status, starting no .mcp.json server the settings do not approve', async () => {
    const w = where();
    const stdio = ['--', process.execPath, '--import', TSX, STDIO];
    await w.run(['add', 'echo', ...stdio]);
    await w.run(['add', '-s', 'user', 'broken', path.join(w.cwd, 'no-such-program')]);
    const marker = path.join(w.cwd, 'ran');
    const writesMarker = ['--', process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`];
    await w.run(['add', '-s', 'project', 'pending', ...writesMarker]);
    await w.run(['add', '-s', 'project', 'denied', ...writesMarker]);
    await w.run(['add', '-s', 'project', 'allowed', ...stdio]);
    mkdirSync(path.join(w.cwd, '.claude'));
    writeFileSync(path.join(w.cwd, '.claude', 'settings.local.json'), JSON.stringify({ enabledMcpjsonServers: ['allowed'], disabledMcpjsonServers: ['denied'] }));

    const list = await w.run(['list']);
    expect(list.code).toBe(0);
    const lines = list.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual(['Checking MCP server health...', '']);
    expect(lines).toContain(`echo: ${process.execPath} --import ${TSX} ${STDIO} [local] - ✓ Connected`);
    expect(lines).toContain(`allowed: ${process.execPath} --import ${TSX} ${STDIO} [project] - ✓ Connected`);
    expect(lines.find((l) => l.startsWith('broken:'))).toMatch(/\[user\] - ✗ Failed to connect: /);
    expect(lines.find((l) => l.startsWith('pending:'))).toMatch(/\[project\] - ⏸ Needs approval \(run `codewright mcp approve pending`\)$/);
    expect(lines.find((l) => l.startsWith('denied:'))).toMatch(/\[project\] - ✗ Disabled \(disabledMcpjsonServers\)$/);
    expect(existsSync(marker)).toBe(false);
  });

  it('shows one server with its scope, status, command and environment as written, and how to remove it', async () => {
    const w = where();
    await w.run(['add', 'echo', '-e', 'TOKEN=${MY_TOKEN:-none}', '--', process.execPath, '--import', TSX, STDIO]);
    const get = await w.run(['get', 'echo']);
    expect(get).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'echo:',
        '  Scope: Local config (private to you in this project)',
        '  Status: ✓ Connected',
        '  Type: stdio',
        `  Command: ${process.execPath}`,
        `  Args: --import ${TSX} ${STDIO}`,
        '  Environment:',
        '    TOKEN=${MY_TOKEN:-none}',
        '',
        'To remove this server, run: codewright mcp remove "echo" -s local',
        '',
      ].join('\n'),
    });
    expect(await w.run(['get', 'nope'])).toEqual({ code: 1, stdout: '', stderr: 'codewright: No MCP server found with name: nope\n' });
  });

  it('removes a server, asking for the scope when the name is in more than one', async () => {
    const w = where();
    await w.run(['add', 'dup', 'a']);
    await w.run(['add', '-s', 'user', 'dup', 'b']);
    const both = await w.run(['remove', 'dup']);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('MCP server "dup" exists in multiple scopes: local, user.');
    expect(both.stderr).toContain('  codewright mcp remove "dup" -s user');
    expect(await w.run(['remove', 'dup', '-s', 'user'])).toMatchObject({ code: 0, stdout: `Removed MCP server dup from user config\nFile modified: ${path.join(w.home, '.claude.json')}\n` });
    expect(await w.run(['remove', 'dup'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Removed MCP server dup from local config') });
    expect(w.claudeJson()).toEqual({ projects: { [w.cwd]: { mcpServers: {} } }, mcpServers: {} });
    expect(await w.run(['remove', 'dup'])).toMatchObject({ code: 1, stderr: 'codewright: No MCP server found with name: "dup"\n' });
  });

  it('approves a .mcp.json server in settings.local.json, warns when another file still disables it, and resets the choices', async () => {
    const w = where();
    await w.run(['add', '-s', 'project', 'repo', 'node', 'srv.js']);
    mkdirSync(path.join(w.home, '.claude'));
    writeFileSync(path.join(w.home, '.claude', 'settings.json'), JSON.stringify({ disabledMcpjsonServers: ['repo'] }));
    const approved = await w.run(['approve', 'repo']);
    const local = path.join(w.cwd, '.claude', 'settings.local.json');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toBe(`Approved the project MCP server "repo": enabledMcpjsonServers in ${local}.\n`);
    expect(approved.stderr).toContain(`disabledMcpjsonServers in ${path.join(w.home, '.claude', 'settings.json')} still lists "repo"`);
    expect(w.json(local)).toEqual({ enabledMcpjsonServers: ['repo'] });
    expect(await w.run(['approve', 'other'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No MCP server named "other"') });

    expect(await w.run(['reset-project-choices'])).toMatchObject({ code: 0, stdout: expect.stringContaining('approvals and rejections have been reset') });
    expect(w.json(local)).toEqual({});
  });

  it('signs in with login through the OAuth it is given, lists the server connected, and forgets the tokens with logout', async () => {
    const w = where();
    const auth = await startAuthServer();
    cleanup.push(() => auth.close());
    await w.run(['add', '-t', 'http', 'secured', auth.url]);
    const secrets = new Map<string, string>();
    const opened: string[] = [];
    const oauth: McpCliOAuth = {
      options: {
        store: { get: async (k) => secrets.get(k), store: async (k, v) => void secrets.set(k, v), delete: async (k) => void secrets.delete(k) },
        // The user's browser: follows the approval's redirects to the loopback callback.
        openBrowser: (url) => {
          opened.push(url);
          void fetch(url).then((r) => r.text());
        },
        callbackTimeoutMs: 10_000,
      },
    };
    expect((await w.run(['list'], oauth)).stdout).toContain(`secured: ${auth.url} (HTTP) [local] - ⚠ Needs authentication (run \`codewright mcp login secured\`)`);
    expect(opened).toEqual([]);

    expect(await w.run(['login', 'secured'], oauth)).toEqual({ code: 0, stderr: '', stdout: `Signed in to the MCP server "secured" (${auth.url}).\n` });
    expect(opened).toHaveLength(1);
    expect((await w.run(['list'], oauth)).stdout).toContain(`secured: ${auth.url} (HTTP) [local] - ✓ Connected`);
    expect(await w.run(['login', 'secured'], oauth)).toMatchObject({ code: 0, stdout: 'The MCP server "secured" is signed in already: its stored tokens work.\n' });
    expect(opened).toHaveLength(1);

    expect(await w.run(['logout', 'secured'], oauth)).toMatchObject({ code: 0, stdout: 'Signed out of the MCP server "secured": its tokens and client registration are removed.\n' });
    expect(secrets.size).toBe(0);
    expect(await w.run(['logout', 'secured'], oauth)).toMatchObject({ code: 0, stdout: 'The MCP server "secured" has no stored sign-in.\n' });
  });

  it('says login needs a remote server, and that this build cannot sign in without the OAuth', async () => {
    const w = where();
    await w.run(['add', 'local-one', 'node']);
    await w.run(['add', '-t', 'http', 'remote', 'https://r.example/mcp']);
    expect(await w.run(['login', 'local-one'])).toMatchObject({ code: 1, stderr: 'codewright: The MCP server "local-one" runs locally (stdio): there is nothing to sign in to.\n' });
    expect(await w.run(['login', 'remote'])).toMatchObject({ code: 1, stderr: expect.stringContaining('Signing in to "remote" is not available in this build') });
  });

  it('runs as `codewright mcp` through the CLI entry, with its usage on an unknown command and its OAuth for logout', async () => {
    const w = where();
    const add = await runCli(['mcp', 'add', '-s', 'project', 'tool', '--', 'npx', '-y', 'some-mcp'], { env: w.env, cwd: w.cwd });
    expect(add).toMatchObject({ code: 0, stdout: expect.stringContaining('Added stdio MCP server tool with command: npx -y some-mcp to project config') });
    expect(w.mcpJson()).toEqual({ mcpServers: { tool: { type: 'stdio', command: 'npx', args: ['-y', 'some-mcp'], env: {} } } });
    const unknown = await runCli(['mcp', 'frobnicate'], { env: w.env, cwd: w.cwd });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^codewright: unknown mcp command "frobnicate"\.\nUsage: codewright mcp <command>/);
    expect(await runCli(['mcp', '--help'], { env: w.env, cwd: w.cwd })).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: codewright mcp <command>/) });
    // The CLI's OAuth is wired in: logout reads its token file instead of refusing.
    await runCli(['mcp', 'add', '-t', 'http', 'remote', 'https://r.example/mcp'], { env: w.env, cwd: w.cwd });
    expect(await runCli(['mcp', 'logout', 'remote'], { env: w.env, cwd: w.cwd })).toMatchObject({ code: 0, stdout: 'The MCP server "remote" has no stored sign-in.\n' });
  });
});
