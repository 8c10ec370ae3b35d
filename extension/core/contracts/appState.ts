/**
 * The host's application state (after Claude Code's `state/AppState`) and the store that holds it.
 * Most of it is deeply immutable and replaced, never edited, so a listener can tell what changed by
 * reference. Tasks and the MCP/plugin registries sit outside that guarantee: they hold functions, abort
 * controllers and live client handles that cannot be copied on every update.
 */
import type { Command } from './commands';
import { getEmptyToolPermissionContext, type ToolPermissionContext } from './permissions';
import type { TaskStateBase } from './tasks';
import type { WorktreeSession } from './worktree';
import type { DeepImmutable } from '../base/deepImmutable';
import { emptyWorkList, type WorkList } from './worklist';

/** One entry of a TodoWrite list. */
export interface TodoItem {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  /** Present-tense text shown while the item is in progress, e.g. `Running tests`. */
  activeForm: string;
}

/** A teammate of a team (TeamCreate): its name, its agent and the task it runs as. */
export interface TeamMember {
  name: string;
  agentId: string;
  taskId?: string;
}

/** A named team of `in_process_teammate` agents (docs/ARCHITECTURE.md, Teams). */
export interface TeamInfo {
  description: string;
  members: readonly TeamMember[];
}

/** An MCP server as the UI lists it. */
export interface McpClientInfo {
  name: string;
  type: 'connected' | 'pending' | 'failed' | 'disabled';
  error?: string;
}

/** An installed plugin. */
export interface PluginInfo {
  name: string;
  path: string;
}

/** The whole state of one session in the host. */
export type AppState = DeepImmutable<{
  toolPermissionContext: ToolPermissionContext;
  /** `null` until settings are read: then the configured model applies. */
  mainLoopModel: string | null;
  verbose: boolean;
  thinkingEnabled: boolean;
  statusLine?: string;
  /** TodoWrite lists keyed by agent id, so sub-agents keep their own. */
  todos: Record<string, readonly TodoItem[]>;
  /** The session's work list (TaskCreate …), one for the main agent, its sub-agents and teammates. */
  workList: WorkList;
  /** Teams the main agent created, by name (TeamCreate / TeamDelete). */
  teams: Record<string, TeamInfo>;
  /** The git worktree the session works in since EnterWorktree (later turns start there), until ExitWorktree. */
  worktreeSession?: WorktreeSession;
}> & {
  tasks: Record<string, TaskStateBase>;
  mcp: { clients: McpClientInfo[]; tools: unknown[]; commands: Command[]; resources: Record<string, unknown[]> };
  plugins: { enabled: PluginInfo[]; disabled: PluginInfo[]; errors: string[] };
};

/** A fresh state: no rules, no tasks, no servers. The host then applies settings. */
export function getDefaultAppState(): AppState {
  return {
    toolPermissionContext: getEmptyToolPermissionContext(),
    mainLoopModel: null,
    verbose: false,
    // Claude Code thinks by default on models that support it; settings can turn it off.
    thinkingEnabled: true,
    todos: {},
    workList: emptyWorkList(),
    teams: {},
    tasks: {},
    mcp: { clients: [], tools: [], commands: [], resources: {} },
    plugins: { enabled: [], disabled: [], errors: [] },
  };
}

/** Called after each change with the new and the previous state. */
export type AppStateListener = (state: AppState, prev: AppState) => void;

/** Holds the AppState; the only way to change it is `setState`. */
export interface AppStateStore {
  getState(): AppState;
  /** Replaces the state with `updater(prev)`; listeners run only if that is a different object. */
  setState(updater: (prev: AppState) => AppState): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: AppStateListener): () => void;
}

/** Options of `createAppStateStore`. */
export interface AppStateStoreOptions {
  /**
   * Receives what a listener threw. Without it, `setState` rethrows after every listener has run (an
   * `AggregateError` if several threw), so a broken listener is noticed but never starves the others.
   */
  onListenerError?: (error: unknown) => void;
}

/** A store starting at `initial` (default: `getDefaultAppState()`). */
export function createAppStateStore(initial?: AppState, options: AppStateStoreOptions = {}): AppStateStore {
  let state = initial ?? getDefaultAppState();
  // One entry object per subscription, so subscribing the same function twice gives two independent ones.
  const subscriptions = new Set<{ listener: AppStateListener }>();

  return {
    getState: () => state,
    setState(updater) {
      const prev = state;
      const next = updater(prev);
      if (Object.is(next, prev)) return;
      state = next;
      const errors: unknown[] = [];
      // Iterate a snapshot: a listener subscribed during notification waits for the next change, and one
      // unsubscribed during it (by itself or another) is skipped from then on.
      for (const sub of [...subscriptions]) {
        if (!subscriptions.has(sub)) continue;
        try {
          sub.listener(next, prev);
        } catch (error) {
          if (options.onListenerError) options.onListenerError(error);
          else errors.push(error);
        }
      }
      if (errors.length === 1) throw errors[0];
      if (errors.length > 1) throw new AggregateError(errors, `${errors.length} AppState listeners threw`);
    },
    subscribe(listener) {
      const sub = { listener };
      subscriptions.add(sub);
      return () => {
        subscriptions.delete(sub);
      };
    },
  };
}
