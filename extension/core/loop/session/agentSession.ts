/**
 * One agent conversation: the API transcript, its JSONL record, usage, and the context tools run in.
 * Shared by the sidebar chat and the headless CLI; each turn is one `query()` run.
 */
import { createMailbox, MAIN_AGENT_NAME, type Inbox, type MailMessage, type Mailbox } from '../../contracts/mailbox';
import { BUILTIN_AGENTS } from '../subagents/definitions';
import { createSpawnAgent } from '../subagents/runAgent';
import type { AgentDefinition, SpawnAgent } from '../../contracts/agents';
import type { AgentId } from '../../base/ids';
import { asAgentId, asSessionId, type SessionId } from '../../base/ids';
import type { Message, UserContentBlock, UserMessage } from '../../base/messages';
import type { EnvironmentInfo, EnvironmentPort, ModelClient, PermissionHolder, SessionStorage, TranscriptStore } from '../../contracts/ports';
import { createAppStateStore, type AppStateStore } from '../../contracts/appState';
import { loadSession } from '../../engines/transcripts/sessions';
import { TranscriptWriter, type TimelineItem } from '../../engines/transcripts/transcript';
import type { RequestPrefix, ToolPorts, ToolUseContext } from '../../contracts/toolUseContext';
import { createPermissionEngine } from '../../engines/permissions/engine';
import type { PermissionUpdate } from '../../contracts/permissions';
import { applyPermissionUpdates, createPermissionUpdateSink } from '../../engines/permissions/updates';
import { takeTaskNotificationMessage } from '../../engines/tasks/notifications';
import { taskRegistry } from '../../engines/tasks/registry';
import { createCanUseTool } from '../../engines/tools/permissionGate';
import type { AskUser, PermissionDecider } from '../../contracts/permissionPrompts';
import { createContentReplacementState } from '../../engines/results/resultStorage';
import type { Tools } from '../../contracts/tool';
import { toolDefinitions } from '../../engines/tools/toolSchema';
import { WorkingDirectory } from '../../contracts/workingDirectory';
import { enterWorktreeContext } from '../../engines/worktrees/worktreeSession';
import type { ConfigProblem } from '../../base/configProblems';
import { SessionMemory } from '../../engines/memory/sessionMemory';
import type { HookEngine } from '../../engines/hooks/engine';
import { IdleNotifier, preCompactHooks, promptHooks, sessionEndHooks } from '../../engines/hooks/sessionHooks';
import { compactConversation } from '../query/compact';
import { withMail } from '../query/inbox';
import type { QueryEvent } from '../../contracts/events';
import { query } from '../query/query';
import type { QueryParams } from '../query/params';
import { buildSystemPrompt } from '../query/systemPrompt';
import { UsageTracker, type UsageSnapshot } from '../query/usage';
import { modelParams, subAgentModelParams, transcriptParams, type TurnModelSettings } from '../query/sessionParams';
import { syncModeToHolder } from '../query/modeSync';
import { resolveAgentModel } from '../../engines/models/models';
import { withCommandRules } from '../commands/commandRules';
import { commandToolRunner } from '../commands/runTool';
import type { Command, CommandContext } from '../../contracts/commands';
import type { SessionUsage } from '../query/usage';
import { estimateContextSnapshot, type ContextSnapshot } from '../commands/contextSnapshot';
import type { McpHub } from '../../contracts/mcp';
import { McpToolSet } from '../../engines/mcp/tools';
import { mcpClientInfos } from '../../engines/mcp/views';

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

