/** The manager and servers that want an OAuth sign-in: `needsAuth` without retries, `authenticate`, and the panel rows. */
import { describe, expect, it, vi } from 'vitest';
import { McpAuthRequiredError } from '../../../../extension/core/engines/mcp/authError';
import { describeStatus, McpManager, type McpTimers } from '../../../../extension/core/engines/mcp/manager';
import type { McpConnection, McpConnector, McpServerEntry } from '../../../../extension/core/contracts/mcp';
import { mcpPanelRows } from '../../../../extension/core/engines/mcp/views';
import { fakeConnection } from './fakeConnection';

const URL = 'https://mcp.example.com/mcp';
const remote: McpServerEntry = { name: 'remote', scope: 'settings', config: { type: 'http', url: URL, headers: {} } };

function connection(onCall: () => Promise<unknown> = async () => ({ content: [{ type: 'text', text: 'ok' }] })): McpConnection & { closed: boolean } {
  const c = Object.assign(
    fakeConnection({
      listTools: async () => [{ name: 'whoami', inputSchema: { type: 'object' } }],
      callTool: onCall as McpConnection['callTool'],
      close: async () => void (c.closed = true),
    }),
    { closed: false },
  );
  return c;
}

/** Connects only after a sign-in; `signIn` decides how the sign-in goes. */
class AuthConnector implements McpConnector {
  signedIn = false;
  connects = 0;
  signIns = 0;
  signIn: () => Promise<void> = async () => void (this.signedIn = true);
  async connect(): Promise<McpConnection> {
    this.connects++;
    if (!this.signedIn) throw new McpAuthRequiredError(`The MCP server at ${URL} requires you to sign in (OAuth).`, URL);
    return connection();
  }
  async authenticate(): Promise<McpConnection> {
    this.signIns++;
    await this.signIn();
    return connection();
  }
}

/** Timers that never fire, and count what was scheduled. */
class NoTimers implements McpTimers {
  scheduled = 0;
  setTimeout() {
    return ++this.scheduled;
  }
  clearTimeout() {}
  now() {
    return 0;
  }
}

const status = (m: McpManager) => m.servers()[0]?.status;

describe('core/engines/mcp/manager (OAuth)', () => {
  it('shows a server that wants a sign-in as needsAuth, without reconnect attempts', async () => {
    const connector = new AuthConnector();
    const timers = new NoTimers();
    const m = new McpManager({ connector, timers });
    m.setServers([remote]);
    await vi.waitFor(() => expect(status(m)).toEqual({ state: 'needsAuth', url: URL }));
    expect(timers.scheduled).toBe(0);
    expect(connector.signIns).toBe(0);
    expect(describeStatus(status(m)!)).toBe('needs authentication');
    expect(mcpPanelRows(m.servers())).toEqual([{ name: 'remote', status: 'needsAuth', tools: 0, resources: 0, prompts: 0, scope: 'settings', authUrl: URL }]);
    expect(() => m.callTool('remote', 'whoami', {})).toThrow(/not connected \(needs authentication\)/);
    await m.whenSettled(10);
  });

  it('connects after authenticate and lists the tools', async () => {
    const connector = new AuthConnector();
    const m = new McpManager({ connector, timers: new NoTimers() });
    m.setServers([remote]);
    await vi.waitFor(() => expect(status(m)?.state).toBe('needsAuth'));
    await m.authenticate('remote');
    expect(status(m)).toEqual({ state: 'connected' });
    expect(m.servers()[0]!.tools.map((t) => t.name)).toEqual(['whoami']);
    expect(connector.signIns).toBe(1);
  });

  it('stays needsAuth with the reason when the sign-in fails, and rejects with it', async () => {
    const connector = new AuthConnector();
    connector.signIn = async () => {
      throw new Error('The sign-in timed out after 300 s without the browser coming back.');
    };
    const m = new McpManager({ connector, timers: new NoTimers() });
    m.setServers([remote]);
    await vi.waitFor(() => expect(status(m)?.state).toBe('needsAuth'));
    await expect(m.authenticate('remote')).rejects.toThrow('timed out');
    expect(status(m)).toEqual({ state: 'needsAuth', url: URL, error: 'The sign-in timed out after 300 s without the browser coming back.' });
    expect(mcpPanelRows(m.servers())[0]).toMatchObject({ status: 'needsAuth', error: expect.stringContaining('timed out') });
    await expect(m.authenticate('nope')).rejects.toThrow('no MCP server "nope"');
  });

  it('refuses authenticate where the connector cannot sign in', async () => {
    const connector: McpConnector = { connect: async () => Promise.reject(new McpAuthRequiredError('401', URL)) };
    const m = new McpManager({ connector, timers: new NoTimers() });
    m.setServers([remote]);
    await vi.waitFor(() => expect(status(m)?.state).toBe('needsAuth'));
    await expect(m.authenticate('remote')).rejects.toThrow(/not available here.*"headers"/);
  });

  it('goes back to needsAuth when a call finds the sign-in expired mid-session', async () => {
    let expired = false;
    const conn = connection(async () => {
      if (expired) throw new McpAuthRequiredError('refresh refused', URL);
      return { content: [] };
    });
    const connector: McpConnector = { connect: async () => conn };
    const m = new McpManager({ connector, timers: new NoTimers() });
    m.setServers([remote]);
    await vi.waitFor(() => expect(status(m)?.state).toBe('connected'));
    expired = true;
    await expect(m.callTool('remote', 'whoami', {})).rejects.toThrow('refresh refused');
    expect(status(m)).toEqual({ state: 'needsAuth', url: URL });
    expect(conn.closed).toBe(true);
    expect(m.servers()[0]!.tools).toEqual([]);
  });
});
