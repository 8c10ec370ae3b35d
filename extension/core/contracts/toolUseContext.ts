/**
 * `ToolUseContext`: the dependency-injection spine every tool call receives. Tools are functions of
 * (args, context): no globals. Ports reach the outside world; state flows through the accessors.
 */
import type { ConfigSettingsPort } from './configPort';
import type { AgentDefinition, SpawnAgent } from './agents';
import type { Mailbox } from './mailbox';
import type { Command } from './commands';
import type { AgentId, SessionId } from '../base/ids';
import type { Message, TextBlock, ToolDefinition } from '../base/messages';
import type { PermissionDecision, ToolPermissionContext } from './permissions';
import type { ModelClient } from './modelClient';
import type { SessionStorage } from './storage';
import type { NestedMemoryFiles } from './environment';
import type { LspPort, NotebookPort, SearchPort, Workspace } from './workspace';
import type { WebPort, WebSearchPort } from './web';
import type { CronJobs } from './cron';
import type { SandboxFallbackPort, ShellPort } from './shell';
import type { BashSnapshotPort } from './snapshots';
import type { TaskOutputPort } from './tasks';
import type { WorktreePort } from './worktree';
import type { WorktreeSession } from './worktree';
import type { AppState, McpClientInfo } from './appState';
import type { UserQuestionPort } from './questions';
import type { PlanApprovalPort } from './planApproval';
import type { Hooks } from './hooks';
import type { McpHub } from './mcp';
import type { Tools } from './tool';
import type { WorkingDirectory } from './workingDirectory';

export type ThinkingConfig = { type: 'disabled' } | { type: 'enabled'; budgetTokens: number } | { type: 'adaptive' };

export type { AgentDefinition } from './agents';

export interface ToolUseOptions {
  tools: Tools;
  commands: readonly Command[];
  mainLoopModel: string;
  debug: boolean;
  verbose: boolean;
  thinkingConfig: ThinkingConfig;
  mcpClients: readonly McpClientInfo[];
  mcpResources: Readonly<Record<string, readonly unknown[]>>;
  isNonInteractiveSession: boolean;
  agentDefinitions: readonly AgentDefinition[];
  /** Stop the session once its cost passes this many US dollars. */
  maxBudgetUsd?: number;
  customSystemPrompt?: string;
  appendSystemPrompt?: string;
  /** Re-reads the tool list (MCP servers connect mid-session). */
  refreshTools?: () => Tools;
  /** Starts sub-agents (Agent, TeamCreate); absent where none may run. */
  spawnAgent?: SpawnAgent;
  /**
   * The exact system blocks and tool definitions this agent's loop sends, and its model: a sub-agent of the
   * same model sends these bytes first so its first request reads this agent's cached prefix
   * (docs/ARCHITECTURE.md, Sub-agents).
   */
  requestPrefix?: RequestPrefix;
  /** The window's hooks (docs/ARCHITECTURE.md, Hooks); sub-agents inherit them with the options. */
  hooks?: Hooks;
}

/** What a loop's requests start with (tools, then system, in the API's cache order). */
export interface RequestPrefix {
  model: string;
  system: readonly TextBlock[];
  tools: readonly ToolDefinition[];
}

/** Which sub-agent a context belongs to: the permission dialog names it, tasks it starts are its own. */
export interface SubAgentInfo {
  agentId: AgentId;
  agentType: string;
  /** The 3–5 words the parent gave it. */
  description: string;
  /** Set for a background agent or teammate: its permission questions go up to its parent (`bubble` mode). */
  bubble?: PermissionBubble;
}

/**
 * A background agent's permission questions go to its parent's dialog instead of being refused (docs/ARCHITECTURE.md,
 * Permissions, Modes): its mode reads `bubble`, and the engine decides with its parent's rules and mode plus the
 * tools the user allowed for the rest of this agent's run (core/engines/permissions/bubble.ts).
 */
export interface PermissionBubble {
  /** The permission context its parent decides with (a read-only agent's keeps `plan`). */
  parentPermissions(): ToolPermissionContext;
  /** Tools the user allowed for the rest of this agent's run: whole-tool allow rules for this agent only. */
  readonly allowedForRun: Set<string>;
  /** A teammate's name, which the dialog shows. */
  name?: string;
}

/** What a file looked like when a tool last read it: Edit/Write refuse to act on a stale view. */
export interface FileReadState {
  content: string;
  /** mtime in ms when it was read. */
  timestamp: number;
  offset?: number;
  limit?: number;
  /** True when only part of the file was read. */
  isPartialView?: boolean;
}

/** How a tool_use was decided, for the transcript and the UI ("allowed by rule Bash(npm:*)"). */
export interface ToolDecisionRecord {
  toolName: string;
  decision: PermissionDecision['behavior'];
  /** Who decided: a rule/mode/hook (config), the user in a dialog, or a tool's own check. */
  source: 'config' | 'user' | 'tool' | 'validation';
  reason?: string;
  timestamp: number;
}

/** Denials in a row and in total; repeated automatic denials fall back to asking (core/engines/permissions/denials.ts). */
export interface DenialTrackingState {
  consecutiveDenials: number;
  totalDenials: number;
}

