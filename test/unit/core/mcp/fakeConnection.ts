/** A live MCP connection for the manager and /mcp panel tests: one `echo` tool, no resources or prompts; `over` replaces any of it. */
import type { McpConnection } from '../../../../extension/core/contracts/mcp';

export function fakeConnection(over: Partial<McpConnection> = {}): McpConnection {
  return {
    listTools: async () => [{ name: 'echo', inputSchema: { type: 'object' } }],
    callTool: async () => ({ content: [] }),
    listResources: async () => [],
    readResource: async () => [],
    listPrompts: async () => [],
    getPrompt: async () => ({ messages: [] }),
    onListChanged: () => () => {},
    onClose: () => () => {},
    close: async () => {},
    ...over,
  };
}
