/**
 * Splits an MCP tool's wire name (`mcp__<server>__<tool>`, extension/core/contracts/mcp.ts `mcpToolName`) into
 * its server and tool, so a row can show them apart. The server part is the shortest that leaves a tool
 * name, so a tool whose own name contains `__` keeps it.
 */
export interface McpToolName {
  server: string;
  tool: string;
}

const MCP_NAME = /^mcp__([^_](?:.*?[^_])?)__(.+)$/;

export function parseMcpToolName(name: string): McpToolName | undefined {
  const m = MCP_NAME.exec(name);
  return m?.[1] && m[2] ? { server: m[1], tool: m[2] } : undefined;
}
