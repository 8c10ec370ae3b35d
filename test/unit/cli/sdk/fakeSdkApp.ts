/**
 * The Agent SDK application's side of the control channel, for tests of cli/sdk/sdkMcp.ts, mcpControl.ts,
 * sdkHooks.ts and elicitation.ts: it answers what we send the way the SDK's Query does (sdk.mjs) — an
 * `mcp_message` goes to the in-process server (a real `McpServer` on an in-memory transport), whose reply to a
 * request comes back as `mcp_response`; a notification is acknowledged at once; what the server sends on its
 * own comes to us as an `mcp_message` request. Other subtypes are answered by `answers[subtype]`.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type ControlBody, ControlChannel } from '../../../../extension/cli/sdk/channel';

type Answer = (request: ControlBody) => ControlBody | Promise<ControlBody>;

/** The server's transport inside the app: what the server sends goes to `FakeSdkApp.fromServer`. */
class AppSideTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  constructor(private readonly out: (message: JSONRPCMessage) => void) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    this.out(message);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }
}

function isRequest(m: Record<string, unknown>): boolean {
  return 'method' in m && 'id' in m && m.id !== null;
}

export class FakeSdkApp {
  readonly channel: ControlChannel;
  /** Every line we wrote (control requests and responses). */
  readonly lines: ControlBody[] = [];
  readonly answers: Record<string, Answer> = {};
  /** Our answers to the app's requests (`control_response.response`). */
  readonly responses: ControlBody[] = [];
  private readonly servers = new Map<string, AppSideTransport>();
  /** `<server>:<id>` of requests waiting for the server's reply → our control request's id. */
  private readonly waiting = new Map<string, string>();
  private nextId = 0;

  constructor() {
    this.channel = new ControlChannel((line) => {
      this.lines.push(line);
      if (line.type === 'control_request') queueMicrotask(() => void this.serve(String(line.request_id), line.request as ControlBody));
      if (line.type === 'control_response') this.responses.push(line.response as ControlBody);
    });
  }

  async addServer(name: string, server: McpServer): Promise<void> {
    const transport = new AppSideTransport((m) => this.fromServer(name, m));
    this.servers.set(name, transport);
    await server.connect(transport);
  }

  /** The control requests we sent of one subtype. */
  sent(subtype: string): ControlBody[] {
    return this.lines.filter((l) => l.type === 'control_request' && (l.request as ControlBody).subtype === subtype).map((l) => l.request as ControlBody);
  }

  /** The app asks us something; resolves with our answer. */
  async ask(request: ControlBody & { subtype: string }): Promise<ControlBody> {
    const id = `app-${++this.nextId}`;
    await this.channel.receiveRequest(id, request);
    return this.responses.find((r) => r.request_id === id)!;
  }

  private async serve(requestId: string, request: ControlBody): Promise<void> {
    const success = (response: ControlBody) => this.channel.receiveResponse({ subtype: 'success', request_id: requestId, response });
    if (request.subtype === 'mcp_message') {
      const server = this.servers.get(String(request.server_name));
      const message = request.message as Record<string, unknown>;
      if (!server) return this.channel.receiveResponse({ subtype: 'error', request_id: requestId, error: `SDK MCP server not found: ${String(request.server_name)}` });
      if (isRequest(message)) this.waiting.set(`${String(request.server_name)}:${String(message.id)}`, requestId);
      server.onmessage?.(message as JSONRPCMessage);
      if (!isRequest(message)) success({ mcp_response: { jsonrpc: '2.0', result: {}, id: 0 } });
      return;
    }
    const answer = this.answers[String(request.subtype)];
    if (!answer) return this.channel.receiveResponse({ subtype: 'error', request_id: requestId, error: `no answer for ${String(request.subtype)}` });
    try {
      success(await answer(request));
    } catch (err) {
      this.channel.receiveResponse({ subtype: 'error', request_id: requestId, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private fromServer(name: string, message: JSONRPCMessage): void {
    const m = message as Record<string, unknown>;
    const key = `${name}:${String(m.id)}`;
    const requestId = 'id' in m && !('method' in m) ? this.waiting.get(key) : undefined;
    if (requestId) {
      this.waiting.delete(key);
      this.channel.receiveResponse({ subtype: 'success', request_id: requestId, response: { mcp_response: m } });
      return;
    }
    void this.channel.receiveRequest(`app-${++this.nextId}`, { subtype: 'mcp_message', server_name: name, message: m });
  }
}
