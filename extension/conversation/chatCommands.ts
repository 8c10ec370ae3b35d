/**
 * The sidebar's slash commands (docs/ARCHITECTURE.md, Slash commands): the registry (built-ins plus the
 * loaders the host plugs in), the `CommandHost` the built-ins run against, the context commands get, panels
 * and the config-problems feed. ChatSession owns one and asks it what a prompt is; the bridge and the
 * palette read its list. Editor-only abilities (open a file, an untitled markdown tab, the rewind picker,
 * the model setting) come in later through `attachEditor`, since the views are built after the session.
 */
import type { AgentSession, AgentSessionDeps } from '../core/loop/session/agentSession';
import { BUILTIN_AGENTS } from '../core/loop/subagents/definitions';
import { createBuiltinCommands } from '../core/loop/commands/builtins';
import { permissionRules } from '../core/loop/commands/builtins/views';
import { resolveCommand, runCommand, type CommandOutcome, type Resolved } from '../core/loop/commands/dispatch';
import type { CommandEditorPort, CommandHost, HookView } from '../core/loop/commands/host';
import type { McpPanelRow } from '../core/contracts/mcp';
import type { PluginCatalog } from '../core/contracts/pluginCatalog';
import { applyRuleChange, type RuleChange } from '../core/loop/commands/permissionRules';
import { CommandRegistry, type CommandListItem } from '../core/loop/commands/registry';
import type { CommandLoader } from '../core/contracts/commands';
import type { Command, CommandContext } from '../core/contracts/commands';
import type { Logger } from '../core/contracts/settings';
import { listSessions } from '../core/engines/transcripts/sessions';
import { PanelViewSchema, type ChatMessage, type PanelView, type SlashCommand } from '../protocol/messages';
import { ConfigProblemFeed } from './configProblemFeed';
import type { ChatEvent } from './events';
import { transcriptToMarkdown } from './transcriptMarkdown';

/** What the host configures; all optional, so tests and older wiring get the built-ins alone. */
export interface ChatCommandOptions {
  /** For the user's memory file and `~/.claude/` commands; the environment's home otherwise. */
  homeDir?: string;
  /** Command files, skills (host/node/commandFiles.ts), later plugins. */
  loaders?: readonly CommandLoader[];
  /** The hooks of the settings files, for /hooks. */
  listHooks?: () => readonly HookView[];
  mcpServers?: () => readonly McpPanelRow[];
  /** The marketplaces and plugins, for /plugin (ui/plugins/pluginManager.ts). */
  plugins?: () => Promise<PluginCatalog>;
  /** The ids `/model` lists (core/engines/models/modelList.ts); the model table's when absent. */
  listModels?: () => Promise<string[]>;
}

/** The editor's half: CommandEditorPort and the model setting. */
export interface ChatCommandEditor extends CommandEditorPort {
  setModel(model: string): Promise<void>;
}

/** The parts of ChatSession the commands act on. */
export interface ChatCommandTarget {
  readonly agentSession: AgentSession;
  reset(): void;
  compactNow(instructions?: string): Promise<{ summarizedCount: number }>;
  resume(sessionId: string): Promise<string[]>;
}

export interface ChatCommandsDeps {
  target: ChatCommandTarget;
  agent: Omit<AgentSessionDeps, 'newId'>;
  log: Logger;
  emit: (event: ChatEvent) => void;
  options?: ChatCommandOptions;
}

export class ChatCommands {
  readonly registry: CommandRegistry;
  readonly problems: ConfigProblemFeed;
  private editor: ChatCommandEditor | undefined;

  constructor(private readonly deps: ChatCommandsDeps) {
    this.registry = new CommandRegistry({ builtins: createBuiltinCommands(this.host()), loaders: deps.options?.loaders ?? [] });
    this.problems = new ConfigProblemFeed(deps.log);
    this.registry.onChange(() => deps.emit({ type: 'commandsChanged', commands: this.list() }));
    this.problems.onChange((problems) => deps.emit({ type: 'configProblems', problems }));
  }

