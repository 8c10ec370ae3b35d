/**
 * The life of each MCP server's connection: started (after the project gate), attached with its lists and
 * listeners, `failed` and retried with backoff when it fails or drops, `needsAuth` when a remote server wants
 * a sign-in (no retries: only the user can fix it; also when a server that let `initialize` through refuses
 * a list or a call for want of one), and stopped. Every step checks the slot's generation, so an older attempt
 * that finishes late changes nothing. A new connection gets the resource subscriptions the sessions hold
 * (subscriptions.ts); an update lists the resources again.
 */
import { isMcpAuthRequired } from './authError';
import { admit } from './projectGate';
import { LIST_KINDS, listInto, type ListKind } from './listing';
import { cancelReconnect, nextBackoff, scheduleReconnect } from './retry';
import { clearLists, type McpSlots, type Slot } from './slots';
import type { McpSubscriptions } from './subscriptions';
import { errorText, stderrOf, urlOf } from './status';
import type { McpManagerDeps, McpTimers } from './deps';
import type { McpConnection } from '../../contracts/mcp';

export class McpConnections {
  private disposed = false;

  constructor(
    private readonly deps: McpManagerDeps,
    private readonly timers: McpTimers,
    private readonly slots: McpSlots,
    private readonly subscriptions: McpSubscriptions,
  ) {}

  /** Trust and approval (project servers), then the connection. */
  async start(slot: Slot, askAgain: boolean): Promise<void> {
    const generation = ++slot.generation;
    if (!slot.approved && !(await admit(slot, generation, askAgain, this.deps, this.slots, () => this.disposed))) return;
    await this.connect(slot, generation);
  }

  /** Stops the slot, forgets its failures and starts it again. */
  async restart(slot: Slot, askAgain: boolean): Promise<void> {
    await this.stop(slot);
    slot.failures = 0;
    await this.start(slot, askAgain);
  }

  /**
   * The OAuth sign-in: the connector opens the browser and waits for the redirect; then the server connects
   * like any other. A failed sign-in leaves it `needsAuth` with the reason, and rejects with it.
   */
  async signIn(slot: Slot): Promise<void> {
    const connector = this.deps.connector;
    if (!connector.authenticate) throw new Error(`Signing in to MCP servers is not available here: configure a bearer token in the "headers" of "${slot.entry.name}".`);
    await this.stop(slot);
    slot.failures = 0;
    const generation = slot.generation;
    this.slots.set(slot, { state: 'connecting' });
    const abort = new AbortController();
    slot.abort = abort;
    let connection: McpConnection;
    try {
      connection = await connector.authenticate(slot.entry, abort.signal);
    } catch (err) {
      if (generation === slot.generation) this.needsAuth(slot, urlOf(slot.entry), errorText(err));
      throw err;
    }
    await this.attach(slot, generation, connection);
  }

  /** A call refused mid-session because the tokens ran out and could not be refreshed: the server needs a sign-in. */
  async watchAuth<T>(server: string, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (err) {
      const slot = this.slots.get(server);
      if (isMcpAuthRequired(err) && slot?.status.state === 'connected') this.authLost(slot);
      throw err;
    }
  }

  async stop(slot: Slot): Promise<void> {
    slot.generation++;
    cancelReconnect(slot, this.timers);
    slot.abort?.abort();
    const connection = slot.connection;
    for (const off of slot.unsubscribe) off();
    slot.unsubscribe = [];
    slot.connection = undefined;
    await connection?.close().catch(() => {});
  }

