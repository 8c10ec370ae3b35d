/** What the model is told about ListMcpResourcesTool. */
export const LIST_MCP_RESOURCES_DESCRIPTION = 'List the resources MCP servers provide';

export const LIST_MCP_RESOURCES_PROMPT = `Lists the resources (documents, data, files) the connected MCP servers offer, each with its server, uri, name, MIME type and description. Read one with ReadMcpResourceTool, passing its server and uri.`;