export class AgentSession {
  readonly sessionId: SessionId;
  private messages: Message[] = [];
  private readonly writer: TranscriptWriter;
  private readonly usage = new UsageTracker();
  /** The main loop's last request, read and written (UsageSnapshot.contextTokens): /context's figure. */
  private measuredContextTokens: number | undefined;
  private readonly store: AppStateStore = createAppStateStore();
  private readonly readFileState: ToolUseContext['readFileState'] = new Map();
  private readonly discovered = new Set<string>();
  private readonly replacement = createContentReplacementState();
  /** Where a Bash `cd` moved the session; later turns start there too. */
  private readonly workingDirectory = new WorkingDirectory();
  private started = false;
  /** Taken once per session: a system prompt that changed each turn would defeat the prompt cache (memory files excepted: `memory`). */
  private env: Promise<EnvironmentInfo> | undefined;
  private abort: AbortController | undefined;
  private readonly stopModeSync: () => void = () => {};
  /** Messages to the running agents; the main agent's inbox is `MAIN_AGENT_NAME`. */
  readonly mailbox: Mailbox = createMailbox();
  private readonly inbox: Inbox;
  /** The running tool round's interrupt, armed when a round starts and dropped at its boundary. */
  private roundInterrupt: AbortController | undefined;
  private readonly spawnAgent: SpawnAgent;
  /** The agent types as this turn read them (`deps.agentDefinitions`). */
  private definitions: readonly AgentDefinition[] = BUILTIN_AGENTS;
  /** The command files and skills as this turn read them (`deps.commands`). */
  private commandList: readonly Command[] = [];
  /** Memory files re-read each turn, and the nested-memory tracker (core/engines/memory/sessionMemory.ts). */
  private readonly memory: SessionMemory;
  /** SessionStart's source for the first turn; undefined once it fired. */
  private sessionStart: 'startup' | 'resume' | undefined = 'startup';
  private readonly idle: IdleNotifier;
  /** What the last turn sent before its messages, for /context. */
  private lastPrefix: RequestPrefix | undefined;
  /** The MCP servers' tools, rebuilt when the hub reports a change (core/engines/mcp/tools.ts). */
  private readonly mcpTools: McpToolSet | undefined;
  private offered: { extra: Tools; tools: Tools } | undefined;
  /** Each message the loop stored this session, with its transcript uuid (`messageUuid`). */
  private readonly uuids = new WeakMap<Message, string>();
  private lastPromptUuid: string | undefined;

  constructor(
    private readonly deps: AgentSessionDeps,
    sessionId?: string,
  ) {
    this.sessionId = asSessionId(sessionId ?? deps.newId());
    this.memory = new SessionMemory(deps.environment, deps.cwd, deps.onConfigProblems);
    this.mcpTools = deps.mcp ? new McpToolSet(deps.mcp) : undefined;
    this.writer = new TranscriptWriter(deps.transcripts, this.sessionId);
    // A tool that switches the mode (plan mode) changes AppState; the window's holder follows.
    if (deps.permissions) this.stopModeSync = syncModeToHolder(this.store, deps.permissions);
    this.idle = new IdleNotifier(deps.isNonInteractiveSession ? undefined : deps.hooks, deps.idleNotificationMs);
    this.inbox = this.mailbox.register({ agentId: deps.agentId ?? asAgentId(MAIN_AGENT_NAME), name: MAIN_AGENT_NAME });
    this.spawnAgent = createSpawnAgent({
      model: deps.model,
      // Resolved for the sub-agent's own model: a Haiku helper never gets an Opus output limit.
      settings: (model) => subAgentModelParams(model, deps.settings()),
      ...(deps.retry ? { retry: deps.retry } : {}),
      onUsage: (model, usage) => void this.usage.record(model, usage),
    });
  }

  private agentDefinitions(): readonly AgentDefinition[] {
    return this.definitions;
  }

  /**
   * The tools offered now: the session's own, then the MCP servers' (a name already taken keeps the first).
   * The same array until the MCP tools change, so the loop's mid-turn refresh sees "unchanged" by identity.
   */
  private offeredTools(): Tools {
    const extra = this.mcpTools?.tools() ?? [];
    if (extra.length === 0) return this.deps.tools;
    if (this.offered?.extra === extra) return this.offered.tools;
    const taken = new Set(this.deps.tools.map((t) => t.name));
    const tools = [...this.deps.tools, ...extra.filter((t) => !taken.has(t.name))];
    this.offered = { extra, tools };
    return tools;
  }

