import { describe, expect, it, vi } from 'vitest';
import { McpManager, type McpApprovalPort, type McpTimers } from '../../../../extension/core/engines/mcp/manager';
import { mcpClientInfos, mcpPanelRows } from '../../../../extension/core/engines/mcp/views';
import { approvalQuestion, rememberingApproval } from '../../../../extension/core/engines/mcp/approval';
import type { McpConnection, McpConnector, McpServerEntry, McpToolInfo } from '../../../../extension/core/contracts/mcp';

type Kind = 'tools' | 'resources' | 'prompts';

class FakeConnection implements McpConnection {
  closed = false;
  tools: McpToolInfo[] = [{ name: 'echo', inputSchema: { type: 'object' } }];
  private readonly changed = new Map<Kind, Set<() => void>>();
  private readonly closers = new Set<(r: { error?: string; stderr?: string }) => void>();
  listTools = async () => this.tools;
  callTool = async (name: string, args: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: `${name}:${JSON.stringify(args)}` }] });
  listResources = async () => [{ uri: 'memo://a', name: 'a' }];
  readResource = async (uri: string) => [{ uri, text: 'hello' }];
  listPrompts = async () => [{ name: 'review' }];
  getPrompt = async () => ({ messages: [] });
  onListChanged(kind: Kind, listener: () => void) {
    const set = this.changed.get(kind) ?? new Set();
    this.changed.set(kind, set);
    set.add(listener);
    return () => void set.delete(listener);
  }
  onClose(listener: (r: { error?: string; stderr?: string }) => void) {
    this.closers.add(listener);
    return () => void this.closers.delete(listener);
  }
  close = async () => {
    this.closed = true;
  };
  crash(stderr: string) {
    for (const l of [...this.closers]) l({ stderr });
  }
  emit(kind: Kind) {
    for (const l of [...(this.changed.get(kind) ?? [])]) l();
  }
}

class FakeConnector implements McpConnector {
  readonly made: FakeConnection[] = [];
  failNext: (Error & { stderr?: string })[] = [];
  attempts = 0;
  async connect(): Promise<McpConnection> {
    this.attempts++;
    const fail = this.failNext.shift();
    if (fail) throw fail;
    const c = new FakeConnection();
    this.made.push(c);
    return c;
  }
}

