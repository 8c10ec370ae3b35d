/** ListMcpResourcesTool: the resources of the connected MCP servers (docs/ARCHITECTURE.md, MCP tools, resources and prompts). */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool } from '../../core/contracts/tool';
import { LIST_MCP_RESOURCES_TOOL_NAME } from '../../protocol/toolNames';
import { connectedServer, hubOf } from '../shared/mcpHub';
import { LIST_MCP_RESOURCES_DESCRIPTION, LIST_MCP_RESOURCES_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  server: z.string().min(1).optional().describe('Only this server\'s resources; all connected servers when left out'),
});

export interface ListedResource {
  server: string;
  uri: string;
  name: string;
  mimeType?: string;
  description?: string;
}

export interface ListMcpResourcesOutput {
  resources: ListedResource[];
}

export const NO_RESOURCES_TEXT = 'No resources found. MCP servers may still offer tools even when they have no resources.';

export const ListMcpResourcesTool = buildTool({
  name: LIST_MCP_RESOURCES_TOOL_NAME,
  searchHint: 'mcp server resources list documents data',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return LIST_MCP_RESOURCES_DESCRIPTION;
  },
  async prompt() {
    return LIST_MCP_RESOURCES_PROMPT;
  },
  userFacingName: () => 'List MCP resources',
  getToolUseSummary: (input) => input?.server ?? null,
  getActivityDescription: (input) => (input?.server ? `Listing resources of ${input.server}` : 'Listing MCP resources'),

  async call({ server }, context) {
    const hub = hubOf(context);
    const servers = server ? [connectedServer(hub, server)] : hub.servers().filter((s) => s.status.state === 'connected');
    const resources = servers.flatMap((s) =>
      s.resources.map((r) => ({
        server: s.name,
        uri: r.uri,
        name: r.name,
        ...(r.mimeType ? { mimeType: r.mimeType } : {}),
        ...(r.description ? { description: r.description } : {}),
      })),
    );
    return { data: { resources } satisfies ListMcpResourcesOutput };
  },

  mapToolResultToToolResultBlockParam(output: ListMcpResourcesOutput, toolUseId: string): ToolResultBlock {
    const content = output.resources.length === 0 ? NO_RESOURCES_TEXT : JSON.stringify(output.resources);
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
});
