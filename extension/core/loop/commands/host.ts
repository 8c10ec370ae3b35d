/**
 * What the built-in commands need from the host that runs them (docs/ARCHITECTURE.md, Slash commands): the
 * sidebar's chat (extension/conversation/chatCommands.ts) and the headless CLI (extension/cli/slash.ts) each
 * implement it. Optional members are what only one host can do (a new chat, opening an editor); a command
 * whose member is absent says so instead of failing.
 */
import type { McpPanelRow } from '../../contracts/mcp';
import type { AgentDefinition } from '../../contracts/agents';
import type { SessionUsage } from '../query/usage';
import type { Message, TextBlock, ToolDefinition } from '../../base/messages';
import type { ToolPermissionContext } from '../../contracts/permissions';
import type { SessionSummary } from '../../engines/transcripts/sessions';
import type { Command } from '../../contracts/commands';
import type { PluginCatalog } from '../../contracts/pluginCatalog';
import type { OutputStylesPort } from '../../contracts/outputStyles';

/** Where a hook or rule came from, as the panels name it (protocol/panels.ts `PanelSourceSchema`). */
export type PanelSource = 'builtin' | 'userSettings' | 'projectSettings' | 'localSettings' | 'vscodeSettings' | 'cliArg' | 'session' | 'user' | 'project' | 'plugin';

/** One configured hook, for /hooks; the "hooks" part provides them. */
export interface HookView {
  event: string;
  matcher?: string;
  command: string;
  /** Seconds. */
  timeout: number;
  source: PanelSource;
  path?: string;
}

/** What the next request would send, for /context. */
export interface ContextSnapshot {
  model: string;
  contextWindow: number;
  system: readonly TextBlock[];
  tools: readonly ToolDefinition[];
  messages: readonly Message[];
  /**
   * Tokens the last request read and wrote, as the API counted them: the figure the chat's header and usage line
   * show (core/loop/query/usage.ts, `contextTokens`). Absent before the first request and after /compact; the parts'
   * estimate stands in then.
   */
  measuredTokens?: number;
}

/** A memory file /memory can open: `exists` false means opening it starts a new file there. */
export interface MemoryFileChoice {
  label: string;
  path: string;
  exists: boolean;
}

/** What only an editor can do; implemented in ui/ for VS Code, absent in the CLI. */
export interface CommandEditorPort {
  /** Lets the user pick one of the memory files (or takes the only one) and opens it. Resolves with the path opened. */
  openMemoryFile(choices: readonly MemoryFileChoice[]): Promise<string | undefined>;
  /** Opens `markdown` as an untitled document. */
  openMarkdown(title: string, markdown: string): Promise<void>;
  /** Lets the user pick a prompt of this conversation and rewinds to it (the checkpoint rewind). */
  rewind(): Promise<string>;
}

export interface CommandHost {
  cwd: string;
  homeDir: string;
  /** The registry's commands, for /help. */
  commands(): readonly Command[];
  model(): string;
  /** Changes the model for the next turns (VS Code writes the setting). */
  setModel?(model: string): Promise<void>;
  /** The ids `/model` lists (core/engines/models/modelList.ts); the model table's when absent. */
  listModels?(): Promise<string[]>;
  usage(): SessionUsage;
  history(): readonly Message[];
  /** Starts a new conversation. */
  clear?(): void;
  compact(instructions?: string): Promise<{ summarizedCount: number }>;
  listSessions(): Promise<SessionSummary[]>;
  /** Continues a stored session here; resolves with what could not be read. */
  resume?(sessionId: string): Promise<string[]>;
  permissionContext(): ToolPermissionContext;
  agents(): Promise<readonly AgentDefinition[]>;
  hooks?(): readonly HookView[];
  mcpServers?(): readonly McpPanelRow[];
  /** The marketplaces and plugins, for /plugin (host/node/plugins/catalog.ts). */
  plugins?(): Promise<PluginCatalog>;
  /** `/plugin <subcommand>` in a text host (the CLI): runs it as `codewright plugin <subcommand>` and returns what it printed. */
  pluginCommand?(args: string): Promise<string>;
  /** The session's output styles, for /output-style (the session's `AgentSessionDeps.outputStyles`). */
  outputStyles?: OutputStylesPort;
  contextSnapshot(): Promise<ContextSnapshot>;
  /** The conversation as markdown, for /export. */
  conversationMarkdown(): string;
  /** Whether a file exists, for /memory. */
  exists(path: string): Promise<boolean>;
  editor?: CommandEditorPort;
}