  private definitionsOf(tools: Tools) {
    return toolDefinitions(tools, {
      isNonInteractiveSession: this.deps.isNonInteractiveSession ?? false,
      toolPermissionContext: this.store.getState().toolPermissionContext,
      tools,
      agentDefinitions: this.agentDefinitions(),
    });
  }

  /**
   * Loads a stored session; what cannot be read is skipped and reported, never fatal. `timeline`: every message
   * and event line as written, for a view that shows the conversation again (extension/conversation/replay.ts).
   */
  static async resume(deps: AgentSessionDeps, sessionId: string): Promise<{ session: AgentSession; warnings: string[]; timeline: TimelineItem[] }> {
    const loaded = await loadSession(deps.transcripts, sessionId);
    const session = new AgentSession(deps, sessionId);
    session.messages = loaded.messages;
    // The budget's earlier replacements (already in `messages`): none of them is made again.
    for (const [toolUseId, text] of loaded.replacements) session.replacement.replaced.set(toolUseId, text);
    session.started = true;
    session.sessionStart = 'resume';
    return { session, warnings: loaded.warnings, timeline: loaded.timeline };
  }

  get history(): readonly Message[] {
    return this.messages;
  }

  /**
   * Writes an `event` line for a view of the session (the chat's rows: extension/conversation/replay.ts); core never reads
   * it back. Nothing is written for a session that has not begun (no prompt stored yet), so no empty session is listed.
   */
  recordEvent(name: string, data: unknown): Promise<void> {
    return this.started ? this.writer.appendEvent(name, data) : Promise.resolve();
  }

  /** The transcript uuid of the last turn's prompt; undefined until one is stored, and for a turn a hook blocked. */
  get promptUuid(): string | undefined {
    return this.lastPromptUuid;
  }

  /** The transcript uuid of a message the loop stored (the object an event carried), if it was stored. */
  messageUuid(message: Message): string | undefined {
    return this.uuids.get(message);
  }

  /** The session's app state (background tasks, todos), for views that follow it. */
  get appState(): AppStateStore {
    return this.store;
  }

  get running(): boolean {
    return this.abort !== undefined;
  }

  stop(): void {
    this.abort?.abort();
  }

  /**
   * A new user message arrived mid-turn: the running round's 'cancel' tools stop, 'block' ones finish; the
   * message goes with the round's results. Typed while the model streams, it waits for the round after.
   */
  interrupt(): void {
    this.roundInterrupt?.abort();
  }

