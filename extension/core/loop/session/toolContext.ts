/**
 * The ToolUseContext a session's tools run in (core/contracts/toolUseContext.ts): assembled for each turn from
 * the session's state, and outside any turn for `@` mentions, /context and a prompt command's `!` lines.
 */
import type { RequestPrefix, ToolUseContext } from '../../contracts/toolUseContext';
import type { CommandContext } from '../../contracts/commands';
import type { Tools } from '../../contracts/tool';
import { enterWorktreeContext } from '../../engines/worktrees/worktreeSession';
import { mcpClientInfos } from '../../engines/mcp/views';
import { thinkingConfigFor } from '../../engines/models/requestOptions';
import { commandToolRunner } from '../commands/runTool';
import { canUseTool, pullWindowRules } from './permissionWiring';
import type { SessionState } from './sessionState';
import type { McpHub } from '../../contracts/mcp';
import { offeredTools } from './toolState';

/** The context a turn's tools run in, inside the worktree EnterWorktree moved the session to, if any. */
export function turnContext(s: SessionState, abort: AbortController, model: string, requestPrefix?: RequestPrefix, tools = offeredTools(s.tools, s.deps)): ToolUseContext {
  const base = baseContext(s, abort, model, tools, requestPrefix);
  const worktree = s.store.getState().worktreeSession;
  return worktree ? enterWorktreeContext(base, worktree) : base;
}

/** A tool context outside any turn, under the window's current rules: what `@` mentions may read. */
export function outsideContext(s: SessionState): ToolUseContext {
  pullWindowRules(s.store, s.deps);
  return turnContext(s, new AbortController(), s.deps.settings().model);
}

/** `CommandContext.runTool`: a prompt command's `!` lines and `@` files, through the permission engine. */
export function sessionToolRunner(s: SessionState): NonNullable<CommandContext['runTool']> {
  return commandToolRunner({ context: () => outsideContext(s), canUseTool: canUseTool(s.deps) });
}

function baseContext(s: SessionState, abort: AbortController, model: string, tools: Tools, requestPrefix?: RequestPrefix): ToolUseContext {
  const { deps } = s;
  return {
    options: toolOptions(s, model, tools, requestPrefix),
    abortController: abort,
    getAppState: s.store.getState,
    setAppState: s.store.setState,
    readFileState: s.tools.readFileState,
    messages: s.record.messages,
    sessionId: s.sessionId,
    ...(deps.agentId ? { agentId: deps.agentId } : {}),
    cwd: deps.cwd,
    workingDirectory: s.tools.workingDirectory,
    toolDecisions: new Map(),
    // One count for the whole session: the limits are per session, not per turn (core/engines/permissions/denials.ts).
    localDenialTracking: s.tools.denials,
    contentReplacementState: s.tools.replacement,
    fileReadingLimits: {},
    globLimits: {},
    discoveredToolNames: s.tools.discovered,
    mailbox: s.mail.mailbox,
    ports: { model: deps.model, ...deps.toolPorts, ...mcpPort(s), storage: deps.storageFor(s.sessionId) },
    ...(s.memory.nested ? { nestedMemory: s.memory.nested } : {}),
    ...(s.tools.mcpResources ? { mcpResourceNotes: s.tools.mcpResources } : {}),
    ui: s.side.ui,
  };
}

/** The session's view of the MCP hub: reads keep the resource subscribed for the session. */
function mcpPort(s: SessionState): { mcp?: McpHub } {
  const hub = s.tools.mcpResources?.hub ?? s.deps.mcp;
  return hub ? { mcp: hub } : {};
}

function toolOptions(s: SessionState, model: string, tools: Tools, requestPrefix?: RequestPrefix): ToolUseContext['options'] {
  const { deps } = s;
  // The turn's own settings: `model` is the turn's (a prompt command's may replace the setting's).
  const settings = deps.settings();
  return {
    tools,
    refreshTools: () => offeredTools(s.tools, deps),
    commands: s.tools.commandList,
    mainLoopModel: model,
    debug: false,
    verbose: false,
    thinkingConfig: thinkingConfigFor(model, settings),
    ...(settings.maxBudgetUsd ? { maxBudgetUsd: settings.maxBudgetUsd } : {}),
    mcpClients: deps.mcp ? mcpClientInfos(deps.mcp.servers()) : [],
    mcpResources: {},
    isNonInteractiveSession: deps.isNonInteractiveSession ?? false,
    agentDefinitions: s.tools.definitions,
    spawnAgent: s.mail.spawnAgent,
    ...(requestPrefix ? { requestPrefix } : {}),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
  };
}
