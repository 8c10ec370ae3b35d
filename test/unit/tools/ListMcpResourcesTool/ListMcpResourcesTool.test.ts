/** ListMcpResourcesTool through the real executor, against a fake hub. */
import { describe, expect, it } from 'vitest';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import type { ToolPorts } from '../../../../extension/core/contracts/toolUseContext';
import { ListMcpResourcesTool, NO_RESOURCES_TEXT } from '../../../../extension/tools/ListMcpResourcesTool/ListMcpResourcesTool';
import { fakeHub, type FakeHub } from '../../core/mcp/fakeHub';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

async function list(input: Record<string, unknown>, hub: FakeHub | undefined) {
  const context = makeContext([ListMcpResourcesTool]);
  const ports: ToolPorts = hub ? { ...context.ports, mcp: hub } : context.ports;
  const block = toolUse('ListMcpResourcesTool', input);
  context.discoveredToolNames.add('ListMcpResourcesTool');
  return executeToolUse({ block, assistantMessage: assistantWith(block), context: { ...context, ports }, canUseTool: allowAll });
}

const hub = fakeHub([
  { name: 'docs', resources: [{ uri: 'memo://greeting', name: 'greeting', mimeType: 'text/plain', description: 'A hello' }] },
  { name: 'files', resources: [{ uri: 'file:///a.txt', name: 'a.txt' }] },
  { name: 'down', state: 'failed', resources: [{ uri: 'x://y', name: 'y' }] },
]);

describe('ListMcpResourcesTool', () => {
  it('lists every connected server resources with their server, leaving out servers that are down', async () => {
    const outcome = await list({}, hub);
    expect(outcome.stage).toBe('success');
    expect(JSON.parse(outcome.result.content as string)).toEqual([
      { server: 'docs', uri: 'memo://greeting', name: 'greeting', mimeType: 'text/plain', description: 'A hello' },
      { server: 'files', uri: 'file:///a.txt', name: 'a.txt' },
    ]);
  });

  it('lists one server when asked', async () => {
    const outcome = await list({ server: 'files' }, hub);
    expect(JSON.parse(outcome.result.content as string)).toEqual([{ server: 'files', uri: 'file:///a.txt', name: 'a.txt' }]);
  });

  it('says so when there are none', async () => {
    expect((await list({}, fakeHub([{ name: 'docs' }]))).result.content).toBe(NO_RESOURCES_TEXT);
  });

  it('names the servers when the server is unknown, and says why one is not connected', async () => {
    expect((await list({ server: 'nope' }, hub)).result).toMatchObject({ is_error: true, content: expect.stringContaining('No MCP server is called "nope". Servers: docs, files, down.') });
    expect((await list({ server: 'down' }, hub)).result.content).toContain('The MCP server "down" is not connected (failed: boom).');
    expect((await list({}, undefined)).result.content).toContain('No MCP servers are configured in this session.');
  });

  it('is read-only and deferred', () => {
    expect([ListMcpResourcesTool.isReadOnly(), ListMcpResourcesTool.isConcurrencySafe(), ListMcpResourcesTool.shouldDefer]).toEqual([true, true, true]);
  });
});