  /** Editor abilities for /memory, /export, /rewind and /model; until then those commands print instead. */
  attachEditor(editor: ChatCommandEditor): void {
    this.editor = editor;
  }

  /** The composer's and the palette's list, cut to what the protocol carries. */
  list(): SlashCommand[] {
    return this.registry
      .list()
      .filter((c) => c.name.length <= 100)
      .slice(0, 500)
      .map((c: CommandListItem) => ({
        name: c.name,
        description: c.description.slice(0, 500),
        ...(c.argumentHint ? { argumentHint: c.argumentHint.slice(0, 200) } : {}),
        source: c.source,
      }));
  }

  /** Reloads the commands (start of a turn, the view's `ready`); their problems go to the feed. */
  async refresh(): Promise<void> {
    await this.registry.refresh();
    this.problems.set('commands', this.registry.problems());
  }

  /** What a prompt is: not a command, an unknown one, or a command to run; the list is refreshed first. */
  async resolve(text: string): Promise<Resolved> {
    if (!text.trim().startsWith('/')) {
      void this.refresh().catch((err: unknown) => this.deps.log.warn(`Reloading commands failed: ${String(err)}`));
      return { type: 'none' };
    }
    await this.refresh();
    return resolveCommand(text, this.registry);
  }

  /** The context a command runs in: the session's state and its tools through the permission engine. */
  context(abortSignal: AbortSignal): CommandContext {
    const agent = this.deps.target.agentSession;
    return {
      cwd: this.deps.agent.cwd,
      getAppState: () => agent.appState.getState(),
      setAppState: (f) => agent.appState.setState(f),
      abortSignal,
      runTool: agent.commandToolRunner(),
    };
  }

  /**
   * A `local` or `local-jsx` command as chat entries: its text is the reply (no model call), its panel opens
   * in the view, a failure is an error entry. The caller keeps the chat busy meanwhile, so /compact's summary
   * cannot race a prompt.
   */
  async runLocal(text: string, command: Command, args: string, chat: { add(entry: ChatMessage): void; newId(): string }): Promise<void> {
    if (command.type === 'local') chat.add({ id: chat.newId(), role: 'user', text, status: 'done' });
    const outcome = await runCommand(command, args, this.context(new AbortController().signal));
    if (outcome.type === 'panel') {
      const view = this.panelView(outcome);
      if (view) return this.deps.emit({ type: 'panelOpened', view });
      return chat.add({ id: chat.newId(), role: 'assistant', text: '', status: 'error', error: `/${command.name} could not open its panel (see the log).` });
    }
    if (outcome.type === 'text') chat.add({ id: chat.newId(), role: 'assistant', text: outcome.text, status: 'done' });
    if (outcome.type === 'failed') {
      this.deps.log.error(outcome.message);
      chat.add({ id: chat.newId(), role: 'assistant', text: '', status: 'error', error: outcome.message });
    }
  }

  /** A panel outcome as the protocol's view; undefined (and logged) when its data does not fit the schema. */
  panelView(outcome: Extract<CommandOutcome, { type: 'panel' }>): PanelView | undefined {
    const parsed = PanelViewSchema.safeParse({ panel: outcome.panel, ...outcome.props });
    if (parsed.success) return parsed.data;
    this.deps.log.error(`The ${outcome.panel} panel's data does not fit the protocol: ${parsed.error.message}`);
    return undefined;
  }

  /** The /mcp panel as it is now (the bridge refreshes an open panel when a server changes). */
  mcpPanel(): PanelView | undefined {
    const view = PanelViewSchema.safeParse({ panel: 'mcp', servers: [...(this.deps.options?.mcpServers?.() ?? [])] });
    if (view.success) return view.data;
    this.deps.log.error(`The mcp panel's data does not fit the protocol: ${view.error.message}`);
    return undefined;
  }

  /** The /mcp panel's Restart: closes the server's connection and connects again (asking again if it was denied). */
  async restartMcpServer(server: string): Promise<void> {
    const hub = this.deps.agent.mcp;
    if (!hub) return this.deps.log.warn(`No MCP servers here: cannot restart "${server}".`);
    await hub.restart(server);
  }