  /** Runs one user turn to its end, yielding every event; the transcript is written as it goes. */
  async *runTurn(prompt: string | Message['content'], options: TurnOptions = {}): AsyncGenerator<AgentEvent> {
    if (this.abort) throw new Error('A turn is already running.');
    const abort = new AbortController();
    this.abort = abort;
    this.idle.cancel();
    try {
      const settings = this.turnSettings(options);
      if (!(yield* this.openTurn(prompt, settings.model, abort.signal))) return;

      this.env ??= this.deps.environment.info();
      const env = await this.memory.refresh(await this.env);
      this.definitions = (await this.deps.agentDefinitions?.()) ?? BUILTIN_AGENTS;
      this.commandList = (await this.deps.commands?.()) ?? [];
      const tools = this.offeredTools();
      this.startPermissions(options);
      const system = buildSystemPrompt({
        env: this.withFolders(env),
        tools,
        skills: skillSummaries(this.commandList),
        ...(this.deps.customSystemPrompt ? { customSystemPrompt: this.deps.customSystemPrompt } : {}),
        ...(this.deps.appendSystemPrompt ? { appendSystemPrompt: this.deps.appendSystemPrompt } : {}),
      });
      const defs = await this.definitionsOf(tools);
      this.lastPrefix = { model: settings.model, system, tools: defs };
      const context = this.context(abort, settings.model, this.lastPrefix, tools);
      const gen = query({
        messages: this.messages,
        system,
        tools: defs,
        model: this.deps.model,
        ...modelParams(settings, () => this.usage.session.costUsd),
        toolUseContext: context,
        canUseTool: this.canUseTool(),
        ...(this.deps.retry ? { retry: this.deps.retry } : {}),
        ...transcriptParams(this.writer, this.uuids),
        ...(this.deps.streamEvents ? { streamEvents: true } : {}),
        interruptSignal: () => (this.roundInterrupt = new AbortController()).signal,
        takeInbox: () => {
          this.roundInterrupt = undefined;
          return [...this.inbox.take(), ...(options.takePrompts?.() ?? [])];
        },
        toolDefinitionsFor: async (changed) => {
          const definitions = await this.definitionsOf(changed);
          this.lastPrefix = { model: settings.model, system, tools: definitions };
          return definitions;
        },
      });
      for (;;) {
        const next = await gen.next();
        if (next.done) {
          this.messages = next.value;
          break;
        }
        const event = next.value;
        yield event;
        if (event.type === 'usage') {
          const snapshot = this.usage.record(event.model, event.usage);
          this.measuredContextTokens = snapshot.contextTokens;
          await this.writer.appendUsage({ model: event.model, ...event.usage, costUsd: snapshot.request.costUsd });
          yield { type: 'usageSnapshot', snapshot };
        }
      }
    } finally {
      this.abort = undefined;
      this.roundInterrupt = undefined;
      this.idle.arm({ sessionId: this.sessionId, cwd: this.deps.cwd });
      if (options.allowedTools?.length) this.setCommandRules([]);
    }
  }

  /**
   * Writes the turn's user message: SessionStart (first turn) and UserPromptSubmit hooks first, which may add
   * context or block the prompt (then nothing is sent or stored, and the turn ends with the reason shown).
   */
  private async *openTurn(prompt: string | Message['content'], model: string, signal: AbortSignal): AsyncGenerator<AgentEvent, boolean> {
    if (!this.started) {
      this.started = true;
      await this.writer.writeMeta({ cwd: this.deps.cwd, model });
    }
    this.lastPromptUuid = undefined;
    const start = this.sessionStart;
    this.sessionStart = undefined;
    const hooked = yield* promptHooks(this.deps.hooks, { role: 'user', content: prompt } as UserMessage, { sessionId: this.sessionId, cwd: this.deps.cwd, signal }, start);
    if ('blocked' in hooked) {
      yield { type: 'error', kind: 'internal', message: hooked.blocked };
      yield { type: 'done', reason: 'error', turns: 0 };
      return false;
    }
    // Messages other agents sent while no turn ran go with the prompt.
    const user: Message = withMail(hooked.message, this.inbox.take());
    this.lastPromptUuid = await this.writer.appendMessage(user);
    this.messages.push(user);
    return true;
  }

  /** The settings of one turn: a prompt command's model replaces the setting's for it. */
  private turnSettings(options: TurnOptions): ReturnType<AgentSessionDeps['settings']> {
    const base = this.deps.settings();
    return options.model ? { ...base, model: resolveAgentModel(options.model, base.model) } : base;
  }

  /** The window's rules and mode as the turn starts, plus a prompt command's allowed tools for this turn. */
  /** The environment with the workspace as the tools see it: every folder of a multi-root workspace, the added directories. */
  private withFolders(env: EnvironmentInfo): EnvironmentInfo {
    // Inside a worktree the worktree alone is the workspace (core/engines/worktrees/worktreeSession.ts).
    const folders = this.store.getState().worktreeSession ? [] : this.deps.toolPorts.workspace.roots;
    const added = [...this.store.getState().toolPermissionContext.additionalWorkingDirectories.keys()];
    return { ...env, ...(folders.length > 1 ? { workspaceFolders: [...folders] } : {}), ...(added.length ? { additionalDirectories: added } : {}) };
  }

