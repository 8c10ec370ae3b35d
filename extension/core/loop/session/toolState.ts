/**
 * What the session's tools keep across turns, and which tools it offers: its own, then the MCP servers'
 * (core/engines/mcp/tools.ts), with the definitions the model is sent for them.
 */
import type { AgentDefinition } from '../../contracts/agents';
import type { AppStateStore } from '../../contracts/appState';
import type { Command } from '../../contracts/commands';
import type { Tools } from '../../contracts/tool';
import type { ContentReplacementState, DenialTrackingState, ToolUseContext } from '../../contracts/toolUseContext';
import { WorkingDirectory } from '../../contracts/workingDirectory';
import { McpResourceWatch } from '../../engines/mcp/resourceWatch';
import { McpToolSet } from '../../engines/mcp/tools';
import { createContentReplacementState } from '../../engines/results/resultStorage';
import { toolDefinitions } from '../../engines/tools/toolSchema';
import { BUILTIN_AGENTS } from '../subagents/definitions';
import type { AgentSessionDeps } from './sessionDeps';

export interface ToolState {
  readonly readFileState: ToolUseContext['readFileState'];
  readonly discovered: Set<string>;
  readonly replacement: ContentReplacementState;
  /** The session's denials in a row and in all, counted across its turns (core/engines/permissions/denials.ts). */
  readonly denials: DenialTrackingState;
  /** Where a Bash `cd` moved the session; later turns start there too. */
  readonly workingDirectory: WorkingDirectory;
  /** The MCP servers' tools, rebuilt when the hub reports a change (core/engines/mcp/tools.ts). */
  readonly mcpTools: McpToolSet | undefined;
  /** The MCP resources the session read, kept subscribed; its `hub` is the tools' `ports.mcp` (core/engines/mcp/resourceWatch.ts). */
  readonly mcpResources: McpResourceWatch | undefined;
  offered: { extra: Tools; tools: Tools } | undefined;
  /** The agent types as this turn read them (`deps.agentDefinitions`). */
  definitions: readonly AgentDefinition[];
  /** The command files and skills as this turn read them (`deps.commands`). */
  commandList: readonly Command[];
}

export function createToolState(deps: AgentSessionDeps): ToolState {
  return {
    readFileState: new Map(),
    discovered: new Set<string>(),
    replacement: createContentReplacementState(),
    denials: { consecutiveDenials: 0, totalDenials: 0 },
    workingDirectory: new WorkingDirectory(),
    mcpTools: deps.mcp ? new McpToolSet(deps.mcp) : undefined,
    mcpResources: deps.mcp ? new McpResourceWatch(deps.mcp) : undefined,
    offered: undefined,
    definitions: BUILTIN_AGENTS,
    commandList: [],
  };
}

/**
 * The tools offered now: the session's own, then the MCP servers' (a name already taken keeps the first).
 * The same array until the MCP tools change, so the loop's mid-turn refresh sees "unchanged" by identity.
 */
export function offeredTools(state: ToolState, deps: AgentSessionDeps): Tools {
  const extra = state.mcpTools?.tools() ?? [];
  if (extra.length === 0) return deps.tools;
  if (state.offered?.extra === extra) return state.offered.tools;
  const taken = new Set(deps.tools.map((t) => t.name));
  const tools = [...deps.tools, ...extra.filter((t) => !taken.has(t.name))];
  state.offered = { extra, tools };
  return tools;
}

/** The definitions the model is sent for `tools`, under the session's current permission context. */
export function definitionsOf(state: ToolState, deps: AgentSessionDeps, store: AppStateStore, tools: Tools) {
  return toolDefinitions(tools, {
    isNonInteractiveSession: deps.isNonInteractiveSession ?? false,
    toolPermissionContext: store.getState().toolPermissionContext,
    tools,
    agentDefinitions: state.definitions,
  });
}
