import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cliMcpManager } from '../../../../extension/cli/mcp';
import { declineElicitations, elicitationAnswer, elicitationRequest, sdkElicitations } from '../../../../extension/cli/sdk/elicitation';
import { addSdkServers, sdkMcpBridge } from '../../../../extension/cli/sdk/sdkMcp';
import type { McpManager } from '../../../../extension/core/engines/mcp/manager';
import { mcpTools } from '../../../../extension/core/engines/mcp/tools';
import { FakeSdkApp } from './fakeSdkApp';

/** The app's in-process server: `add`, `grow` (adds `grown`, list_changed) and `ask` (elicits a name). */
function calcServer(): McpServer {
  const server = new McpServer({ name: 'calc-app', version: '2.1.0' }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool('add', { description: 'Adds.', inputSchema: { a: z.number(), b: z.number() }, annotations: { readOnlyHint: true } }, ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  server.registerTool('grow', { description: 'Adds grown.' }, () => {
    server.registerTool('grown', { description: 'New.' }, () => ({ content: [{ type: 'text', text: 'grown!' }] }));
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('ask', { description: 'Asks the user.' }, async () => {
    const answer = await server.server.elicitInput({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
    return { content: [{ type: 'text', text: `${answer.action}:${JSON.stringify(answer.content ?? null)}` }] };
  });
  return server;
}

const managers: McpManager[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.dispose();
});

async function setup() {
  const app = new FakeSdkApp();
  await app.addServer('calc', calcServer());
  const manager = cliMcpManager(process.cwd(), () => {}, app.channel);
  managers.push(manager);
  return { app, manager };
}

function text(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((c) => c.text ?? '').join('');
}

describe('in-process SDK MCP servers over mcp_message', () => {
  it('connect through the manager: tools/list and tools/call, tools named mcp__calc__*', async () => {
    const { app, manager } = await setup();
    expect(await addSdkServers(manager, ['calc'])).toEqual([]);
    const view = manager.servers().find((s) => s.name === 'calc')!;
    expect(view).toMatchObject({ scope: 'dynamic', status: { state: 'connected' }, serverInfo: { name: 'calc-app', version: '2.1.0' } });
    expect(view.tools.map((t) => t.name)).toEqual(['add', 'grow', 'ask']);
    expect(mcpTools(manager).map((t) => t.name)).toEqual(['mcp__calc__add', 'mcp__calc__grow', 'mcp__calc__ask']);
    expect(text(await manager.callTool('calc', 'add', { a: 2, b: 40 }))).toBe('42');
    // The handshake and the calls all went as mcp_message requests for "calc".
    const methods = app.sent('mcp_message').map((r) => [r.server_name, (r.message as { method?: string }).method]);
    expect(methods).toEqual(expect.arrayContaining([['calc', 'initialize'], ['calc', 'notifications/initialized'], ['calc', 'tools/list'], ['calc', 'tools/call']]));
  });

  it('a notification of the server (tools/list_changed) reaches the manager, and is acknowledged with an empty success', async () => {
    const { app, manager } = await setup();
    await addSdkServers(manager, ['calc']);
    const changed = new Promise<void>((resolve) => manager.onDidChange(() => manager.servers()[0]!.tools.some((t) => t.name === 'grown') && resolve()));
    await manager.callTool('calc', 'grow', {});
    await changed;
    const acks = app.responses.filter((r) => r.subtype === 'success');
    expect(acks.length).toBeGreaterThan(0);
    expect(acks.every((r) => JSON.stringify(r.response) === '{}')).toBe(true);
  });

  it('an mcp_message for a server nobody connected is answered with an error', async () => {
    const app = new FakeSdkApp();
    sdkMcpBridge(app.channel);
    const answer = await app.ask({ subtype: 'mcp_message', server_name: 'ghost', message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } });
    expect(answer).toMatchObject({ subtype: 'error', error: expect.stringContaining('no in-process MCP server "ghost"') });
  });

  it('a server the app does not have fails with the app’s reason, and addSdkServers says so', async () => {
    const { manager } = await setup();
    const failed = await addSdkServers(manager, ['nope'], 5_000);
    expect(failed[0]).toMatch(/in-process MCP server "nope": failed: .*SDK MCP server not found: nope/);
  });

  it('without the SDK a server of type sdk fails saying why', async () => {
    const manager = cliMcpManager(process.cwd(), () => {});
    managers.push(manager);
    expect((await addSdkServers(manager, ['calc'], 5_000))[0]).toMatch(/can be reached only when that application runs Codewright/);
  });
});

describe('MCP elicitation', () => {
  it('goes to the SDK as an elicitation control request and its answer back to the server', async () => {
    const { app, manager } = await setup();
    app.answers.elicitation = () => ({ action: 'accept', content: { name: 'Ada' } });
    await addSdkServers(manager, ['calc']);
    expect(text(await manager.callTool('calc', 'ask', {}))).toBe('accept:{"name":"Ada"}');
    expect(app.sent('elicitation')[0]).toEqual({
      subtype: 'elicitation',
      mcp_server_name: 'calc',
      message: 'Your name?',
      mode: 'form',
      requested_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      property_order: ['name'],
    });
  });

  it('is declined when the SDK answers with an error, and always without the SDK', async () => {
    const { app, manager } = await setup();
    app.answers.elicitation = () => {
      throw new Error('no handler');
    };
    await addSdkServers(manager, ['calc']);
    expect(text(await manager.callTool('calc', 'ask', {}))).toBe('decline:null');
    // Without the SDK: declined, with a note for the model (test/unit/cli/headlessElicitation.test.ts).
    expect(await declineElicitations.elicit({ server: 's', message: 'm', mode: 'form' })).toMatchObject({ action: 'decline', note: expect.stringContaining('headless run') });
  });

  it('maps requests and answers', async () => {
    expect(elicitationRequest({ server: 's', message: 'Open', mode: 'url', url: 'https://x.test/a', elicitationId: 'e1' })).toEqual({
      subtype: 'elicitation',
      mcp_server_name: 's',
      message: 'Open',
      mode: 'url',
      url: 'https://x.test/a',
      elicitation_id: 'e1',
    });
    expect(elicitationAnswer({ action: 'accept', content: { a: 1 } })).toEqual({ action: 'accept', content: { a: 1 } });
    expect(elicitationAnswer({ action: 'decline', content: { a: 1 } })).toEqual({ action: 'decline' });
    expect(elicitationAnswer({ action: 'maybe' })).toEqual({ action: 'decline' });
    const aborted = new AbortController();
    aborted.abort();
    expect(await sdkElicitations(new FakeSdkApp().channel).elicit({ server: 's', message: 'm', mode: 'form' }, aborted.signal)).toEqual({ action: 'cancel' });
  });
});
