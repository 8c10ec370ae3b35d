/**
 * The MCP manager (docs/ARCHITECTURE.md, MCP): one connection per configured server, made through the
 * host's `McpConnector`, with its status and its tool / resource / prompt lists. A project server
 * (`.mcp.json`) starts only in a trusted workspace and after `McpApprovalPort` said yes (a repository must
 * not run programs silently); a declined or dismissed one is `disabled` with that reason until `approve`
 * asks again, and one held back for trust starts on `workspaceTrusted`. A connection that fails or drops is `failed` with the reason and the server's
 * last stderr, and is tried again with exponential backoff (1 s, 2 s, 4 s … capped). A remote server that
 * wants an OAuth sign-in is `needsAuth` (no retries: only the user can fix it) until `authenticate`.
 * `setEnabled` turns a server off (`disabled`, kept in the list) and on again. Implements `McpHub`.
 */
import { isMcpAuthRequired } from './authError';
import type { Logger } from '../../contracts/ports';
import { describeStatus, errorText, sameEntry, stderrOf, urlOf } from './status';
import type {
  McpConnection,
  McpConnector,
  McpHub,
  McpPromptInfo,
  McpResourceInfo,
  McpServerEntry,
  McpServerStatus,
  McpServerView,
  McpToolInfo,
} from '../../contracts/mcp';

export { describeStatus };

/** Asks the user whether a project server may start; the host remembers the answer per workspace. */
export interface McpApprovalPort {
  /**
   * True: allowed; false: declined; undefined: the question was closed without an answer. `askAgain`: the
   * user asked to approve it (or restarted it), so a remembered "no" does not count.
   */
  approve(entry: McpServerEntry, options?: { askAgain?: boolean }): Promise<boolean | undefined>;
}

/** Test seam for the backoff. */
export interface McpTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface McpManagerDeps {
  connector: McpConnector;
  /** Without it, project servers stay `needsApproval` (nobody can answer). */
  approval?: McpApprovalPort;
  /**
   * Whether the workspace is trusted (VS Code's workspace trust); while it is not, project servers stay
   * `disabled` (reason `untrusted`) and nobody is asked. Absent: trusted (the CLI has no such notion).
   */
  trusted?: () => boolean;
  timers?: McpTimers;
  log?: Logger;
  backoff?: { firstMs: number; maxMs: number };
}

const REAL_TIMERS: McpTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A waiting reconnect must not keep the CLI's process alive.
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

interface Slot {
  entry: McpServerEntry;
  status: McpServerStatus;
  tools: McpToolInfo[];
  resources: McpResourceInfo[];
  prompts: McpPromptInfo[];
  connection?: McpConnection;
  /** Bumped on every (re)start and stop, so the results of an older attempt are dropped. */
  generation: number;
  failures: number;
  retry?: unknown;
  approved: boolean;
  abort?: AbortController;
  unsubscribe: (() => void)[];
}

export class McpManager implements McpHub {
  private readonly slots = new Map<string, Slot>();
  private readonly listeners = new Set<() => void>();
  private readonly timers: McpTimers;
  private disposed = false;

  constructor(private readonly deps: McpManagerDeps) {
    this.timers = deps.timers ?? REAL_TIMERS;
  }

  /** Sets the configured servers: removed or changed ones stop, new or changed ones start. */
  setServers(entries: readonly McpServerEntry[]): void {
    const next = new Map(entries.map((e) => [e.name, e]));
    for (const [name, slot] of this.slots) {
      const keep = next.get(name);
      if (keep && sameEntry(keep, slot.entry)) continue;
      void this.stop(slot);
      this.slots.delete(name);
    }
    for (const entry of entries) {
      if (this.slots.has(entry.name)) continue;
      const slot: Slot = { entry, status: { state: 'connecting' }, tools: [], resources: [], prompts: [], generation: 0, failures: 0, approved: entry.scope !== 'project', unsubscribe: [] };
      this.slots.set(entry.name, slot);
      void this.start(slot, false);
    }
    this.changed();
  }

  servers(): readonly McpServerView[] {
    return [...this.slots.values()].map((s) => ({
      name: s.entry.name,
      scope: s.entry.scope,
      status: s.status,
      tools: s.tools,
      resources: s.resources,
      prompts: s.prompts,
      ...(s.entry.path ? { path: s.entry.path } : {}),
      ...(s.status.state === 'connected' && s.connection?.serverInfo ? { serverInfo: s.connection.serverInfo } : {}),
    }));
  }

  /** The configured servers, as `setServers` last got them. */
  entries(): readonly McpServerEntry[] {
    return [...this.slots.values()].map((s) => s.entry);
  }

