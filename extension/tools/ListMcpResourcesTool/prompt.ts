/** What the model is told about ListMcpResourcesTool. */
export const LIST_MCP_RESOURCES_DESCRIPTION = 'List the resources MCP servers provide';

export const LIST_MCP_RESOURCES_PROMPT = `Lists the resources (documents, data, files) that the connected MCP servers offer: each with its server, uri, name, MIME type and description.
Give "server" to list one server's resources only; leave it out to list every server's.
Read a resource's contents with ReadMcpResourceTool, passing its server and uri.`;
