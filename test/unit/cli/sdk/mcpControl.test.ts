import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cliMcpManager } from '../../../../extension/cli/mcp';
import { registerMcpControl } from '../../../../extension/cli/sdk/mcpControl';
import { addSdkServers } from '../../../../extension/cli/sdk/sdkMcp';
import type { McpManager } from '../../../../extension/core/engines/mcp/manager';
import { FakeSdkApp } from './fakeSdkApp';

function server(name: string): McpServer {
  const s = new McpServer({ name, version: '1.0.0' });
  s.registerTool('ping', { description: 'Pings.', annotations: { readOnlyHint: true } }, () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return s;
}

const managers: McpManager[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.dispose();
});

async function setup() {
  const app = new FakeSdkApp();
  await app.addServer('one', server('one-app'));
  await app.addServer('two', server('two-app'));
  const manager = cliMcpManager(process.cwd(), () => {}, app.channel);
  managers.push(manager);
  // A server of the command line (--mcp-config): mcp_set_servers leaves it alone.
  manager.setServers([{ name: 'configured', scope: 'cli', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer secret' } } }]);
  await manager.whenSettled(10_000);
  registerMcpControl(app.channel, () => manager);
  return { app, manager };
}

describe('MCP control requests', () => {
  it('mcp_status: every server as the SDK’s McpServerStatus, without headers', async () => {
    const { app, manager } = await setup();
    await addSdkServers(manager, ['one']);
    const answer = await app.ask({ subtype: 'mcp_status' });
    expect(answer.subtype).toBe('success');
    const rows = (answer.response as { mcpServers: Record<string, unknown>[] }).mcpServers;
    expect(rows).toEqual([
      { name: 'configured', status: 'failed', error: expect.any(String), config: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, scope: 'dynamic', source: 'dynamic' },
      {
        name: 'one',
        status: 'connected',
        serverInfo: { name: 'one-app', version: '1.0.0' },
        config: { type: 'sdk', name: 'one' },
        scope: 'dynamic',
        source: 'sdk',
        tools: [{ name: 'ping', description: 'Pings.', annotations: { readOnly: true, destructive: false, openWorld: false } }],
      },
    ]);
  });

  it('mcp_set_servers replaces the dynamic set and answers {added, removed, errors}', async () => {
    const { app, manager } = await setup();
    await addSdkServers(manager, ['one']);
    const answer = await app.ask({ subtype: 'mcp_set_servers', servers: { two: { type: 'sdk', name: 'two' }, bad: { type: 'http' }, gone: { type: 'sdk', name: 'missing' } } });
    expect(answer.subtype).toBe('success');
    const result = answer.response as { added: string[]; removed: string[]; errors: Record<string, string> };
    expect(result.added.sort()).toEqual(['gone', 'two']);
    expect(result.removed).toEqual(['one']);
    expect(Object.keys(result.errors).sort()).toEqual(['bad', 'gone']);
    expect(result.errors.gone).toMatch(/SDK MCP server not found: missing/);
    expect(manager.servers().map((s) => [s.name, s.status.state])).toEqual([
      ['configured', 'failed'],
      ['two', 'connected'],
      ['gone', 'failed'],
    ]);
  });

  it('mcp_toggle turns a server off and on; mcp_reconnect connects again, refusing a disabled one', async () => {
    const { app, manager } = await setup();
    await addSdkServers(manager, ['one']);
    expect((await app.ask({ subtype: 'mcp_toggle', serverName: 'one', enabled: false })).subtype).toBe('success');
    expect(manager.servers().find((s) => s.name === 'one')).toMatchObject({ status: { state: 'disabled' }, tools: [] });
    expect(await app.ask({ subtype: 'mcp_reconnect', serverName: 'one' })).toMatchObject({ subtype: 'error', error: expect.stringContaining('is disabled') });
    expect((await app.ask({ subtype: 'mcp_toggle', serverName: 'one', enabled: true })).subtype).toBe('success');
    expect(manager.servers().find((s) => s.name === 'one')?.status.state).toBe('connected');
    expect((await app.ask({ subtype: 'mcp_reconnect', serverName: 'one' })).subtype).toBe('success');
    expect(manager.servers().find((s) => s.name === 'one')?.status.state).toBe('connected');
    expect(await app.ask({ subtype: 'mcp_reconnect', serverName: 'configured' })).toMatchObject({ subtype: 'error', error: expect.stringContaining('did not connect') });
    expect(await app.ask({ subtype: 'mcp_toggle', serverName: 'nobody', enabled: true })).toMatchObject({ subtype: 'error', error: expect.stringContaining('no MCP server "nobody"') });
  });

  it('without a manager: an empty status, and changes are refused', async () => {
    const app = new FakeSdkApp();
    registerMcpControl(app.channel, () => undefined);
    expect(await app.ask({ subtype: 'mcp_status' })).toMatchObject({ subtype: 'success', response: { mcpServers: [] } });
    expect(await app.ask({ subtype: 'mcp_set_servers', servers: {} })).toMatchObject({ subtype: 'error', error: expect.stringContaining('cannot be managed') });
  });
});
