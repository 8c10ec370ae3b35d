/** What an AgentSession is built from and what it yields (agentSession.ts re-exports these). */
import type { MailMessage } from '../../contracts/mailbox';
import type { AgentDefinition } from '../../contracts/agents';
import type { AgentId } from '../../base/ids';
import type { ModelClient } from '../../contracts/modelClient';
import type { PermissionHolder } from '../../contracts/settings';
import type { SessionStorage, TranscriptStore } from '../../contracts/storage';
import type { EnvironmentPort } from '../../contracts/environment';
import type { ToolPorts } from '../../contracts/toolUseContext';
import type { PermissionUpdate } from '../../contracts/permissions';
import type { AskUser, PermissionDecider } from '../../contracts/permissionPrompts';
import type { Tools } from '../../contracts/tool';
import type { ConfigProblem } from '../../base/configProblems';
import type { HookEngine } from '../../engines/hooks/engine';
import type { QueryEvent } from '../../contracts/events';
import type { QueryParams } from '../query/params';
import type { UsageSnapshot } from '../query/usage';
import type { TurnModelSettings } from '../query/sessionParams';
import type { Command } from '../../contracts/commands';
import type { McpHub } from '../../contracts/mcp';
import type { OutputStylesPort } from '../../contracts/outputStyles';

export interface AgentSessionDeps {
  model: ModelClient;
  environment: EnvironmentPort;
  transcripts: TranscriptStore;
  storageFor: (sessionId: string) => SessionStorage;
  /** Workspace, search, LSP and notebook ports the tools use. */
  toolPorts: Omit<ToolPorts, 'storage'>;
  tools: Tools;
  cwd: string;
  newId: () => string;
  /**
   * The model and the user's request settings, read at each turn; `maxTokens`, `thinking` and `effort` absent
   * take the model's own values from the model table (core/engines/models/requestOptions.ts). `fallbackModel`: where a
   * request goes after repeated overloads (core/loop/query/fallback.ts).
   */
  settings: () => TurnModelSettings;
  /** Defaults to the permission engine over the session's permission context. */
  decider?: PermissionDecider;
  askUser?: AskUser;
  /** Rules and mode shared by every session of the window (settings files, the mode picker). */
  permissions?: PermissionHolder;
  /** Writes accepted "always allow" answers to the settings files they name. */
  persistPermissionUpdates?: (updates: PermissionUpdate[]) => Promise<unknown>;
  isNonInteractiveSession?: boolean;
  agentId?: AgentId;
  customSystemPrompt?: string;
  appendSystemPrompt?: string;
  /** The output styles (docs/ARCHITECTURE.md, Output styles): the one in use shapes the system prompt each turn; `default` without it. */
  outputStyles?: OutputStylesPort;
  /** Test seam: retry timing. */
  retry?: QueryParams['retry'];
  /** The agent types the Agent tool offers (built-in, files, --agents); the built-in ones when absent. */
  /** The agent types; read at the start of every turn, so an agent file added mid-session counts from the next turn. */
  agentDefinitions?: () => readonly AgentDefinition[] | Promise<readonly AgentDefinition[]>;
  /** Told about parts of the `.claude` setup that were skipped (memory imports), each once per session. */
  onConfigProblems?: (problems: readonly ConfigProblem[]) => void;
  /**
   * Command files and skills (host/node/commandFiles.ts) the Skill tool may load; read at the start of every
   * turn, so a file added mid-session counts from the next turn. The skills among them are listed in the system prompt.
   */
  commands?: () => readonly Command[] | Promise<readonly Command[]>;
  /** The window's hooks (docs/ARCHITECTURE.md, Hooks); none run without it. */
  hooks?: HookEngine;
  /** Test seam: how long an idle session waits before the Notification hooks hear of it. */
  idleNotificationMs?: number;
  /** The window's MCP servers: their tools join `tools` each turn (a changed list counts from the next request), and tools reach them as `ports.mcp`. */
  mcp?: McpHub;
  /** Yield the model's raw stream events too (`streamEvent`): the CLI's --include-partial-messages. */
  streamEvents?: boolean;
}

export type AgentEvent = QueryEvent | { type: 'usageSnapshot'; snapshot: UsageSnapshot };

/** What a turn may take besides its prompt (docs/ARCHITECTURE.md, Mid-turn messages). */
export interface TurnOptions {
  /** Prompts the user typed while the turn runs, taken at each tool boundary (the chat's queue). */
  takePrompts?: () => readonly MailMessage[];
  /** A prompt command's `allowed-tools`: allowed for this turn only, as `command` rules (core/loop/commands/commandRules.ts). */
  allowedTools?: readonly string[];
  /** A prompt command's `model` (an id, or sonnet / opus / haiku) for this turn only. */
  model?: string;
}
