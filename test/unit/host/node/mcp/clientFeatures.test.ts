/**
 * What servers use of the client, over the SDK against the repo's features server (test/fixtures/mcp/featuresServer.ts,
 * a real child process): roots and their changes, progress of a tool call, logging with the level asked, resource
 * subscriptions with their updates, and tool annotations.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpConnection, McpServerEntry } from '../../../../../extension/core/contracts/mcp';
import type { McpLogLevel, McpLogMessage, McpProgress, McpRoot } from '../../../../../extension/core/contracts/mcpClient';
import { NodeMcpConnector, type NodeMcpConnectorOptions } from '../../../../../extension/host/node/mcp/connector';

const ROOT = path.resolve(__dirname, '../../../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const entry: McpServerEntry = {
  name: 'features',
  scope: 'user',
  config: { type: 'stdio', command: process.execPath, args: ['--import', TSX, path.join(ROOT, 'test/fixtures/mcp/featuresServer.ts')], env: {} },
};

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function connect(options: NodeMcpConnectorOptions): Promise<McpConnection> {
  const c = await new NodeMcpConnector({ cwd: ROOT, ...options }).connect(entry);
  cleanup.push(() => c.close());
  return c;
}

const text = (result: { content: { type: string; text?: string }[] }) => result.content.map((b) => b.text ?? '').join('');

/** Roots the test changes, telling the listeners as VS Code's folder event would. */
function changingRoots(initial: McpRoot[]) {
  let roots = initial;
  const listeners = new Set<() => void>();
  return {
    port: {
      roots: () => roots,
      onDidChange: (l: () => void) => {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
    },
    set(next: McpRoot[]) {
      roots = next;
      for (const l of listeners) l();
    },
    listeners,
  };
}

function collectingLog(level?: McpLogLevel) {
  const messages: McpLogMessage[] = [];
  return { messages, port: { ...(level ? { level: () => level } : {}), log: (m: McpLogMessage) => void messages.push(m) } };
}

describe('host/node/mcp/clientFeatures', () => {
  it('answers roots/list with the roots port, and tells the server when they change', async () => {
    const roots = changingRoots([{ uri: 'file:///work/app', name: 'app' }]);
    const c = await connect({ roots: roots.port });
    expect(JSON.parse(text(await c.callTool('roots', {})))).toEqual({ roots: [{ uri: 'file:///work/app', name: 'app' }], changes: 0 });
    roots.set([
      { uri: 'file:///work/app', name: 'app' },
      { uri: 'file:///work/lib', name: 'lib' },
    ]);
    await vi.waitFor(async () => expect(JSON.parse(text(await c.callTool('roots', {})))).toEqual({ roots: [{ uri: 'file:///work/app', name: 'app' }, { uri: 'file:///work/lib', name: 'lib' }], changes: 1 }));
    await c.close();
    expect(roots.listeners.size).toBe(0);
  }, 30_000);

  it('does not declare roots without a port: the server cannot list them', async () => {
    const c = await connect({});
    const result = await c.callTool('roots', {});
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/Method not found/);
  }, 30_000);

  it("sends a progressToken with every call and hands the server's progress to onProgress", async () => {
    const c = await connect({});
    const progress: McpProgress[] = [];
    expect(text(await c.callTool('count', { to: 3 }, undefined, (p) => progress.push(p)))).toBe('counted to 3');
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'Counting' },
      { progress: 2, total: 3, message: 'Counting' },
      { progress: 3, total: 3, message: 'Counting' },
    ]);
    // Without a listener the token still goes: the server's progress keeps a long call's timeout alive.
    expect(text(await c.callTool('count', { to: 1 }))).toBe('counted to 1');
  }, 30_000);

  it('passes log messages to the port at the level it asks for: info by default, debug when asked', async () => {
    const info = collectingLog();
    const c = await connect({ serverLog: info.port });
    await c.callTool('count', { to: 1 });
    await vi.waitFor(() => expect(info.messages).toEqual([{ server: 'features', level: 'info', logger: 'counter', data: 'counted to 1' }]));

    const debug = collectingLog('debug');
    const d = await connect({ serverLog: debug.port });
    await d.callTool('count', { to: 2 });
    await vi.waitFor(() => expect(debug.messages.map((m) => `${m.level}: ${String(m.data)}`)).toEqual(['debug: debug: counted to 2', 'info: counted to 2']));
  }, 30_000);

  it('subscribes to a resource, hears its updates, and unsubscribes', async () => {
    const c = await connect({});
    expect(c.canSubscribe).toBe(true);
    const updated: string[] = [];
    c.onResourceUpdated?.((uri) => updated.push(uri));
    await c.subscribeResource!('memo://note');
    expect(JSON.parse(text(await c.callTool('subscriptions', {})))).toEqual(['memo://note']);
    await c.callTool('touch', { text: 'the second note' });
    await vi.waitFor(() => expect(updated).toEqual(['memo://note']));
    expect(await c.readResource('memo://note')).toEqual([{ uri: 'memo://note', mimeType: 'text/plain', text: 'the second note' }]);
    await c.unsubscribeResource!('memo://note');
    expect(JSON.parse(text(await c.callTool('subscriptions', {})))).toEqual([]);
  }, 30_000);

  it('lists the annotations servers give their tools', async () => {
    const c = await connect({});
    const tools = Object.fromEntries((await c.listTools()).map((t) => [t.name, t.annotations]));
    expect(tools.touch).toEqual({ title: 'Overwrite the note', destructiveHint: true, idempotentHint: true });
    expect(tools.roots).toEqual({ title: 'List roots', readOnlyHint: true });
  }, 30_000);
});