class FakeTimers implements McpTimers {
  time = 0;
  pending: { at: number; fn: () => void; id: number }[] = [];
  private next = 0;
  setTimeout(fn: () => void, ms: number) {
    const id = ++this.next;
    this.pending.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(h: unknown) {
    this.pending = this.pending.filter((p) => p.id !== h);
  }
  now() {
    return this.time;
  }
  /** Runs the next timer; returns its delay from now. */
  runNext(): number {
    this.pending.sort((a, b) => a.at - b.at);
    const t = this.pending.shift();
    if (!t) throw new Error('no timer pending');
    const delay = t.at - this.time;
    this.time = t.at;
    t.fn();
    return delay;
  }
}

const stdio = (name: string, scope: McpServerEntry['scope'] = 'user'): McpServerEntry => ({ name, scope, config: { type: 'stdio', command: 'node', args: [], env: {} } });
const state = (m: McpManager, name: string) => m.servers().find((s) => s.name === name)?.status;

describe('core/engines/mcp/manager', () => {
  it('connects each server and lists its tools, resources and prompts', async () => {
    const connector = new FakeConnector();
    const m = new McpManager({ connector, timers: new FakeTimers() });
    const states: string[] = [];
    m.onDidChange(() => states.push(state(m, 'a')?.state ?? '-'));
    m.setServers([stdio('a')]);
    expect(state(m, 'a')).toEqual({ state: 'connecting' });
    await vi.waitFor(() => expect(state(m, 'a')).toEqual({ state: 'connected' }));
    const view = m.servers()[0]!;
    expect([view.tools.map((t) => t.name), view.resources.map((r) => r.uri), view.prompts.map((p) => p.name)]).toEqual([['echo'], ['memo://a'], ['review']]);
    expect(states).toContain('connecting');
    expect(states.at(-1)).toBe('connected');
    expect(await m.callTool('a', 'echo', { x: 1 })).toEqual({ content: [{ type: 'text', text: 'echo:{"x":1}' }] });
    expect(mcpClientInfos(m.servers())).toEqual([{ name: 'a', type: 'connected' }]);
  });

  it('refuses a call to a server that is not connected, saying why', async () => {
    const connector = new FakeConnector();
    connector.failNext.push(Object.assign(new Error('spawn nope ENOENT'), { stderr: 'boom' }));
    const m = new McpManager({ connector, timers: new FakeTimers() });
    m.setServers([stdio('a')]);
    await vi.waitFor(() => expect(state(m, 'a')?.state).toBe('failed'));
    expect(state(m, 'a')).toEqual({ state: 'failed', error: 'spawn nope ENOENT', stderr: 'boom', retryAt: 1000 });
    expect(() => m.callTool('a', 'echo', {})).toThrow(/"a" is not connected \(failed: spawn nope ENOENT\)/);
    expect(() => m.callTool('zzz', 'echo', {})).toThrow(/no MCP server "zzz"/);
  });

  it('reconnects a failed server with exponential backoff, capped, and resets after a success', async () => {
    const connector = new FakeConnector();
    const timers = new FakeTimers();
    connector.failNext.push(new Error('1'), new Error('2'), new Error('3'), new Error('4'));
    const m = new McpManager({ connector, timers, backoff: { firstMs: 1000, maxMs: 5000 } });
    m.setServers([stdio('a')]);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      await vi.waitFor(() => expect(timers.pending).toHaveLength(1));
      delays.push(timers.runNext());
    }
    expect(delays).toEqual([1000, 2000, 4000, 5000]);
    await vi.waitFor(() => expect(state(m, 'a')?.state).toBe('connected'));
    expect(connector.attempts).toBe(5);
    // A crash after the success starts the backoff from the first step again, with the server's stderr shown.
    connector.made[0]!.crash('crashing on purpose');
    expect(state(m, 'a')).toMatchObject({ state: 'failed', stderr: 'crashing on purpose', error: expect.stringContaining('closed') });
    expect(m.servers()[0]!.tools).toEqual([]);
    expect(timers.runNext()).toBe(1000);
    await vi.waitFor(() => expect(state(m, 'a')?.state).toBe('connected'));
  });

  it('restarts a server: the old connection closes and a new one connects, pending retries cancelled', async () => {
    const connector = new FakeConnector();
    const timers = new FakeTimers();
    const m = new McpManager({ connector, timers });
    m.setServers([stdio('a')]);
    await vi.waitFor(() => expect(state(m, 'a')?.state).toBe('connected'));
    connector.made[0]!.crash('x');
    expect(timers.pending).toHaveLength(1);
    await m.restart('a');
    expect(timers.pending).toHaveLength(0);
    expect(connector.made[0]!.closed).toBe(true);
    expect(connector.made).toHaveLength(2);
    expect(state(m, 'a')).toEqual({ state: 'connected' });
    await expect(m.restart('nope')).rejects.toThrow(/no MCP server "nope"/);
  });

  it('asks before starting a project server; denied it is disabled and never connects, a restart asks again', async () => {
    const connector = new FakeConnector();
    const asked: { name: string; askAgain?: boolean }[] = [];
    let answer = false;
    const approval: McpApprovalPort = {
      approve: async (entry, options) => {
        asked.push({ name: entry.name, ...(options?.askAgain ? { askAgain: true } : {}) });
        return answer;
      },
    };
    const m = new McpManager({ connector, approval, timers: new FakeTimers() });
    m.setServers([stdio('proj', 'project'), stdio('mine', 'user')]);
    expect(state(m, 'proj')).toEqual({ state: 'needsApproval' });
    await vi.waitFor(() => expect(state(m, 'proj')).toEqual({ state: 'disabled', reason: 'declined' }));
    await vi.waitFor(() => expect(state(m, 'mine')?.state).toBe('connected'));
    expect(asked).toEqual([{ name: 'proj' }]);
    expect(connector.attempts).toBe(1);
    expect(mcpPanelRows(m.servers())).toEqual([
      { name: 'proj', status: 'disabled', tools: 0, resources: 0, prompts: 0, scope: 'project', disabledReason: 'declined' },
      { name: 'mine', status: 'connected', tools: 1, resources: 1, prompts: 1, scope: 'user' },
    ]);
    answer = true;
    await m.restart('proj');
    expect(asked).toEqual([{ name: 'proj' }, { name: 'proj', askAgain: true }]);
    expect(state(m, 'proj')).toEqual({ state: 'connected' });
  });

  it('leaves a project server waiting for approval when nobody can answer', async () => {
    const connector = new FakeConnector();
    const m = new McpManager({ connector, timers: new FakeTimers() });
    m.setServers([stdio('proj', 'project')]);
    await Promise.resolve();
    expect(state(m, 'proj')).toEqual({ state: 'needsApproval' });
    expect(mcpPanelRows(m.servers())[0]?.status).toBe('needsApproval');
    expect(connector.attempts).toBe(0);
  });

  it('lists the tools again on tools/list_changed and tells its listeners', async () => {
    const connector = new FakeConnector();
    const m = new McpManager({ connector, timers: new FakeTimers() });
    m.setServers([stdio('a')]);
    await vi.waitFor(() => expect(state(m, 'a')?.state).toBe('connected'));
    const changes = vi.fn();
    m.onDidChange(changes);
    const c = connector.made[0]!;
    c.tools = [...c.tools, { name: 'grown', inputSchema: { type: 'object' } }];
    c.emit('tools');
    await vi.waitFor(() => expect(m.servers()[0]!.tools.map((t) => t.name)).toEqual(['echo', 'grown']));
    expect(changes).toHaveBeenCalled();
  });

  it('on a new config stops removed and changed servers and starts new ones, keeping unchanged ones', async () => {
    const connector = new FakeConnector();
    const m = new McpManager({ connector, timers: new FakeTimers() });
    m.setServers([stdio('keep'), stdio('drop')]);
    await vi.waitFor(() => expect(m.servers().every((s) => s.status.state === 'connected')).toBe(true));
    const [keep, drop] = connector.made;
    m.setServers([stdio('keep'), stdio('new')]);
    await vi.waitFor(() => expect(state(m, 'new')?.state).toBe('connected'));
    expect(m.servers().map((s) => s.name)).toEqual(['keep', 'new']);
    expect(keep!.closed).toBe(false);
    expect(drop!.closed).toBe(true);
    await m.dispose();
    expect(connector.made.every((c) => c.closed)).toBe(true);
  });
});

