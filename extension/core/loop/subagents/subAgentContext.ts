/**
 * A sub-agent's `ToolUseContext` (docs/ARCHITECTURE.md, Sub-agents): isolated from its parent's so nothing it
 * does changes the parent's session state. Its own abort controller follows the parent's (the parent stops
 * ⇒ it stops, never the other way); `setAppState` is a no-op, while tasks still reach the root store (and
 * carry the sub-agent's id, so their notifications come back to it); its own denial tracking, decisions,
 * read-file state (a copy) and messages.
 */
import type { AgentId } from '../../base/ids';
import type { PermissionMode } from '../../contracts/permissions';
import type { AppState } from '../../contracts/appState';
import type { SetAppState } from '../../engines/tasks/taskStore';
import type { PermissionBubble, ToolUseContext } from '../../contracts/toolUseContext';
import { createContentReplacementState } from '../../engines/results/resultStorage';
import type { Tools } from '../../contracts/tool';
import { WorkingDirectory } from '../../contracts/workingDirectory';

export interface SubAgentContextOptions {
  agentId: AgentId;
  agentType: string;
  description: string;
  tools: Tools;
  model: string;
  cwd: string;
  /** A read-only agent runs in `plan` mode whatever the parent's mode. */
  permissionMode?: PermissionMode;
  /** A fork: it carries on the parent's conversation, so it keeps the parent's record of replaced tool results. */
  inheritConversation?: boolean;
  /** A background agent or teammate: its permission questions go up to the parent (`bubble` mode). */
  bubble?: { name?: string };
}

/** Aborts `child` when `parent` aborts; returns the function that stops following. */
export function chainAbort(parent: AbortSignal, child: AbortController): () => void {
  if (parent.aborted) {
    child.abort(parent.reason);
    return () => {};
  }
  const onAbort = () => child.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return () => parent.removeEventListener('abort', onAbort);
}

/** Writes to the root store, giving every task the sub-agent creates its id. */
export function stampingTaskSetter(root: SetAppState, agentId: string): SetAppState {
  return (updater) =>
    root((prev) => {
      const next = updater(prev);
      if (next === prev || next.tasks === prev.tasks) return next;
      let tasks = next.tasks;
      for (const [id, task] of Object.entries(next.tasks)) {
        if (prev.tasks[id] || task.ownerAgentId !== undefined) continue;
        if (tasks === next.tasks) tasks = { ...next.tasks };
        tasks[id] = { ...task, ownerAgentId: agentId };
      }
      return tasks === next.tasks ? next : { ...next, tasks };
    });
}

/** The parent's state as the sub-agent sees it: the same, except the permission mode of a read-only agent. */
function viewOfAppState(parent: ToolUseContext, mode: PermissionMode | undefined): () => AppState {
  if (!mode) return () => parent.getAppState();
  return () => {
    const state = parent.getAppState();
    return { ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } };
  };
}

/** What a background agent's engine decides with: the parent's permissions, in the agent's own mode if it has one. */
function bubbleOf(parent: ToolUseContext, opts: SubAgentContextOptions): PermissionBubble | undefined {
  if (!opts.bubble) return undefined;
  const own = viewOfAppState(parent, opts.permissionMode);
  const parentPermissions = () => {
    const permissions = own().toolPermissionContext;
    return permissions.mode === 'bubble' ? { ...permissions, mode: 'default' as const } : permissions;
  };
  return { parentPermissions, allowedForRun: new Set(), ...(opts.bubble.name ? { name: opts.bubble.name } : {}) };
}

export function createSubAgentContext(parent: ToolUseContext, abortController: AbortController, opts: SubAgentContextOptions): ToolUseContext {
  const root = parent.setAppStateForTasks ?? parent.setAppState;
  const { spawnAgent: _noNesting, requestPrefix: _parents, ...options } = parent.options;
  const bubble = bubbleOf(parent, opts);
  return {
    options: { ...options, tools: opts.tools, mainLoopModel: opts.model },
    abortController,
    getAppState: viewOfAppState(parent, bubble ? 'bubble' : opts.permissionMode),
    setAppState: () => {},
    setAppStateForTasks: stampingTaskSetter(root, opts.agentId),
    readFileState: new Map(parent.readFileState),
    messages: [],
    sessionId: parent.sessionId,
    agentId: opts.agentId,
    subAgent: { agentId: opts.agentId, agentType: opts.agentType, description: opts.description, ...(bubble ? { bubble } : {}) },
    cwd: opts.cwd,
    // A sub-agent's `cd` moves its own working directory, never its parent's.
    workingDirectory: new WorkingDirectory(),
    toolDecisions: new Map(),
    localDenialTracking: { consecutiveDenials: 0, totalDenials: 0 },
    contentReplacementState: opts.inheritConversation ? { replaced: new Map(parent.contentReplacementState.replaced) } : createContentReplacementState(),
    fileReadingLimits: { ...parent.fileReadingLimits },
    globLimits: { ...parent.globLimits },
    discoveredToolNames: new Set(),
    ...(parent.mailbox ? { mailbox: parent.mailbox } : {}),
    ...(parent.ui ? { ui: parent.ui } : {}),
    // What the parent was shown never reached the sub-agent: it starts with nothing shown.
    ...(parent.nestedMemory ? { nestedMemory: parent.nestedMemory.fork() } : {}),
    ports: parent.ports,
  };
}
