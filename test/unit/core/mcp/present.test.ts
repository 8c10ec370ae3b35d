/** The chat view of MCP results (core/engines/mcp/present.ts): images and resource links under the protocol's caps. */
import { describe, expect, it } from 'vitest';
import { presentToolResult } from '../../../../extension/conversation/toolViews/present';
import {
  MCP_VIEW_IMAGE_BUDGET,
  MCP_VIEW_MAX_IMAGES,
  MCP_VIEW_MAX_LINKS,
  mcpContentView,
  mcpResourcesView,
  presentMcpResources,
  presentMcpToolResult,
} from '../../../../extension/core/engines/mcp/present';
import { mcpResultBlock, mcpTools } from '../../../../extension/core/engines/mcp/tools';
import type { McpToolResult } from '../../../../extension/core/contracts/mcp';
import { ToolResultDataSchema } from '../../../../extension/protocol/entries';
import { ReadMcpResourceTool } from '../../../../extension/tools/ReadMcpResourceTool/ReadMcpResourceTool';
import { fakeHub, tool } from './fakeHub';

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const present = (content: unknown[]) => presentMcpToolResult({ input: {}, output: { content }, text: '', isError: false });

describe('core/engines/mcp/present: tool results', () => {
  it('gives the images and resource links of the content, embedded resources as links with their uri and MIME type', () => {
    const view = present([
      { type: 'text', text: 'Here is the chart' },
      { type: 'image', mimeType: 'image/png', data: PIXEL },
      { type: 'resource_link', uri: 'https://example.com/q3.pdf', name: 'Q3 report', mimeType: 'application/pdf', description: 'The report' },
      { type: 'resource', resource: { uri: 'memo://notes', mimeType: 'text/plain', text: 'hello' } },
      { type: 'resource', resource: { uri: 'img://logo', mimeType: 'image/gif', blob: 'R0lGODlh' } },
    ]);
    expect(view).toEqual({
      kind: 'mcp',
      images: [
        { mediaType: 'image/png', data: PIXEL },
        { mediaType: 'image/gif', data: 'R0lGODlh' },
      ],
      links: [
        { uri: 'https://example.com/q3.pdf', name: 'Q3 report', mimeType: 'application/pdf', description: 'The report' },
        { uri: 'memo://notes', mimeType: 'text/plain' },
        { uri: 'img://logo', mimeType: 'image/gif' },
      ],
    });
    expect(ToolResultDataSchema.parse(view)).toEqual(view);
  });

  it('gives nothing when the result has only text, audio or an output that is not an MCP result', () => {
    expect(present([{ type: 'text', text: 'only text' }, { type: 'audio', mimeType: 'audio/wav', data: 'AAAA' }])).toBeUndefined();
    expect(presentMcpToolResult({ input: {}, output: undefined, text: 'failed', isError: true })).toBeUndefined();
    expect(presentMcpToolResult({ input: {}, output: { content: 'nope' }, text: '', isError: false })).toBeUndefined();
  });

  it('shows only png, jpeg, gif and webp images with base64 data, never svg', () => {
    const view = present([
      { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' },
      { type: 'image', mimeType: 'image/bmp', data: 'Qk0=' },
      { type: 'image', mimeType: 'image/png', data: 'not base64 "><script>' },
      { type: 'image', mimeType: 'image/png', data: '' },
      { type: 'image', mimeType: 'IMAGE/JPEG', data: '/9j/' },
      { type: 'image', mimeType: 'image/webp', data: 'UklGRg==' },
    ]);
    expect(view?.images).toEqual([
      { mediaType: 'image/jpeg', data: '/9j/' },
      { mediaType: 'image/webp', data: 'UklGRg==' },
    ]);
  });

  it(`keeps at most ${MCP_VIEW_MAX_IMAGES} images and ${MCP_VIEW_MAX_LINKS} links, and the result still validates`, () => {
    const images = Array.from({ length: 30 }, () => ({ type: 'image', mimeType: 'image/png', data: PIXEL }));
    const links = Array.from({ length: 250 }, (_, i) => ({ type: 'resource_link', uri: `https://example.com/${i}` }));
    const view = present([...images, ...links]);
    expect(view?.images).toHaveLength(MCP_VIEW_MAX_IMAGES);
    expect(view?.links).toHaveLength(MCP_VIEW_MAX_LINKS);
    expect(view?.links.at(-1)?.uri).toBe(`https://example.com/${MCP_VIEW_MAX_LINKS - 1}`);
    expect(ToolResultDataSchema.safeParse(view).success).toBe(true);
  });

  it('leaves out images past the size budget of one result, keeping smaller ones after them', () => {
    const big = 'A'.repeat(MCP_VIEW_IMAGE_BUDGET - 8);
    const view = present([
      { type: 'image', mimeType: 'image/png', data: 'A'.repeat(MCP_VIEW_IMAGE_BUDGET + 4) },
      { type: 'image', mimeType: 'image/png', data: big },
      { type: 'image', mimeType: 'image/png', data: 'AAAAAAAAAAAA' },
      { type: 'image', mimeType: 'image/png', data: 'AAAA' },
    ]);
    expect(view?.images.map((i) => i.data.length)).toEqual([big.length, 4]);
    expect(ToolResultDataSchema.safeParse(view).success).toBe(true);
  });

  it('trims long names and descriptions, and leaves out an over-long or empty uri and an over-long MIME type', () => {
    const view = present([
      { type: 'resource_link', uri: `https://example.com/${'x'.repeat(9000)}`, name: 'too long' },
      { type: 'resource_link', uri: '  ', name: 'empty' },
      { type: 'resource_link', uri: 'docs://a', name: 'n'.repeat(600), description: 'd'.repeat(3000), mimeType: `text/${'x'.repeat(300)}` },
    ]);
    expect(view?.links).toHaveLength(1);
    const link = view?.links[0];
    expect(link?.uri).toBe('docs://a');
    expect(link?.name).toHaveLength(500);
    expect(link?.name?.endsWith('…')).toBe(true);
    expect(link?.description).toHaveLength(2000);
    expect(link?.mimeType).toBeUndefined();
    expect(ToolResultDataSchema.safeParse(view).success).toBe(true);
  });
});

describe('core/engines/mcp/present: resource reads', () => {
  it('gives each content as a link and an image blob as an image', () => {
    const view = mcpResourcesView([
      { uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello' },
      { uri: 'img://logo', mimeType: 'image/png', blob: PIXEL },
      { uri: 'bin://data', mimeType: 'application/octet-stream', blob: 'AAAA' },
      { nonsense: true },
    ]);
    expect(view).toEqual({
      kind: 'mcp',
      images: [{ mediaType: 'image/png', data: PIXEL }],
      links: [
        { uri: 'memo://greeting', mimeType: 'text/plain' },
        { uri: 'img://logo', mimeType: 'image/png' },
        { uri: 'bin://data', mimeType: 'application/octet-stream' },
      ],
    });
    expect(ToolResultDataSchema.safeParse(view).success).toBe(true);
    expect(mcpResourcesView([])).toBeUndefined();
    expect(mcpContentView([])).toBeUndefined();
  });
});

describe('core/engines/mcp/present: through the chat layer', () => {
  it("puts an MCP tool's images and links in the row's result data", () => {
    const answer: McpToolResult = {
      content: [
        { type: 'text', text: 'Rendered' },
        { type: 'image', mimeType: 'image/png', data: PIXEL },
        { type: 'resource_link', uri: 'file:///srv/q3.csv', name: 'q3.csv' },
      ],
    };
    const t = mcpTools(fakeHub([{ name: 'charts', tools: [tool('render')] }]))[0]!;
    const view = presentToolResult(t, { q: 'x' }, mcpResultBlock(answer, 'tu1'), answer);
    expect(view.data).toEqual({ kind: 'mcp', images: [{ mediaType: 'image/png', data: PIXEL }], links: [{ uri: 'file:///srv/q3.csv', name: 'q3.csv' }] });
    expect(view.text).toContain('Rendered');
  });

  it("puts ReadMcpResourceTool's contents in the row's result data", () => {
    const output = { server: 'docs', uri: 'memo://greeting', contents: [{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello' }] };
    const block = ReadMcpResourceTool.mapToolResultToToolResultBlockParam(output, 'tu2');
    const view = presentToolResult(ReadMcpResourceTool, { server: 'docs', uri: 'memo://greeting' }, block, output);
    expect(view.data).toEqual({ kind: 'mcp', images: [], links: [{ uri: 'memo://greeting', mimeType: 'text/plain' }] });
    expect(presentMcpResources({ input: {}, output: undefined, text: '', isError: true })).toBeUndefined();
  });
});