  callTool(server: string, tool: string, args: Record<string, unknown>, signal?: AbortSignal) {
    return this.watchAuth(server, this.connected(server).callTool(tool, args, signal));
  }

  readResource(server: string, uri: string, signal?: AbortSignal) {
    return this.watchAuth(server, this.connected(server).readResource(uri, signal));
  }

  getPrompt(server: string, prompt: string, args: Record<string, string>) {
    return this.watchAuth(server, this.connected(server).getPrompt(prompt, args));
  }

  async restart(server: string): Promise<void> {
    const slot = this.slots.get(server);
    if (!slot) throw new Error(`There is no MCP server "${server}".`);
    await this.stop(slot);
    slot.failures = 0;
    await this.start(slot, true);
  }

  /** Off: the server stops and stays `disabled` (no reconnects) until turned on, which connects it again. */
  async setEnabled(server: string, enabled: boolean): Promise<void> {
    const slot = this.slots.get(server);
    if (!slot) throw new Error(`There is no MCP server "${server}".`);
    await this.stop(slot);
    slot.failures = 0;
    if (enabled) return this.start(slot, false);
    slot.tools = [];
    slot.resources = [];
    slot.prompts = [];
    this.set(slot, { state: 'disabled', reason: 'turnedOff' });
  }

  /**
   * Asks again about a project server that was declined or whose question was dismissed (the /mcp panel's
   * Approve…, the palette's Approve MCP Server…); a remembered "no" does not count. An approved server is
   * left as it is.
   */
  async approve(server: string): Promise<void> {
    const slot = this.slots.get(server);
    if (!slot) throw new Error(`There is no MCP server "${server}".`);
    if (slot.approved) return;
    if (!this.isTrusted(slot)) throw new Error(`The MCP server "${server}" comes from this workspace's .mcp.json, which is not trusted: trust the workspace first.`);
    await this.stop(slot);
    slot.failures = 0;
    await this.start(slot, true);
  }

  /** The workspace became trusted: the project servers held back for it start (each asks first). */
  workspaceTrusted(): void {
    for (const slot of this.slots.values()) {
      if (slot.status.state === 'disabled' && slot.status.reason === 'untrusted') void this.start(slot, false);
    }
  }

