/**
 * MCP elicitation in the CLI (docs/ARCHITECTURE.md, MCP): a server's `elicitation/create` goes to the Agent
 * SDK application as an `elicitation` control request (its `onElicitation` answers; the SDK declines by itself
 * when the app has none), and its `{action, content}` goes back to the server. Without the SDK nobody can be
 * asked, so every elicitation is declined, with a note for the model in the tool's result; a round trip that
 * failed is declined too, and an aborted one is cancelled.
 */
import { isRecord } from '../../core/base/isRecord';
import type { McpElicitation, McpElicitationPort, McpElicitationResult } from '../../core/contracts/mcp';
import type { ControlBody, ControlChannel } from './channel';

const ACTIONS: readonly McpElicitationResult['action'][] = ['accept', 'decline', 'cancel'];

/**
 * The headless CLI without the SDK: nobody to ask. The model learns why from the note added to the tool's
 * result (whatever the server makes of the decline), so it does not retry or blame the server.
 */
export const declineElicitations: McpElicitationPort = {
  elicit: async (request) => ({ action: 'decline', note: headlessDeclineNote(request) }),
};

/** What the model reads beside the result of a call during which the server asked for input. */
export function headlessDeclineNote(request: Pick<McpElicitation, 'server' | 'message'>): string {
  const message = request.message.length > 300 ? `${request.message.slice(0, 300)}…` : request.message;
  return `[The MCP server "${request.server}" asked the user for input ("${message}"); it was declined because no one can answer in a headless run (the CLI passes a server's questions only to an Agent SDK application). If the information is needed, ask the user for it.]`;
}

/** The control request of one elicitation (`SDKControlElicitationRequest`). */
export function elicitationRequest(e: McpElicitation): ControlBody & { subtype: 'elicitation' } {
  const properties = isRecord(e.requestedSchema?.properties) ? Object.keys(e.requestedSchema.properties) : undefined;
  return {
    subtype: 'elicitation',
    mcp_server_name: e.server,
    message: e.message,
    mode: e.mode,
    ...(e.url ? { url: e.url } : {}),
    ...(e.elicitationId ? { elicitation_id: e.elicitationId } : {}),
    ...(e.requestedSchema ? { requested_schema: e.requestedSchema } : {}),
    ...(properties ? { property_order: properties } : {}),
  };
}

/** The app's answer as the server gets it; anything unreadable is a decline. */
export function elicitationAnswer(answer: ControlBody): McpElicitationResult {
  const action = ACTIONS.find((a) => a === answer.action);
  if (!action) return { action: 'decline' };
  return action === 'accept' && isRecord(answer.content) ? { action, content: answer.content } : { action };
}

/** Elicitations answered by the SDK application over `channel`. */
export function sdkElicitations(channel: ControlChannel): McpElicitationPort {
  return {
    async elicit(request, signal) {
      try {
        return elicitationAnswer(await channel.request(elicitationRequest(request), signal));
      } catch {
        return { action: signal?.aborted ? 'cancel' : 'decline' };
      }
    },
  };
}