  private startPermissions(options: TurnOptions): void {
    const holder = this.deps.permissions;
    if (holder) this.store.setState((prev) => ({ ...prev, toolPermissionContext: holder.current() }));
    if (options.allowedTools?.length) this.setCommandRules(options.allowedTools);
  }

  private setCommandRules(rules: readonly string[]): void {
    this.store.setState((prev) => ({ ...prev, toolPermissionContext: withCommandRules(prev.toolPermissionContext, rules) }));
  }

  /** Tokens and cost of the session so far (/cost). */
  get sessionUsage(): SessionUsage {
    return this.usage.session;
  }

  /** What the next request would send (/context): the last turn's system prompt and tools, or the first turn's before there was one. */
  async contextSnapshot(): Promise<ContextSnapshot> {
    this.env ??= this.deps.environment.info();
    const model = this.deps.settings().model;
    // Before the first turn the command files have not been read yet: read them, so the skills count.
    if (!this.lastPrefix) this.commandList = (await this.deps.commands?.()) ?? this.commandList;
    const skills = skillSummaries(this.commandList);
    const snapshot = await estimateContextSnapshot({ prefix: this.lastPrefix, env: await this.env, model, messages: this.messages, tools: this.offeredTools(), toolContext: () => this.toolContext(), skills });
    return this.measuredContextTokens === undefined ? snapshot : { ...snapshot, measuredTokens: this.measuredContextTokens };
  }

  /** `CommandContext.runTool`: a prompt command's `!` lines and `@` files, through the permission engine. */
  commandToolRunner(): NonNullable<CommandContext['runTool']> {
    return commandToolRunner({ context: () => this.toolContext(), canUseTool: this.canUseTool() });
  }

  /** How many messages wait in the main agent's inbox (they go with the next turn). */
  waitingMail(): number {
    return this.inbox.waiting();
  }

  /** Called after each message delivered to the main agent's inbox. */
  onMail(listener: () => void): () => void {
    return this.inbox.onMail(listener);
  }

  /**
   * What waits for the main agent while no turn runs, taken now as the content of a turn of its own
   * (docs/ARCHITECTURE.md, Background tasks): the task notifications and monitor lines `query()` would
   * announce, then the inbox's mail as `runTurn` would send it. Undefined when nothing waits or a turn runs.
   */
  takeWake(): { content: UserContentBlock[]; mail: MailMessage[] } | undefined {
    if (this.abort) return undefined;
    const notice = takeTaskNotificationMessage({ getAppState: this.store.getState, setAppState: this.store.setState });
    const mail = this.inbox.take();
    const { content } = withMail(notice ?? { role: 'user', content: [] }, mail);
    return typeof content !== 'string' && content.length > 0 ? { content, mail } : undefined;
  }

  /** A tool context outside any turn, under the window's current rules: what `@` mentions may read. */
  toolContext(): ToolUseContext {
    const holder = this.deps.permissions;
    if (holder) this.store.setState((prev) => ({ ...prev, toolPermissionContext: holder.current() }));
    return this.context(new AbortController(), this.deps.settings().model);
  }

  /** Stops the turn and every background task the session started. */
  async dispose(): Promise<void> {
    this.stop();
    this.stopModeSync();
    this.mcpTools?.dispose();
    this.idle.cancel();
    if (this.started) await sessionEndHooks(this.deps.hooks, 'other', { sessionId: this.sessionId, cwd: this.deps.cwd });
    await taskRegistry.killAllTasks(this.store.getState().tasks, this.store.setState);
  }

  private canUseTool() {
    const sink = createPermissionUpdateSink(this.deps.persistPermissionUpdates);
    const holder = this.deps.permissions;
    return createCanUseTool(this.deps.decider ?? createPermissionEngine(), this.deps.askUser, {
      onPermissionUpdates: async (updates, context) => {
        holder?.update((prev) => applyPermissionUpdates(prev, updates));
        await sink(updates, context);
      },
    });
  }

