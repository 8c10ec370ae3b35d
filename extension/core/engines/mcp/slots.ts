/**
 * The MCP manager's record of each configured server (its slot: entry, status, lists, connection) and the
 * listeners told of every change; the status views of /mcp and the CLI are read from here.
 */
import { describeStatus } from './status';
import type { McpTimers } from './deps';
import type {
  McpConnection,
  McpPromptInfo,
  McpResourceInfo,
  McpServerEntry,
  McpServerStatus,
  McpServerView,
  McpToolInfo,
} from '../../contracts/mcp';

export interface Slot {
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

/** A server just configured: connecting, approved unless it is a project server. */
export function newSlot(entry: McpServerEntry): Slot {
  return { entry, status: { state: 'connecting' }, tools: [], resources: [], prompts: [], generation: 0, failures: 0, approved: entry.scope !== 'project', unsubscribe: [] };
}

/** A server that is not connected offers nothing. */
export function clearLists(slot: Slot): void {
  slot.tools = [];
  slot.resources = [];
  slot.prompts = [];
}

/** One server as /mcp and the CLI show it. */
export function viewOf(slot: Slot): McpServerView {
  return {
    name: slot.entry.name,
    scope: slot.entry.scope,
    status: slot.status,
    tools: slot.tools,
    resources: slot.resources,
    prompts: slot.prompts,
    ...(slot.entry.path ? { path: slot.entry.path } : {}),
    ...(slot.status.state === 'connected' && slot.connection?.serverInfo ? { serverInfo: slot.connection.serverInfo } : {}),
  };
}

/** The slots by server name, and the listeners of their changes. */
export class McpSlots {
  private readonly byName = new Map<string, Slot>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly timers: McpTimers) {}

  get(server: string): Slot | undefined {
    return this.byName.get(server);
  }

  /** The slot of `server`; throws when no such server is configured. */
  require(server: string): Slot {
    const slot = this.byName.get(server);
    if (!slot) throw new Error(`There is no MCP server "${server}".`);
    return slot;
  }

  all(): Slot[] {
    return [...this.byName.values()];
  }

  add(slot: Slot): void {
    this.byName.set(slot.entry.name, slot);
  }

  remove(server: string): void {
    this.byName.delete(server);
  }

  /** The live connection of `server`; throws, saying why, when it has none. */
  connection(server: string): McpConnection {
    const slot = this.byName.get(server);
    if (!slot) throw new Error(`There is no MCP server "${server}". Configured: ${[...this.byName.keys()].join(', ') || 'none'}.`);
    if (slot.status.state !== 'connected' || !slot.connection) throw new Error(`The MCP server "${server}" is not connected (${describeStatus(slot.status)}).`);
    return slot.connection;
  }

  set(slot: Slot, status: McpServerStatus): void {
    slot.status = status;
    this.changed();
  }

  changed(): void {
    for (const l of [...this.listeners]) l();
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Resolves once no server is connecting any more, or after `timeoutMs`. */
  whenSettled(timeoutMs: number): Promise<void> {
    const settled = () => this.all().every((s) => s.status.state !== 'connecting');
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

  /** Forgets every slot and listener (after the connections were closed). */
  clear(): void {
    this.byName.clear();
    this.listeners.clear();
  }
}
