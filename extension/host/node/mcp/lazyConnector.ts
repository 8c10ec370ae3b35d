/**
 * The MCP connector, with the SDK loaded on the first connection (docs/ARCHITECTURE.md, Host memory): the MCP SDK
 * with its JSON Schema validator (ajv) is 0.4 MB of the extension bundle that a window with no server configured
 * never needs. `./connector` is an `import()`, so a lazy chunk in the bundles (the CLI does the same in cli/mcp.ts).
 */
import type { McpConnection, McpConnector, McpServerEntry } from '../../../core/contracts/mcp';
import type { NodeMcpConnector, NodeMcpConnectorOptions } from './connector';

export class LazyMcpConnector implements McpConnector {
  private loading: Promise<NodeMcpConnector> | undefined;

  constructor(private readonly options: NodeMcpConnectorOptions = {}) {}

  private connector(): Promise<NodeMcpConnector> {
    this.loading ??= import('./connector').then((m) => new m.NodeMcpConnector(this.options));
    // A failed load (a broken install) is reported by this connection and tried again by the next.
    this.loading.catch(() => (this.loading = undefined));
    return this.loading;
  }

  async connect(entry: McpServerEntry, signal?: AbortSignal): Promise<McpConnection> {
    return (await this.connector()).connect(entry, signal);
  }

  async authenticate(entry: McpServerEntry, signal?: AbortSignal): Promise<McpConnection> {
    return (await this.connector()).authenticate(entry, signal);
  }
}
