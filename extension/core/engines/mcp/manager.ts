/**
 * The MCP manager (docs/ARCHITECTURE.md, MCP): one connection per configured server, made through the
 * host's `McpConnector`, with its status and its tool / resource / prompt lists. A project server
 * (`.mcp.json`) starts only in a trusted workspace and after `McpApprovalPort` said yes (a repository must
 * not run programs silently); a declined or dismissed one is `disabled` with that reason until `approve`
 * asks again, and one held back for trust starts on `workspaceTrusted`. A connection that fails or drops is `failed` with the reason and the server's
 * last stderr, and is tried again with exponential backoff (1 s, 2 s, 4 s … capped). A remote server that
 * wants an OAuth sign-in is `needsAuth` (no retries: only the user can fix it) until `authenticate`.
 * `setEnabled` turns a server off (`disabled`, kept in the list) and on again. Implements `McpHub`.
 *
 * The parts: `slots.ts` (each server's record, the listeners, the views), `connections.ts` (the connection's
 * life), `projectGate.ts` (trust and approval), `listing.ts` (the lists), `retry.ts` (the backoff),
 * `subscriptions.ts` (the resources sessions keep subscribed).
 */
import { McpConnections } from './connections';
import { isTrusted } from './projectGate';
import { clearLists, McpSlots, newSlot, viewOf } from './slots';
import { describeStatus, sameEntry } from './status';
import { REAL_TIMERS, type McpManagerDeps } from './deps';
import { McpSubscriptions } from './subscriptions';
import type { McpHub, McpServerEntry, McpServerView } from '../../contracts/mcp';
import type { McpProgress, McpResourceUpdatedListener } from '../../contracts/mcpClient';

export { describeStatus };
export type { McpApprovalPort, McpManagerDeps, McpTimers } from './deps';

export class McpManager implements McpHub {
  private readonly slots: McpSlots;
  private readonly connections: McpConnections;
  private readonly subscriptions: McpSubscriptions;

  constructor(private readonly deps: McpManagerDeps) {
    const timers = deps.timers ?? REAL_TIMERS;
    this.slots = new McpSlots(timers);
    this.subscriptions = new McpSubscriptions(this.slots, deps.log);
    this.connections = new McpConnections(deps, timers, this.slots, this.subscriptions);
  }

  /** Sets the configured servers: removed or changed ones stop, new or changed ones start. */
  setServers(entries: readonly McpServerEntry[]): void {
    const next = new Map(entries.map((e) => [e.name, e]));
    for (const slot of this.slots.all()) {
      const keep = next.get(slot.entry.name);
      if (keep && sameEntry(keep, slot.entry)) continue;
      void this.connections.stop(slot);
      this.slots.remove(slot.entry.name);
    }
    for (const entry of entries) {
      if (this.slots.get(entry.name)) continue;
      const slot = newSlot(entry);
      this.slots.add(slot);
      void this.connections.start(slot, false);
    }
    this.slots.changed();
  }

  servers(): readonly McpServerView[] {
    return this.slots.all().map(viewOf);
  }

  /** The configured servers, as `setServers` last got them. */
  entries(): readonly McpServerEntry[] {
    return this.slots.all().map((s) => s.entry);
  }

  callTool(server: string, tool: string, args: Record<string, unknown>, signal?: AbortSignal, onProgress?: (progress: McpProgress) => void) {
    return this.connections.watchAuth(server, this.slots.connection(server).callTool(tool, args, signal, onProgress));
  }

  readResource(server: string, uri: string, signal?: AbortSignal) {
    return this.connections.watchAuth(server, this.slots.connection(server).readResource(uri, signal));
  }

  /** Counted per server and uri; the server is asked only when it declared `resources.subscribe`. */
  subscribeResource(server: string, uri: string): () => void {
    return this.subscriptions.hold(server, uri);
  }

  onResourceUpdated(listener: McpResourceUpdatedListener): () => void {
    return this.subscriptions.onResourceUpdated(listener);
  }

  getPrompt(server: string, prompt: string, args: Record<string, string>) {
    return this.connections.watchAuth(server, this.slots.connection(server).getPrompt(prompt, args));
  }

  async restart(server: string): Promise<void> {
    await this.connections.restart(this.slots.require(server), true);
  }

  /** Off: the server stops and stays `disabled` (no reconnects) until turned on, which connects it again. */
  async setEnabled(server: string, enabled: boolean): Promise<void> {
    const slot = this.slots.require(server);
    if (enabled) return this.connections.restart(slot, false);
    await this.connections.stop(slot);
    slot.failures = 0;
    clearLists(slot);
    this.slots.set(slot, { state: 'disabled', reason: 'turnedOff' });
  }

  /**
   * Asks again about a project server that was declined or whose question was dismissed (the /mcp panel's
   * Approve…, the palette's Approve MCP Server…); a remembered "no" does not count. An approved server is
   * left as it is.
   */
  async approve(server: string): Promise<void> {
    const slot = this.slots.require(server);
    if (slot.approved) return;
    if (!isTrusted(slot, this.deps)) throw new Error(`The MCP server "${server}" comes from this workspace's .mcp.json, which is not trusted: trust the workspace first.`);
    await this.connections.restart(slot, true);
  }

  /** The workspace became trusted: the project servers held back for it start (each asks first). */
  workspaceTrusted(): void {
    for (const slot of this.slots.all()) {
      if (slot.status.state === 'disabled' && slot.status.reason === 'untrusted') void this.connections.start(slot, false);
    }
  }

  /**
   * The OAuth sign-in of a server (the /mcp panel's Authenticate): the connector opens the browser and waits
   * for the redirect; then the server connects like any other. A failed sign-in leaves it `needsAuth` with
   * the reason, and rejects with it.
   */
  async authenticate(server: string): Promise<void> {
    await this.connections.signIn(this.slots.require(server));
  }

  /**
   * Resolves once no server is connecting any more (connected, failed, waiting for approval or disabled), or
   * after `timeoutMs`: the CLI waits for it so the first turn sees the servers' tools.
   */
  whenSettled(timeoutMs: number): Promise<void> {
    return this.slots.whenSettled(timeoutMs);
  }

  onDidChange(listener: () => void): () => void {
    return this.slots.onDidChange(listener);
  }

  /** Closes every connection and cancels pending reconnects. */
  async dispose(): Promise<void> {
    await this.connections.dispose();
    this.slots.clear();
  }
}
