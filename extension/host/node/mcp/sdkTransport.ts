/**
 * The MCP transport of an in-process server of the Agent SDK application (config type `sdk`,
 * docs/ARCHITECTURE.md, MCP): the server runs in the application that started the CLI, and its JSON-RPC
 * travels over the SDK's control channel as `mcp_message` requests. `SdkMcpPipe` is that channel as this
 * side needs it (cli/sdk/sdkMcp.ts implements it), so nothing here knows the control protocol.
 *
 * A request we send resolves with the server's reply, which is handed to the client as if it had arrived
 * on the wire (a failed round trip becomes a JSON-RPC error for that id, so the call fails instead of
 * waiting for its timeout). Notifications and our answers to the server's own requests are fire and
 * forget: what the SDK answers to them is an acknowledgement, not a message of the server. What the server
 * sends on its own (notifications, `elicitation/create`, pings) arrives through `listen`.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export type JsonRpcMessage = Record<string, unknown>;

export interface SdkMcpPipe {
  /** One message for the in-process server `server`; for a request, resolves with the server's reply. */
  send(server: string, message: JsonRpcMessage): Promise<JsonRpcMessage | undefined>;
  /** The server's own messages, as they arrive; returns the unsubscribe. */
  listen(server: string, onMessage: (message: JsonRpcMessage) => void): () => void;
}

/** JSON-RPC's "internal error": the reply never came back. */
const INTERNAL_ERROR = -32603;

function isRequest(message: JsonRpcMessage): boolean {
  return typeof message.method === 'string' && message.id !== undefined && message.id !== null;
}

export class SdkMcpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private unlisten: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly server: string,
    private readonly pipe: SdkMcpPipe,
  ) {}

  async start(): Promise<void> {
    this.unlisten = this.pipe.listen(this.server, (message) => this.deliver(message));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error(`The connection to the SDK MCP server "${this.server}" is closed.`);
    const out = message as unknown as JsonRpcMessage;
    const sent = this.pipe.send(this.server, out);
    if (!isRequest(out)) {
      sent.catch((err: unknown) => this.onerror?.(err instanceof Error ? err : new Error(String(err))));
      return;
    }
    sent.then(
      (reply) => reply && this.deliver(reply),
      (err: unknown) => this.deliver({ jsonrpc: '2.0', id: out.id, error: { code: INTERNAL_ERROR, message: `The SDK MCP server "${this.server}" did not answer: ${err instanceof Error ? err.message : String(err)}` } }),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unlisten?.();
    this.onclose?.();
  }

  private deliver(message: JsonRpcMessage): void {
    if (!this.closed) this.onmessage?.(message as unknown as JSONRPCMessage);
  }
}