describe('core/engines/mcp/approval', () => {
  const store = () => {
    const data = new Map<string, unknown>();
    return { get: (k: string) => data.get(k), update: async (k: string, v: unknown) => void data.set(k, v) };
  };

  it('asks once per server and configuration, and again when the command changes or the user restarts it', async () => {
    const asked: string[] = [];
    const answers: (boolean | undefined)[] = [true, false, undefined, true];
    const port = rememberingApproval(store(), async (e) => {
      asked.push(e.config.type === 'stdio' ? e.config.command : '');
      return answers.shift();
    });
    const a = stdio('a', 'project');
    expect(await port.approve(a)).toBe(true);
    expect(await port.approve(a)).toBe(true);
    const changed: McpServerEntry = { ...a, config: { type: 'stdio', command: 'evil', args: [], env: {} } };
    expect(await port.approve(changed)).toBe(false);
    expect(await port.approve(changed)).toBe(false);
    // Dismissed: no answer (the manager calls it dismissed, not declined), and not remembered.
    expect(await port.approve(changed, { askAgain: true })).toBeUndefined();
    expect(await port.approve(changed, { askAgain: true })).toBe(true);
    expect(await port.approve(changed)).toBe(true);
    expect(asked).toEqual(['node', 'evil', 'evil', 'evil']);
  });

  it('shows the command that would run', () => {
    const q = approvalQuestion({ name: 'x', scope: 'project', path: '/r/.mcp.json', config: { type: 'stdio', command: 'npx', args: ['-y', 'srv'], env: {} } });
    expect(q.message).toBe('Start the MCP server "x" from .mcp.json?');
    expect(q.detail).toContain('Command: npx -y srv');
    expect(q.detail).toContain('/r/.mcp.json');
  });
});

describe('McpManager.whenSettled', () => {
  it('resolves when no server is connecting any more, or at the timeout', async () => {
    let release!: () => void;
    const slow: McpConnector = { connect: () => new Promise((resolve) => (release = () => resolve(new FakeConnection()))) };
    const timers = new FakeTimers();
    const m = new McpManager({ connector: slow, timers });
    m.setServers([stdio('a')]);
    let settled = false;
    void m.whenSettled(5000).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(state(m, 'a')?.state).toBe('connected');

    const stuck = new McpManager({ connector: { connect: () => new Promise(() => {}) }, timers });
    stuck.setServers([stdio('b')]);
    const waiting = stuck.whenSettled(5000);
    timers.runNext();
    await waiting;
    expect(state(stuck, 'b')?.state).toBe('connecting');
  });
});
