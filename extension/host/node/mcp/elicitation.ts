/**
 * MCP elicitation (`elicitation/create`, a server asking the user for input) on the SDK's `Client`
 * (docs/ARCHITECTURE.md, MCP): with an `McpElicitationPort`, the client declares the capability (form and
 * URL mode) and hands each request to the port as core's `McpElicitation`; the port's answer goes back to
 * the server (the SDK's client checks its shape). Without a port nothing is declared, so servers do not ask.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpElicitation, McpElicitationPort } from '../../../core/contracts/mcp';

/** The client capability to declare in `initialize` when elicitations can be answered. */
export function elicitationCapability(port: McpElicitationPort | undefined): { elicitation?: { form: Record<string, never>; url: Record<string, never> } } {
  return port ? { elicitation: { form: {}, url: {} } } : {};
}

type ElicitParams = { message: string; mode?: 'form' | 'url'; requestedSchema?: unknown; url?: string; elicitationId?: string };

export function elicitationOf(server: string, params: ElicitParams): McpElicitation {
  return {
    server,
    message: params.message,
    mode: params.mode ?? 'form',
    ...(params.requestedSchema && typeof params.requestedSchema === 'object' ? { requestedSchema: params.requestedSchema as Record<string, unknown> } : {}),
    ...(params.url ? { url: params.url } : {}),
    ...(params.elicitationId ? { elicitationId: params.elicitationId } : {}),
  };
}

/** Answers the server's `elicitation/create` requests through `port` (the client must declare the capability). */
export function handleElicitation(client: Client, server: string, port: McpElicitationPort | undefined): void {
  if (!port) return;
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const answer = await port.elicit(elicitationOf(server, request.params as ElicitParams), extra.signal);
    // The SDK's client validates the content against the result schema (string, number, boolean, string[]).
    return { action: answer.action, ...(answer.action === 'accept' && answer.content ? { content: answer.content as Record<string, string | number | boolean | string[]> } : {}) };
  });
}