  /**
   * The /mcp panel's Authenticate: the OAuth sign-in (the browser opens; it may take minutes). A failure is
   * logged and shows on the panel (the server stays "needs authentication" with the reason).
   */
  async authenticateMcpServer(server: string): Promise<void> {
    const hub = this.deps.agent.mcp;
    if (!hub?.authenticate) return this.deps.log.warn(`Signing in to MCP servers is not available here: cannot authenticate "${server}".`);
    await hub.authenticate(server).catch((err: unknown) => this.deps.log.warn(`Signing in to the MCP server "${server}" failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  /**
   * The /mcp panel's Approve…: asks again about a project server the user declined or dismissed (the host's
   * question shows what would run). A refusal (an untrusted workspace) is logged; the panel keeps the reason.
   */
  async approveMcpServer(server: string): Promise<void> {
    const hub = this.deps.agent.mcp;
    if (!hub?.approve) return this.deps.log.warn(`Approving MCP servers is not available here: cannot approve "${server}".`);
    await hub.approve(server).catch((err: unknown) => this.deps.log.warn(`Approving the MCP server "${server}" failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** A server's status or lists changed; returns the unsubscribe. */
  onMcpChanged(listener: () => void): () => void {
    return this.deps.agent.mcp?.onDidChange(listener) ?? (() => {});
  }

  /** Adds or removes a rule from the permissions panel, then shows the panel again; a refusal is logged and returned. */
  async changePermissionRule(change: RuleChange): Promise<string | undefined> {
    const error = await applyRuleChange(change, {
      ...(this.deps.agent.permissions ? { holder: this.deps.agent.permissions } : {}),
      ...(this.deps.agent.persistPermissionUpdates ? { persist: this.deps.agent.persistPermissionUpdates } : {}),
    });
    if (error) this.deps.log.warn(`Permission rule not changed: ${error}`);
    const ctx = this.host().permissionContext();
    const view = PanelViewSchema.safeParse({ panel: 'permissions', mode: ctx.mode, rules: permissionRules(ctx) });
    if (view.success) this.deps.emit({ type: 'panelOpened', view: view.data });
    return error;
  }

  private host(): CommandHost {
    const { agent, target } = this.deps;
    const editor = () => this.editor;
    const emit = this.deps.emit;
    return {
      cwd: agent.cwd,
      homeDir: this.deps.options?.homeDir ?? process.env.HOME ?? '',
      commands: () => this.registry.all(),
      model: () => agent.settings().model,
      ...(this.deps.options?.listModels ? { listModels: this.deps.options.listModels } : {}),
      // Getters: the editor is attached after the commands are built.
      get setModel() {
        const e = editor();
        if (!e) return undefined;
        return async (model: string) => {
          await e.setModel(model);
          emit({ type: 'modelChanged', model: agent.settings().model });
        };
      },
      get editor() {
        return editor();
      },
      usage: () => target.agentSession.sessionUsage,
      history: () => target.agentSession.history,
      clear: () => target.reset(),
      compact: (instructions) => target.compactNow(instructions),
      listSessions: () => listSessions(agent.transcripts),
      resume: (id) => target.resume(id),
      permissionContext: () => agent.permissions?.current() ?? target.agentSession.appState.getState().toolPermissionContext,
      agents: async () => (await agent.agentDefinitions?.()) ?? BUILTIN_AGENTS,
      hooks: () => this.deps.options?.listHooks?.() ?? [],
      mcpServers: () => this.deps.options?.mcpServers?.() ?? [],
      ...(this.deps.options?.plugins ? { plugins: this.deps.options.plugins } : {}),
      ...(agent.outputStyles ? { outputStyles: agent.outputStyles } : {}),
      contextSnapshot: () => target.agentSession.contextSnapshot(),
      conversationMarkdown: () => transcriptToMarkdown(target.agentSession.history.map((m) => JSON.stringify(m)).join('\n'), `Conversation ${target.agentSession.sessionId}`),
      exists: async (file) => (await agent.toolPorts.workspace.stat(file).catch(() => undefined)) !== undefined,
    };
  }
}