  /**
   * The OAuth sign-in of a server (the /mcp panel's Authenticate): the connector opens the browser and waits
   * for the redirect; then the server connects like any other. A failed sign-in leaves it `needsAuth` with
   * the reason, and rejects with it.
   */
  async authenticate(server: string): Promise<void> {
    const slot = this.slots.get(server);
    if (!slot) throw new Error(`There is no MCP server "${server}".`);
    const connector = this.deps.connector;
    if (!connector.authenticate) throw new Error(`Signing in to MCP servers is not available here: configure a bearer token in the "headers" of "${server}".`);
    await this.stop(slot);
    slot.failures = 0;
    const generation = slot.generation;
    this.set(slot, { state: 'connecting' });
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

  /**
   * Resolves once no server is connecting any more (connected, failed, waiting for approval or disabled), or
   * after `timeoutMs`: the CLI waits for it so the first turn sees the servers' tools.
   */
  whenSettled(timeoutMs: number): Promise<void> {
    const settled = () => [...this.slots.values()].every((s) => s.status.state !== 'connecting');
    if (settled()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        off();
        this.timers.clearTimeout(timer);
        resolve();
      };
      const timer = this.timers.setTimeout(done, timeoutMs);
      const off = this.onDidChange(() => settled() && done());
    });
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Closes every connection and cancels pending reconnects. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.slots.values()].map((s) => this.stop(s)));
    this.slots.clear();
    this.listeners.clear();
  }

  private connected(server: string): McpConnection {
    const slot = this.slots.get(server);
    if (!slot) throw new Error(`There is no MCP server "${server}". Configured: ${[...this.slots.keys()].join(', ') || 'none'}.`);
    if (slot.status.state !== 'connected' || !slot.connection) throw new Error(`The MCP server "${server}" is not connected (${describeStatus(slot.status)}).`);
    return slot.connection;
  }

  /** Trust and approval (project servers), then the connection. */
  private async start(slot: Slot, askAgain: boolean): Promise<void> {
    const generation = ++slot.generation;
    if (!slot.approved) {
      if (!this.isTrusted(slot)) return this.set(slot, { state: 'disabled', reason: 'untrusted' });
      this.set(slot, { state: 'needsApproval' });
      const approval = this.deps.approval;
      if (!approval) return;
      // A question that failed to show got no answer: off, but not as if the user had said no.
      const answer = await approval.approve(slot.entry, askAgain ? { askAgain } : undefined).catch(() => undefined);
      if (generation !== slot.generation || this.disposed) return;
      slot.approved = answer === true;
      if (answer !== true) return this.set(slot, { state: 'disabled', reason: answer === undefined ? 'dismissed' : 'declined' });
    }
    await this.connect(slot, generation);
  }

  /** Only a project server waits for trust; the others are the user's own. */
  private isTrusted(slot: Slot): boolean {
    return slot.entry.scope !== 'project' || (this.deps.trusted?.() ?? true);
  }

  private async connect(slot: Slot, generation: number): Promise<void> {
    this.set(slot, { state: 'connecting' });
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
      ...(['tools', 'resources', 'prompts'] as const).map((kind) => connection.onListChanged(kind, () => void this.refresh(slot, generation, kind))),
    ];
    await Promise.all([this.refresh(slot, generation, 'tools', false), this.refresh(slot, generation, 'resources', false), this.refresh(slot, generation, 'prompts', false)]);
    if (generation !== slot.generation || slot.connection !== connection) return;
    slot.failures = 0;
    this.set(slot, { state: 'connected' });
  }

  /** Lists one kind again (after connect, or on its list_changed); a server without that capability has none. */
  private async refresh(slot: Slot, generation: number, kind: 'tools' | 'resources' | 'prompts', notify = true): Promise<void> {
    const connection = slot.connection;
    if (!connection) return;
    try {
      if (kind === 'tools') slot.tools = await connection.listTools();
      else if (kind === 'resources') slot.resources = await connection.listResources();
      else slot.prompts = await connection.listPrompts();
    } catch (err) {
      this.deps.log?.warn(`MCP server "${slot.entry.name}": listing ${kind} failed: ${errorText(err)}`);
      return;
    }
    if (notify && generation === slot.generation) this.changed();
  }

  /** Failed with the reason, and a reconnect after the next backoff step. */
  private fail(slot: Slot, error: string, stderr: string | undefined): void {
    this.dropConnection(slot);
    slot.tools = [];
    slot.resources = [];
    slot.prompts = [];
    const { firstMs, maxMs } = this.deps.backoff ?? { firstMs: 1000, maxMs: 30_000 };
    const delay = Math.min(firstMs * 2 ** slot.failures, maxMs);
    slot.failures++;
    const generation = slot.generation;
    this.deps.log?.warn(`MCP server "${slot.entry.name}" failed: ${error}${stderr ? `\n${stderr}` : ''}`);
    if (!this.disposed) {
      slot.retry = this.timers.setTimeout(() => {
        slot.retry = undefined;
        if (generation === slot.generation) void this.connect(slot, generation);
      }, delay);
    }
    this.set(slot, { state: 'failed', error, ...(stderr ? { stderr } : {}), retryAt: this.timers.now() + delay });
  }

  /** A call refused mid-session because the tokens ran out and could not be refreshed: the server needs a sign-in. */
  private async watchAuth<T>(server: string, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (err) {
      const slot = this.slots.get(server);
      if (isMcpAuthRequired(err) && slot?.status.state === 'connected') {
        slot.generation++;
        this.needsAuth(slot, urlOf(slot.entry));
      }
      throw err;
    }
  }

  /** Waiting for the user to sign in: no retry (it would only fail the same way). */
  private needsAuth(slot: Slot, url: string | undefined, error?: string): void {
    this.dropConnection(slot);
    slot.tools = [];
    slot.resources = [];
    slot.prompts = [];
    this.deps.log?.info(`MCP server "${slot.entry.name}" needs authentication${error ? `: ${error}` : '.'}`);
    this.set(slot, { state: 'needsAuth', ...(url ? { url } : {}), ...(error ? { error } : {}) });
  }

  private dropConnection(slot: Slot): void {
    for (const off of slot.unsubscribe) off();
    slot.unsubscribe = [];
    const connection = slot.connection;
    slot.connection = undefined;
    if (connection) void connection.close().catch(() => {});
  }

  private async stop(slot: Slot): Promise<void> {
    slot.generation++;
    if (slot.retry !== undefined) this.timers.clearTimeout(slot.retry);
    slot.retry = undefined;
    slot.abort?.abort();
    const connection = slot.connection;
    for (const off of slot.unsubscribe) off();
    slot.unsubscribe = [];
    slot.connection = undefined;
    await connection?.close().catch(() => {});
  }

  private set(slot: Slot, status: McpServerStatus): void {
    slot.status = status;
    this.changed();
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }
}
