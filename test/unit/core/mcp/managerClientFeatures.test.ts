/**
 * The manager and what servers use of the client (core/engines/mcp/manager.ts, subscriptions.ts, listing.ts):
 * progress reaches the caller, resource subscriptions are counted across sessions and renewed after a
 * reconnect, an update lists the resources again, and a server that refuses its lists for want of a sign-in
 * is `needsAuth`, and one that cannot list its tools at all `failed`: never connected with nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { McpAuthRequiredError } from '../../../../extension/core/engines/mcp/authError';
import { McpManager } from '../../../../extension/core/engines/mcp/manager';
import type { McpConnection, McpConnector, McpServerEntry } from '../../../../extension/core/contracts/mcp';
import type { McpProgress } from '../../../../extension/core/contracts/mcpClient';
import { fakeConnection } from './fakeConnection';

const URL = 'https://mcp.example.com/mcp';
const remote: McpServerEntry = { name: 'remote', scope: 'settings', config: { type: 'http', url: URL, headers: {} } };
const local: McpServerEntry = { name: 'notes', scope: 'user', config: { type: 'stdio', command: 'notes', args: [], env: {} } };

/** A connection that can subscribe, recording what it was asked, and that the test can make send updates. */
function subscribingConnection(opts: { canSubscribe?: boolean } = {}) {
  const updated = new Set<(uri: string) => void>();
  const closers = new Set<(r: { error?: string }) => void>();
  const log: string[] = [];
  let resources = [{ uri: 'memo://note', name: 'note' }];
  const connection: McpConnection = fakeConnection({
    canSubscribe: opts.canSubscribe ?? true,
    listResources: async () => resources,
    subscribeResource: async (uri) => void log.push(`subscribe ${uri}`),
    unsubscribeResource: async (uri) => void log.push(`unsubscribe ${uri}`),
    onResourceUpdated: (l) => {
      updated.add(l);
      return () => void updated.delete(l);
    },
    onClose: (l) => {
      closers.add(l);
      return () => void closers.delete(l);
    },
  });
  return {
    connection,
    log,
    setResources: (next: typeof resources) => void (resources = next),
    update: (uri: string) => updated.forEach((l) => l(uri)),
    crash: () => closers.forEach((l) => l({ error: 'gone' })),
  };
}

function connectorOf(...made: McpConnection[]): McpConnector & { connects: number } {
  const queue = [...made];
  return {
    connects: 0,
    async connect() {
      this.connects++;
      const next = queue.shift();
      if (!next) throw new Error('no more connections');
      return next;
    },
  };
}

const NO_BACKOFF = { firstMs: 0, maxMs: 0 };

describe('core/engines/mcp/manager: progress', () => {
  it('hands the tool call progress to the caller', async () => {
    const seen: McpProgress[] = [];
    const connection = fakeConnection({
      callTool: async (_name, _args, _signal, onProgress) => {
        onProgress?.({ progress: 1, total: 2, message: 'half' });
        return { content: [{ type: 'text', text: 'done' }] };
      },
    });
    const m = new McpManager({ connector: connectorOf(connection) });
    m.setServers([local]);
    await m.whenSettled(1000);
    expect(await m.callTool('notes', 'echo', {}, undefined, (p) => seen.push(p))).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(seen).toEqual([{ progress: 1, total: 2, message: 'half' }]);
    await m.dispose();
  });
});