  /** Closes every connection and cancels pending reconnects; no attempt still running connects afterwards. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all(this.slots.all().map((s) => this.stop(s)));
  }

  private async connect(slot: Slot, generation: number): Promise<void> {
    this.slots.set(slot, { state: 'connecting' });
    const abort = new AbortController();
    slot.abort = abort;
    let connection: McpConnection;
    try {
      connection = await this.deps.connector.connect(slot.entry, abort.signal);
    } catch (err) {
      if (generation !== slot.generation) return;
      if (isMcpAuthRequired(err)) this.needsAuth(slot, err.url);
      else this.fail(slot, errorText(err), stderrOf(err));
      return;
    }
    await this.attach(slot, generation, connection);
  }

  /** A new connection becomes the slot's: listeners, the lists, then `connected`. */
  private async attach(slot: Slot, generation: number, connection: McpConnection): Promise<void> {
    if (generation !== slot.generation || this.disposed) {
      await connection.close().catch(() => {});
      return;
    }
    slot.connection = connection;
    slot.unsubscribe = [
      connection.onClose((reason) => {
        if (generation !== slot.generation) return;
        // fail() closes it too: the transport's child and streams are cleaned up after a crash.
        this.fail(slot, reason.error ?? 'The server closed the connection.', reason.stderr);
      }),
      ...LIST_KINDS.map((kind) => connection.onListChanged(kind, () => void this.refresh(slot, generation, kind))),
      ...this.subscriptions.attach(slot.entry.name, connection, () => void this.refresh(slot, generation, 'resources')),
    ];
    const listed = await Promise.all(LIST_KINDS.map((kind) => listInto(slot, kind, this.deps.log)));
    if (generation !== slot.generation || slot.connection !== connection) return;
    // In silent mode a server may let `initialize` through and answer 401 on its lists: that is a sign-in, not 0 tools.
    if (listed.includes('needsAuth')) return this.authLost(slot);
    // A server that cannot list its tools is of no use to the agent: failed with why, and retried, not "0 tools".
    const tools = listed[LIST_KINDS.indexOf('tools')];
    if (typeof tools === 'object') return this.fail(slot, `The server did not list its tools: ${tools.error}`, undefined);
    slot.failures = 0;
    this.slots.set(slot, { state: 'connected' });
  }

  /** Lists one kind again (on its list_changed, or a resource update). */
  private async refresh(slot: Slot, generation: number, kind: ListKind): Promise<void> {
    const outcome = await listInto(slot, kind, this.deps.log);
    if (generation !== slot.generation) return;
    if (outcome === 'needsAuth') this.authLost(slot);
    else if (outcome === 'listed') this.slots.changed();
  }

  /** The server refused a request for want of a sign-in mid-session: `needsAuth`, and the connection's late events are dropped. */
  private authLost(slot: Slot): void {
    slot.generation++;
    this.needsAuth(slot, urlOf(slot.entry));
  }

  /** Failed with the reason, and a reconnect after the next backoff step. */
  private fail(slot: Slot, error: string, stderr: string | undefined): void {
    this.dropConnection(slot);
    clearLists(slot);
    const delay = nextBackoff(slot, this.deps.backoff);
    this.deps.log?.warn(`MCP server "${slot.entry.name}" failed: ${error}${stderr ? `\n${stderr}` : ''}`);
    if (!this.disposed) scheduleReconnect(slot, this.timers, delay, (generation) => void this.connect(slot, generation));
    this.slots.set(slot, { state: 'failed', error, ...(stderr ? { stderr } : {}), retryAt: this.timers.now() + delay });
  }

  /** Waiting for the user to sign in: no retry (it would only fail the same way). */
  private needsAuth(slot: Slot, url: string | undefined, error?: string): void {
    this.dropConnection(slot);
    clearLists(slot);
    this.deps.log?.info(`MCP server "${slot.entry.name}" needs authentication${error ? `: ${error}` : '.'}`);
    this.slots.set(slot, { state: 'needsAuth', ...(url ? { url } : {}), ...(error ? { error } : {}) });
  }

  private dropConnection(slot: Slot): void {
    for (const off of slot.unsubscribe) off();
    slot.unsubscribe = [];
    const connection = slot.connection;
    slot.connection = undefined;
    if (connection) void connection.close().catch(() => {});
  }
}
