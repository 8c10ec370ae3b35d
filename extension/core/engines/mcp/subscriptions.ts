/**
 * Resource subscriptions of the MCP manager (docs/ARCHITECTURE.md, MCP, "What servers can use"): the sessions
 * that read a resource hold it (core/engines/mcp/resourceWatch.ts), counted per server and uri, so the server
 * is sent `resources/subscribe` once for the first holder and `resources/unsubscribe` after the last release.
 * A server that did not declare `resources.subscribe` is never asked. A reconnected server forgot its
 * subscriptions: `attach` subscribes what is held again on the new connection and passes its
 * `notifications/resources/updated` on to the listeners.
 */
import { errorText } from './status';
import type { McpSlots } from './slots';
import type { Logger } from '../../contracts/settings';
import type { McpConnection } from '../../contracts/mcp';
import type { McpResourceUpdatedListener } from '../../contracts/mcpClient';

export class McpSubscriptions {
  /** server → uri → holders. */
  private readonly held = new Map<string, Map<string, number>>();
  private readonly listeners = new Set<McpResourceUpdatedListener>();

  constructor(
    private readonly slots: McpSlots,
    private readonly log: Logger | undefined,
  ) {}

  /** Holds `uri` of `server` subscribed until the release is called (a second call of it does nothing). */
  hold(server: string, uri: string): () => void {
    const uris = this.held.get(server) ?? new Map<string, number>();
    this.held.set(server, uris);
    const holders = uris.get(uri) ?? 0;
    uris.set(uri, holders + 1);
    if (holders === 0) this.send(this.live(server), server, uri, 'subscribe');
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (uris.get(uri) ?? 1) - 1;
      if (left > 0) return void uris.set(uri, left);
      uris.delete(uri);
      if (uris.size === 0) this.held.delete(server);
      this.send(this.live(server), server, uri, 'unsubscribe');
    };
  }

  /** True while some session holds `uri` of `server`. */
  isHeld(server: string, uri: string): boolean {
    return (this.held.get(server)?.get(uri) ?? 0) > 0;
  }

  /**
   * A new connection of `server`: what is held is subscribed on it, and its updates reach the listeners after
   * `onUpdated` (the manager lists the resources again). Returns the unsubscribes of its listener.
   */
  attach(server: string, connection: McpConnection, onUpdated: () => void): (() => void)[] {
    for (const uri of this.held.get(server)?.keys() ?? []) this.send(connection, server, uri, 'subscribe');
    const off = connection.onResourceUpdated?.((uri) => {
      onUpdated();
      for (const l of [...this.listeners]) l(server, uri);
    });
    return off ? [off] : [];
  }

  onResourceUpdated(listener: McpResourceUpdatedListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The server's connection, also while its lists are read (`attach` already ran for it). */
  private live(server: string): McpConnection | undefined {
    return this.slots.get(server)?.connection;
  }

  /** Fire and forget: a refused subscription costs the update notes of that resource, nothing else. */
  private send(connection: McpConnection | undefined, server: string, uri: string, op: 'subscribe' | 'unsubscribe'): void {
    if (!connection?.canSubscribe) return;
    const sent = op === 'subscribe' ? connection.subscribeResource?.(uri) : connection.unsubscribeResource?.(uri);
    void sent?.catch((err: unknown) => this.log?.warn(`MCP server "${server}": resources/${op} ${uri} failed: ${errorText(err)}`));
  }
}