describe('core/engines/mcp/manager: resource subscriptions', () => {
  it('subscribes once for every holder, and unsubscribes after the last release', async () => {
    const s = subscribingConnection();
    const m = new McpManager({ connector: connectorOf(s.connection) });
    m.setServers([local]);
    await m.whenSettled(1000);
    const first = m.subscribeResource('notes', 'memo://note');
    const second = m.subscribeResource('notes', 'memo://note');
    await vi.waitFor(() => expect(s.log).toEqual(['subscribe memo://note']));
    first();
    first();
    expect(s.log).toEqual(['subscribe memo://note']);
    second();
    await vi.waitFor(() => expect(s.log).toEqual(['subscribe memo://note', 'unsubscribe memo://note']));
    await m.dispose();
  });

  it('never asks a server that did not declare resources.subscribe', async () => {
    const s = subscribingConnection({ canSubscribe: false });
    const m = new McpManager({ connector: connectorOf(s.connection) });
    m.setServers([local]);
    await m.whenSettled(1000);
    m.subscribeResource('notes', 'memo://note')();
    await new Promise((r) => setTimeout(r, 10));
    expect(s.log).toEqual([]);
    await m.dispose();
  });

  it('passes an update on to the listeners and lists the resources again', async () => {
    const s = subscribingConnection();
    const m = new McpManager({ connector: connectorOf(s.connection) });
    m.setServers([local]);
    await m.whenSettled(1000);
    const heard: string[] = [];
    m.onResourceUpdated((server, uri) => heard.push(`${server} ${uri}`));
    m.subscribeResource('notes', 'memo://note');
    s.setResources([
      { uri: 'memo://note', name: 'note' },
      { uri: 'memo://other', name: 'other' },
    ]);
    s.update('memo://note');
    expect(heard).toEqual(['notes memo://note']);
    await vi.waitFor(() => expect(m.servers()[0]!.resources.map((r) => r.uri)).toEqual(['memo://note', 'memo://other']));
    await m.dispose();
  });

  it('subscribes again what is held when the server reconnects', async () => {
    const before = subscribingConnection();
    const after = subscribingConnection();
    const m = new McpManager({ connector: connectorOf(before.connection, after.connection), backoff: NO_BACKOFF });
    m.setServers([local]);
    await m.whenSettled(1000);
    m.subscribeResource('notes', 'memo://note');
    await vi.waitFor(() => expect(before.log).toEqual(['subscribe memo://note']));
    before.crash();
    await vi.waitFor(() => expect(m.servers()[0]!.status).toEqual({ state: 'connected' }));
    await vi.waitFor(() => expect(after.log).toEqual(['subscribe memo://note']));
    await m.dispose();
  });
});

describe('core/engines/mcp/manager: a sign-in asked for after initialize', () => {
  const refused = () => new McpAuthRequiredError(`The MCP server at ${URL} requires you to sign in (OAuth).`, URL);

  it('moves a server whose tools/list answers 401 to needsAuth instead of connected with no tools', async () => {
    const connection = fakeConnection({
      listTools: async () => {
        throw refused();
      },
    });
    const close = vi.spyOn(connection, 'close');
    const m = new McpManager({ connector: connectorOf(connection) });
    m.setServers([remote]);
    await m.whenSettled(1000);
    expect(m.servers()[0]).toMatchObject({ status: { state: 'needsAuth', url: URL }, tools: [] });
    expect(close).toHaveBeenCalled();
    await m.dispose();
  });

  it('moves a connected server to needsAuth when a list_changed re-list is refused', async () => {
    let allowed = true;
    let fire: () => void = () => {};
    const connection = fakeConnection({
      listTools: async () => {
        if (!allowed) throw refused();
        return [{ name: 'whoami', inputSchema: { type: 'object' } }];
      },
      onListChanged: (kind, l) => {
        if (kind === 'tools') fire = l;
        return () => {};
      },
    });
    const m = new McpManager({ connector: connectorOf(connection) });
    m.setServers([remote]);
    await m.whenSettled(1000);
    expect(m.servers()[0]!.status).toEqual({ state: 'connected' });
    allowed = false;
    fire();
    await vi.waitFor(() => expect(m.servers()[0]!.status).toEqual({ state: 'needsAuth', url: URL }));
    await m.dispose();
  });

  it('keeps a server connected when a list fails for another reason', async () => {
    const connection = fakeConnection({
      listPrompts: async () => {
        throw new Error('Method not found');
      },
    });
    const m = new McpManager({ connector: connectorOf(connection) });
    m.setServers([remote]);
    await m.whenSettled(1000);
    expect(m.servers()[0]).toMatchObject({ status: { state: 'connected' }, tools: [{ name: 'echo' }] });
    await m.dispose();
  });

  it('fails a server that cannot list its tools, with why, instead of connected with no tools', async () => {
    const connection = fakeConnection({
      listTools: async () => {
        throw new Error('Internal error: the index is not built');
      },
    });
    const close = vi.spyOn(connection, 'close');
    const m = new McpManager({ connector: connectorOf(connection) });
    m.setServers([local]);
    await m.whenSettled(1000);
    const [server] = m.servers();
    expect(server!.status).toMatchObject({ state: 'failed', error: 'The server did not list its tools: Internal error: the index is not built' });
    expect(server!.status).toHaveProperty('retryAt');
    expect(server!.tools).toEqual([]);
    expect(close).toHaveBeenCalled();
    await m.dispose();
  });
});
