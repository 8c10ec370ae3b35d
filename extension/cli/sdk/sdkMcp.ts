/**
 * In-process MCP servers of the Agent SDK application (`createSdkMcpServer`; docs/ARCHITECTURE.md, MCP):
 * config type `sdk`, reached over the control channel. We send each JSON-RPC message of our client as
 * `{subtype: "mcp_message", server_name, message}`; for a request the SDK's answer carries the server's
 * reply as `mcp_response`. What the server sends on its own (notifications such as `tools/list_changed`, its
 * requests such as `elicitation/create`) comes to us as an `mcp_message` request, acknowledged with an empty
 * success. The host side (the MCP client, its transport: host/node/mcp/sdkTransport.ts) sees only `SdkMcpPipe`.
 *
 * The servers named in `initialize.sdkMcpServers` join the manager as `dynamic` entries (`addSdkServers`)
 * and connect through the usual path (`McpManager`, `NodeMcpConnector`), so their tools are
 * `mcp__<server>__<tool>` tools like any other, under the same permission rules. The manifests `initialize`
 * may carry are not used: the handshake goes over `mcp_message` like every later message.
 */
import { isRecord } from '../../core/base/isRecord';
import type { McpManager } from '../../core/engines/mcp/manager';
import { describeStatus } from '../../core/engines/mcp/status';
import type { McpServerEntry } from '../../core/contracts/mcp';
import type { JsonRpcMessage, SdkMcpPipe } from '../../host/node/mcp/sdkTransport';
import type { ControlBody, ControlChannel } from './channel';

/** How long `initialize` waits for the in-process servers to connect (they answer at once unless broken). */
const SDK_CONNECT_WAIT_MS = 30_000;

/** `SdkMcpPipe` on the control channel: one per channel (`sdkMcpBridge`), which serves its `mcp_message`. */
export class SdkMcpBridge implements SdkMcpPipe {
  private readonly listeners = new Map<string, (message: JsonRpcMessage) => void>();

  constructor(private readonly channel: ControlChannel) {}

  async send(server: string, message: JsonRpcMessage): Promise<JsonRpcMessage | undefined> {
    const answer = await this.channel.request({ subtype: 'mcp_message', server_name: server, message });
    return isRecord(answer.mcp_response) ? answer.mcp_response : undefined;
  }

  listen(server: string, onMessage: (message: JsonRpcMessage) => void): () => void {
    this.listeners.set(server, onMessage);
    return () => {
      if (this.listeners.get(server) === onMessage) this.listeners.delete(server);
    };
  }

  /** The SDK's `mcp_message`: a message of one of its servers for our client; answered with an empty success. */
  receive(request: ControlBody): ControlBody {
    const server = typeof request.server_name === 'string' ? request.server_name : '';
    if (!isRecord(request.message)) throw new Error('mcp_message needs a JSON-RPC "message" object');
    const listener = this.listeners.get(server);
    if (!listener) throw new Error(`no in-process MCP server "${server}" is connected`);
    listener(request.message);
    return {};
  }
}

const bridges = new WeakMap<ControlChannel, SdkMcpBridge>();

/** The channel's bridge, made (and `mcp_message` served) on the first call. */
export function sdkMcpBridge(channel: ControlChannel): SdkMcpBridge {
  let bridge = bridges.get(channel);
  if (!bridge) {
    const made = new SdkMcpBridge(channel);
    channel.handle('mcp_message', (request) => made.receive(request));
    bridges.set(channel, made);
    bridge = made;
  }
  return bridge;
}

/** The manager's entry of an in-process server named `name` by the SDK. */
export function sdkServerEntry(name: string): McpServerEntry {
  return { name, scope: 'dynamic', config: { type: 'sdk', name } };
}

/**
 * `initialize.sdkMcpServers`: the servers join the manager's servers (one of the same name is replaced) and
 * are waited for, so the first turn sees their tools. Resolves with a line per server that did not connect.
 */
export async function addSdkServers(manager: McpManager, names: readonly string[], waitMs = SDK_CONNECT_WAIT_MS): Promise<string[]> {
  const wanted = new Set(names);
  manager.setServers([...manager.entries().filter((e) => !wanted.has(e.name)), ...[...wanted].map(sdkServerEntry)]);
  await manager.whenSettled(waitMs);
  return manager
    .servers()
    .filter((s) => wanted.has(s.name) && s.status.state !== 'connected')
    .map((s) => `in-process MCP server "${s.name}": ${describeStatus(s.status)}`);
}
