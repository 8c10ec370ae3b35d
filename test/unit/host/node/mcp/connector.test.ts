/** The SDK connector against the two test servers of the repo (test/fixtures/mcp/), as real child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpManager } from '../../../../../extension/core/engines/mcp/manager';
import type { McpConnection, McpServerEntry } from '../../../../../extension/core/contracts/mcp';
import { NodeMcpConnector } from '../../../../../extension/host/node/mcp/connector';
import { LazyMcpConnector } from '../../../../../extension/host/node/mcp/lazyConnector';

const ROOT = path.resolve(__dirname, '../../../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const FIXTURES = path.join(ROOT, 'test/fixtures/mcp');

const stdioEntry: McpServerEntry = {
  name: 'fixture',
  scope: 'user',
  config: { type: 'stdio', command: process.execPath, args: ['--import', TSX, path.join(FIXTURES, 'stdioServer.ts')], env: {} },
};

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function connect(entry: McpServerEntry, connector: NodeMcpConnector | LazyMcpConnector = new NodeMcpConnector({ cwd: ROOT })): Promise<McpConnection> {
  const c = await connector.connect(entry);
  cleanup.push(() => c.close());
  return c;
}

/** Starts the HTTP fixture; resolves with the URL it printed. */
async function httpServer(args: string[] = [], env: Record<string, string> = {}): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, path.join(FIXTURES, 'httpServer.ts'), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.push(() => void child.kill());
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`http fixture exited ${code}`)));
  });
}

describe('host/node/mcp/connector', () => {
  it('lists and calls the tools of a stdio server, reads its resource and gets its prompt', async () => {
    const c = await connect(stdioEntry);
    const tools = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['add', 'crash', 'echo', 'grow']);
    const add = tools.find((t) => t.name === 'add')!;
    expect(add.annotations).toEqual({ readOnlyHint: true });
    expect(add._meta).toEqual({ 'anthropic/alwaysLoad': true });
    expect(add.inputSchema).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } });
    expect(await c.callTool('echo', { text: 'hi there' })).toEqual({ content: [{ type: 'text', text: 'hi there' }] });
    expect(await c.callTool('add', { a: 2, b: 3 })).toEqual({ content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } });
    expect(await c.listResources()).toEqual([{ uri: 'memo://greeting', name: 'greeting', description: 'A greeting.', mimeType: 'text/plain' }]);
    expect(await c.readResource('memo://greeting')).toEqual([{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello from the stdio server' }]);
    expect(await c.listPrompts()).toEqual([{ name: 'review', description: 'Review a file.', arguments: [{ name: 'file', required: true }] }]);
    expect(await c.getPrompt('review', { file: 'a.ts' })).toEqual({ description: 'Review of a.ts', messages: [{ role: 'user', content: { type: 'text', text: 'Please review a.ts.' } }] });
  }, 30_000);

  it('hears tools/list_changed when the server adds a tool', async () => {
    const c = await connect(stdioEntry);
    const changed = vi.fn();
    c.onListChanged('tools', changed);
    await c.callTool('grow', {});
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect((await c.listTools()).map((t) => t.name)).toContain('grown');
  }, 30_000);

  it('reports a crash through onClose with what the server printed on stderr', async () => {
    const c = await connect(stdioEntry);
    const closed = new Promise<{ error?: string; stderr?: string }>((resolve) => c.onClose(resolve));
    await expect(c.callTool('crash', {})).rejects.toThrow();
    const reason = await closed;
    expect(reason.stderr).toContain('crashing on purpose');
    expect(reason.error).toMatch(/closed/);
  }, 30_000);

  it('fails a stdio server that cannot start with a clear error', async () => {
    const connector = new NodeMcpConnector({ connectTimeoutMs: 10_000 });
    const entry: McpServerEntry = { name: 'bad', scope: 'user', config: { type: 'stdio', command: process.execPath, args: ['-e', 'process.stderr.write("no config here"); process.exit(2)'], env: {} } };
    const err = (await connector.connect(entry).catch((e: unknown) => e)) as Error & { stderr?: string };
    expect(err).toBeInstanceOf(Error);
    expect(err.stderr).toContain('no config here');
  }, 30_000);

  it('calls a streamable HTTP server with its headers', async () => {
    const url = await httpServer([], { MCP_TEST_TOKEN: 's3cret' });
    const c = await connect({ name: 'web', scope: 'settings', config: { type: 'http', url, headers: { Authorization: 'Bearer s3cret' } } });
    expect((await c.listTools()).map((t) => t.name)).toEqual(['time']);
    expect(await c.callTool('time', {})).toEqual({ content: [{ type: 'text', text: '12:00 UTC' }] });
    expect(await c.readResource('memo://clock')).toEqual([{ uri: 'memo://clock', text: 'tick' }]);
    const refused = new NodeMcpConnector({ connectTimeoutMs: 5000 }).connect({ name: 'web', scope: 'settings', config: { type: 'http', url, headers: {} } });
    // A 401 without a way to sign in: needs auth, with the hint to configure a bearer header (no SSE fallback).
    await expect(refused).rejects.toMatchObject({ name: 'McpAuthRequiredError', url, message: expect.stringMatching(/HTTP 401.*"headers"/) });
  }, 30_000);

  it('falls back to SSE for an old server configured as http', async () => {
    const url = await httpServer(['--sse']);
    const c = await connect({ name: 'old', scope: 'user', config: { type: 'http', url, headers: {} } });
    expect(await c.callTool('time', {})).toEqual({ content: [{ type: 'text', text: '12:00 UTC' }] });
  }, 30_000);

  it('runs under the manager: a crashed server is failed with its stderr, then reconnects', async () => {
    const manager = new McpManager({ connector: new NodeMcpConnector({ cwd: ROOT }), backoff: { firstMs: 50, maxMs: 100 } });
    cleanup.push(() => manager.dispose());
    const seen: string[] = [];
    manager.onDidChange(() => {
      const s = manager.servers()[0]?.status;
      if (s?.state === 'failed') seen.push(s.stderr ?? '');
    });
    manager.setServers([stdioEntry]);
    await vi.waitFor(() => expect(manager.servers()[0]?.status.state).toBe('connected'), { timeout: 20_000 });
    await manager.callTool('fixture', 'crash', {}).catch(() => {});
    await vi.waitFor(() => expect(seen.some((s) => s.includes('crashing on purpose'))).toBe(true), { timeout: 10_000 });
    await vi.waitFor(() => expect(manager.servers()[0]?.status.state).toBe('connected'), { timeout: 20_000 });
    expect(await manager.callTool('fixture', 'echo', { text: 'back' })).toEqual({ content: [{ type: 'text', text: 'back' }] });
  }, 60_000);
});

describe('host/node/mcp/lazyConnector', () => {
  it('loads the SDK connector on the first connection and passes its options on', async () => {
    const lazy = new LazyMcpConnector({ cwd: ROOT });
    const [a, b] = await Promise.all([connect(stdioEntry, lazy), connect(stdioEntry, lazy)]);
    expect(await a.callTool('echo', { text: 'first' })).toEqual({ content: [{ type: 'text', text: 'first' }] });
    expect(await b.callTool('add', { a: 1, b: 2 })).toMatchObject({ structuredContent: { sum: 3 } });
    // No OAuth options: sign-in is refused as the SDK connector refuses it.
    await expect(lazy.authenticate({ name: 'web', scope: 'settings', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: {} } })).rejects.toThrow(/needs a browser/);
  });
});
