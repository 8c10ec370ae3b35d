/**
 * MCP elicitation (`elicitation/create`, a server asking the user for input) on the SDK's `Client`
 * (docs/ARCHITECTURE.md, MCP): with an `McpElicitationPort`, the client declares the capability (form and
 * URL mode) and hands each request to the port as core's `McpElicitation`; the port's answer goes back to
 * the server (the SDK's client checks its shape), and its note for the model to the tool call's result
 * (`ElicitationNotes`). Without a port nothing is declared, so servers do not ask.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CancelledNotificationSchema, ElicitRequestSchema, type CancelledNotification, type RequestId } from '@modelcontextprotocol/sdk/types.js';
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

/**
 * The notes of the answers given while tool calls run on one connection (`McpElicitationResult.note`), for
 * those calls' results. A request names no call (over stdio nothing ties it to one), so each note goes to
 * every call running when it came.
 */
export class ElicitationNotes {
  private readonly collecting = new Set<string[]>();

  /** Runs `call`; the notes added meanwhile come back with its result. */
  async during<T>(call: () => Promise<T>): Promise<{ result: T; notes: string[] }> {
    const notes: string[] = [];
    this.collecting.add(notes);
    try {
      return { result: await call(), notes };
    } finally {
      this.collecting.delete(notes);
    }
  }

  add(note: string): void {
    for (const notes of this.collecting) notes.push(note);
  }
}

/** Answers the server's `elicitation/create` requests through `port` (the client must declare the capability). */
export function handleElicitation(client: Client, server: string, port: McpElicitationPort | undefined, notes?: ElicitationNotes): void {
  if (!port) return;
  const cancels = followCancellations(client);
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const cancelled = new AbortController();
    cancels.set(extra.requestId, cancelled);
    try {
      const answer = await port.elicit(elicitationOf(server, request.params as ElicitParams), AbortSignal.any([extra.signal, cancelled.signal]));
      if (answer.note) notes?.add(answer.note);
      // The SDK's client validates the content against the result schema (string, number, boolean, string[]).
      return { action: answer.action, ...(answer.action === 'accept' && answer.content ? { content: answer.content as Record<string, string | number | boolean | string[]> } : {}) };
    } finally {
      cancels.delete(extra.requestId);
    }
  });
}

/**
 * The server's `notifications/cancelled` for the elicitations that wait (by request id). The SDK's own handler
 * drops a cancellation of request id 0 (modelcontextprotocol/typescript-sdk#2283), and 0 is the id of a
 * server's first request, often its first elicitation: its card would stay after the server gave up. The SDK's
 * handler still runs for every cancellation.
 */
function followCancellations(client: Client): Map<RequestId, AbortController> {
  const waiting = new Map<RequestId, AbortController>();
  const sdkHandler = (client as unknown as { _oncancel?: (n: CancelledNotification) => Promise<void> })._oncancel?.bind(client);
  client.setNotificationHandler(CancelledNotificationSchema, async (n) => {
    if (n.params.requestId !== undefined) waiting.get(n.params.requestId)?.abort(n.params.reason);
    await sdkHandler?.(n);
  });
  return waiting;
}
