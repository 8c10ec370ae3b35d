/** ReadMcpResourceTool: one resource of an MCP server, by uri (docs/ARCHITECTURE.md, MCP tools, resources and prompts). */
import { z } from 'zod';
import { resourceContentsBlock } from '../../core/engines/mcp/content';
import { presentMcpResources } from '../../core/engines/mcp/present';
import type { McpResourceContents } from '../../core/contracts/mcp';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool } from '../../core/contracts/tool';
import { READ_MCP_RESOURCE_TOOL_NAME } from '../../protocol/toolNames';
import { connectedServer, hubOf } from '../shared/mcpHub';
import { READ_MCP_RESOURCE_DESCRIPTION, READ_MCP_RESOURCE_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  server: z.string().min(1).describe('The MCP server that provides the resource'),
  uri: z.string().min(1).describe('The resource\'s uri, as ListMcpResourcesTool lists it'),
});

export interface ReadMcpResourceOutput {
  server: string;
  uri: string;
  contents: McpResourceContents[];
}

export const ReadMcpResourceTool = buildTool({
  name: READ_MCP_RESOURCE_TOOL_NAME,
  searchHint: 'mcp server resource read fetch contents uri',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return READ_MCP_RESOURCE_DESCRIPTION;
  },
  async prompt() {
    return READ_MCP_RESOURCE_PROMPT;
  },
  userFacingName: () => 'Read MCP resource',
  getToolUseSummary: (input) => (input?.server && input.uri ? `${input.server}:${input.uri}` : null),
  getActivityDescription: (input) => (input?.uri ? `Reading ${input.uri}` : 'Reading an MCP resource'),

  async call({ server, uri }, context) {
    const hub = hubOf(context);
    connectedServer(hub, server);
    const contents = await hub.readResource(server, uri, context.abortController.signal);
    return { data: { server, uri, contents } satisfies ReadMcpResourceOutput };
  },

  // The chat row: each content's uri and MIME type as a link, image blobs as images.
  present: presentMcpResources,

  mapToolResultToToolResultBlockParam(output: ReadMcpResourceOutput, toolUseId: string): ToolResultBlock {
    const blocks = output.contents.map(resourceContentsBlock);
    if (blocks.length === 0) return { type: 'tool_result', tool_use_id: toolUseId, content: `The resource ${output.uri} has no contents.` };
    if (blocks.every((b) => b.type === 'text')) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: blocks.map((b) => (b.type === 'text' ? b.text : '')).join('\n') };
    }
    return { type: 'tool_result', tool_use_id: toolUseId, content: blocks };
  },
});
