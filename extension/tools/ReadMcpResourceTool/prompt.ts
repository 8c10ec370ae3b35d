/** What the model is told about ReadMcpResourceTool. */
export const READ_MCP_RESOURCE_DESCRIPTION = 'Read a resource from an MCP server';

export const READ_MCP_RESOURCE_PROMPT = `Reads one resource of a connected MCP server by its uri, as ListMcpResourcesTool lists it (or as the user named it). Text comes back wrapped in <resource uri="…"> tags; images are shown; other binary contents are described.`;