/**
 * Optional UI callbacks. A session sets them to turn what they are told into its `notice` and `hookMessage`
 * events (core/loop/session/sideEvents.ts), which the chat and the CLI show; sub-agents inherit them.
 */
export interface ToolUiCallbacks {
  /** A short notification ("Could not save the permission rule: …"). */
  notify?: (message: string) => void;
  /** What a PreToolUse / PostToolUse hook told the user (its `systemMessage`, a failure), for the call `toolUseId`. */
  hookMessage?: (message: { hookEvent: string; text: string; toolUseId?: string }) => void;
  /** Opens a file in the editor (click-through from results). */
  openFile?: (path: string, line?: number) => void;
}

export interface ToolUseContext {
  options: ToolUseOptions;
  abortController: AbortController;
  getAppState(): AppState;
  setAppState(updater: (prev: AppState) => AppState): void;
  /** Sub-agents' setAppState is a no-op for session state, but tasks must still reach the root store. */
  setAppStateForTasks?: (updater: (prev: AppState) => AppState) => void;
  readFileState: Map<string, FileReadState>;
  messages: readonly Message[];
  sessionId: SessionId;
  agentId?: AgentId;
  /**
   * Where relative paths resolve: the session's working directory, or where a Bash `cd` inside the workspace
   * moved it (then `originalCwd` is the session's; core/contracts/workingDirectory.ts).
   */
  cwd: string;
  /** The session's working directory while a Bash `cd` has moved `cwd`; absent when it has not. */
  originalCwd?: string;
  /** The session's record of a Bash `cd` (kept across turns); absent: a `cd` does not outlast its command. */
  workingDirectory?: WorkingDirectory;
  /** Set while the session works in a git worktree (EnterWorktree); `cwd` is then the worktree's folder. */
  worktree?: WorktreeSession;
  toolDecisions: Map<string, ToolDecisionRecord>;
  localDenialTracking: DenialTrackingState;
  contentReplacementState: ContentReplacementState;
  fileReadingLimits: { maxSizeBytes?: number; maxTokens?: number };
  globLimits: { maxResults?: number };
  /** Deferred tools the model has loaded through ToolSearch (by wire name). */
  discoveredToolNames: Set<string>;
  /** Set in a sub-agent's context; absent for the main agent. */
  subAgent?: SubAgentInfo;
  /** Inboxes of the running agents (SendMessage); shared by the main agent and its sub-agents. */
  mailbox?: Mailbox;
  ui?: ToolUiCallbacks;
  ports: ToolPorts;
  /** Subfolders' CLAUDE.md files shown once when a tool first touches them (core/engines/memory/nested.ts); absent: none. */
  nestedMemory?: NestedMemoryFiles;
  /**
   * The main agent's note about MCP resources it read that changed since (core/engines/mcp/resourceWatch.ts),
   * taken once and added to the next round's results; absent in sub-agents and without MCP servers.
   */
  mcpResourceNotes?: { takeNote(): string | undefined };
}

/** The ports tools use. Approval is not one: it reaches tools through `canUseTool`. */
export interface ToolPorts {
  storage: SessionStorage;
  workspace: Workspace;
  search: SearchPort;
  /** Absent where no language server runs (headless): the LSP tool says so. */
  lsp?: LspPort;
  /** Absent on Node: NotebookEdit edits the .ipynb JSON through `workspace`. */
  notebooks?: NotebookPort;
  /** Runs Bash commands; absent where no shell may run (Bash then says so). */
  shell?: ShellPort;
  /** Snapshots the workspace around a Bash command that may write, for rewind; absent where checkpoints are off. */
  snapshots?: BashSnapshotPort;
  /** Whether Bash may run unsandboxed when the sandbox setting is on but the sandbox cannot run; absent: never. */
  sandboxFallback?: SandboxFallbackPort;
  /** Asks the user questions (AskUserQuestion); absent where nobody is there to answer (headless). */
  questions?: UserQuestionPort;
  /** Puts a plan before the user (ExitPlanMode); absent where nobody can approve one (headless). */
  planApproval?: PlanApprovalPort;
  /** Creates and removes git worktrees; absent where git is not available. */
  worktrees?: WorktreePort;
  /** The window's scheduled prompts (CronCreate/CronDelete/CronList); absent where nothing outlives the run (headless). */
  cron?: CronJobs;
  /** Reads background tasks' output files by byte offset (core/engines/tasks/outputPort.ts). */
  taskOutput?: TaskOutputPort;
  /** Codewright's own settings for the Config tool; absent where none can be read. */
  config?: ConfigSettingsPort;
  /** Fetches web pages (WebFetch); absent where the host offers no network access. */
  web?: WebPort;
  /** The API's server-side web search (WebSearch); absent: WebSearch says it is unavailable. */
  webSearch?: WebSearchPort;
  /** The session's model client, for a tool's own small request (WebFetch's pass over a page). */
  model?: ModelClient;
  /** The window's MCP servers (ListMcpResources, ReadMcpResource); absent where none are configured. */
  mcp?: McpHub;
}

/**
 * What the aggregate budget has replaced, by tool_use_id, with the exact replacement text: replaying it keeps
 * earlier requests byte-identical (prompt caching) and guarantees no result is replaced twice.
 */
export interface ContentReplacementState {
  replaced: Map<string, string>;
}