  /** `/compact`: summarizes the older turns now, keeping the recent ones. */
  async compact(customInstructions?: string): Promise<{ summarizedCount: number; summary: string }> {
    if (this.abort) throw new Error('A turn is running; stop it before compacting.');
    const abort = new AbortController();
    this.abort = abort;
    try {
      const settings = this.deps.settings();
      const pre = preCompactHooks(this.deps.hooks, 'manual', customInstructions ?? '', { sessionId: this.sessionId, cwd: this.deps.cwd, signal: abort.signal });
      // /compact has no event stream: what the hooks say is in the log (the engine writes it there).
      for (let next = await pre.next(); !next.done; next = await pre.next());
      const result = await compactConversation({
        messages: this.messages,
        model: this.deps.model,
        modelName: settings.model,
        signal: abort.signal,
        ...(customInstructions ? { customInstructions } : {}),
      });
      if (result.summarizedCount > 0) {
        await this.writer.appendCompactBoundary({ summary: result.summary, preservedMessageCount: result.preservedCount });
        this.messages = result.messages;
        this.usage.record(settings.model, result.usage);
        // The summary replaced what was measured; /context estimates until the next request measures again.
        this.measuredContextTokens = undefined;
      }
      return { summarizedCount: result.summarizedCount, summary: result.summary };
    } finally {
      this.abort = undefined;
    }
  }

  /** The context a turn's tools run in, inside the worktree EnterWorktree moved the session to, if any. */
  private context(abort: AbortController, model: string, requestPrefix?: RequestPrefix, tools = this.offeredTools()): ToolUseContext {
    const base = this.baseContext(abort, model, tools, requestPrefix);
    const worktree = this.store.getState().worktreeSession;
    return worktree ? enterWorktreeContext(base, worktree) : base;
  }

  private baseContext(abort: AbortController, model: string, tools: Tools, requestPrefix?: RequestPrefix): ToolUseContext {
    return {
      options: {
        tools,
        refreshTools: () => this.offeredTools(),
        commands: this.commandList,
        mainLoopModel: model,
        debug: false,
        verbose: false,
        thinkingConfig: { type: 'disabled' },
        mcpClients: this.deps.mcp ? mcpClientInfos(this.deps.mcp.servers()) : [],
        mcpResources: {},
        isNonInteractiveSession: this.deps.isNonInteractiveSession ?? false,
        agentDefinitions: this.agentDefinitions(),
        spawnAgent: this.spawnAgent,
        ...(requestPrefix ? { requestPrefix } : {}),
        ...(this.deps.hooks ? { hooks: this.deps.hooks } : {}),
      },
      abortController: abort,
      getAppState: this.store.getState,
      setAppState: this.store.setState,
      readFileState: this.readFileState,
      messages: this.messages,
      sessionId: this.sessionId,
      ...(this.deps.agentId ? { agentId: this.deps.agentId } : {}),
      cwd: this.deps.cwd,
      workingDirectory: this.workingDirectory,
      toolDecisions: new Map(),
      localDenialTracking: { consecutiveDenials: 0, totalDenials: 0 },
      contentReplacementState: this.replacement,
      fileReadingLimits: {},
      globLimits: {},
      discoveredToolNames: this.discovered,
      mailbox: this.mailbox,
      ports: { model: this.deps.model, ...this.deps.toolPorts, ...(this.deps.mcp ? { mcp: this.deps.mcp } : {}), storage: this.deps.storageFor(this.sessionId) },
      ...(this.memory.nested ? { nestedMemory: this.memory.nested } : {}),
    };
  }
}

/** The skills the model may load (not those that set `disable-model-invocation`), for the system prompt. */
function skillSummaries(commands: readonly Command[]): { name: string; description: string }[] {
  return commands.filter((c) => c.type === 'prompt' && c.isSkill === true && c.disableModelInvocation !== true).map((c) => ({ name: c.name, description: c.description }));
}
