/** ReadMcpResourceTool through the real executor, against a fake hub. */
import { describe, expect, it } from 'vitest';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { ReadMcpResourceTool } from '../../../../extension/tools/ReadMcpResourceTool/ReadMcpResourceTool';
import { fakeHub } from '../../core/mcp/fakeHub';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

const PNG = 'iVBORw0KGgo=';
const hub = fakeHub([
  {
    name: 'docs',
    contents: {
      'memo://greeting': [{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello from docs' }],
      'img://logo': [{ uri: 'img://logo', mimeType: 'image/png', blob: PNG }],
      'bin://data': [{ uri: 'bin://data', mimeType: 'application/octet-stream', blob: 'AAAAAAAA' }],
      'empty://': [],
    },
  },
]);

async function read(input: Record<string, unknown>) {
  const base = makeContext([ReadMcpResourceTool]);
  const context = { ...base, ports: { ...base.ports, mcp: hub } };
  context.discoveredToolNames.add('ReadMcpResourceTool');
  const block = toolUse('ReadMcpResourceTool', input);
  return executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
}

describe('ReadMcpResourceTool', () => {
  it('returns a text resource wrapped in a resource tag naming its uri', async () => {
    const outcome = await read({ server: 'docs', uri: 'memo://greeting' });
    expect(outcome.result.content).toBe('<resource uri="memo://greeting" mimeType="text/plain">\nHello from docs\n</resource>');
  });

  it('shows an image blob as an image and describes another blob', async () => {
    expect((await read({ server: 'docs', uri: 'img://logo' })).result.content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]);
    expect((await read({ server: 'docs', uri: 'bin://data' })).result.content).toBe('[Binary resource bin://data (application/octet-stream), 6 bytes; not shown]');
    expect((await read({ server: 'docs', uri: 'empty://' })).result.content).toBe('The resource empty:// has no contents.');
  });

  it('passes the server error for an unknown uri back to the model, and needs both fields', async () => {
    expect((await read({ server: 'docs', uri: 'memo://nope' })).result).toMatchObject({ is_error: true, content: expect.stringContaining('Resource memo://nope not found') });
    expect((await read({ server: 'other', uri: 'memo://greeting' })).result.content).toContain('No MCP server is called "other"');
    expect(await read({ server: 'docs' })).toMatchObject({ stage: 'invalid_input' });
  });
});
