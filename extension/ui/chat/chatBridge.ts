/**
 * Connects one webview to the chat session over the typed protocol. Free of `vscode`, so unit tests drive
 * it with forged messages. Every inbound message is parsed; what does not parse is logged and dropped.
 */
import type { ChatEvent, ChatSession } from '../../conversation/chatSession';
import type { Logger, SettingsPort } from '../../core/contracts/settings';
import { handleControl, type ChatControlPorts } from './chatControls';
import { parseSlashCommand } from '../../core/loop/commands/parse';
import type { WebviewApprovalResponder } from './approvalResponder';
import { handleCheckpointRequest, type CheckpointControls } from '../checkpoints/checkpointControls';
import type { WebviewQuestionResponder } from './questionResponder';
import type { WebviewPlanResponder } from './planResponder';
import type { ElicitationCard } from './elicitationResponder';
import type { ReturnedPrompts } from '../../conversation/promptQueue';
import {
  MAX_PROMPT_IMAGES,
  parseWebviewToHost,
  type HostToWebview,
  type PanelView,
  type PromptImage,
  type SetupState,
  type WebviewToHost,
} from '../../protocol/messages';

/** The window's plugin manager as the /plugin panel uses it (ui/plugins/pluginManager.ts). */
export interface PluginPanelPort {
  view(): Promise<PanelView>;
  plugin(action: Extract<WebviewToHost, { type: 'pluginAction' }>['action'], id: string): Promise<unknown>;
  marketplace(action: Extract<WebviewToHost, { type: 'marketplaceAction' }>['action'], marketplace: string): Promise<unknown>;
  /** The busy text, the outcome or the plugins changed; returns the unsubscribe. */
  onDidChange(listener: () => void): () => void;
}

/** What the webview may ask of the editor; the implementation validates every argument (linkPolicy.ts). */
export interface EditorActions {
  openFile(path: string, line?: number, endLine?: number): Promise<void>;
  openLink(url: string): Promise<void>;
  copyText(text: string): Promise<void>;
}

export interface ChatBridgeDeps {
  session: ChatSession;
  settings: SettingsPort;
  log: Logger;
  setupState: () => Promise<SetupState>;
  post: (message: HostToWebview) => void;
  /** The model picker's ids (core/engines/models/modelList.ts); without it the view shows its built-in choices. */
  listModels?: () => Promise<string[]>;
  /** Editor actions the webview may request; they run through VS Code's own UI. */
  actions: { setApiKey(): void; showLogs(): void; manageWorkspaceTrust?(): void };
  editor: EditorActions;
  /** Model setting, session history and file search for the header and composer; optional in tests. */
  controls?: ChatControlPorts;
  /** The inline permission dialog's host half; without it, answers are dropped. */
  approvals?: Pick<WebviewApprovalResponder, 'answer' | 'openProposedDiff' | 'pendingRequest'>;
  /** Rewind, review and the changed-files list; optional in tests. */
  checkpoints?: CheckpointControls;
  /**
   * Whether the view's page is up to take messages (shown and past `ready`); a hidden view drops them.
   * One-off messages that must not be lost (prompts a Stop handed back) wait for the next snapshot when
   * it is false. Always true when absent (tests).
   */
  isLive?: () => boolean;
  /** The AskUserQuestion card's host half; without it, answers are dropped. */
  questions?: Pick<WebviewQuestionResponder, 'answer' | 'pendingRequest'>;
  /** The plan approval card's host half (docs/ARCHITECTURE.md, Plan mode); without it, answers are dropped. */
  plans?: Pick<WebviewPlanResponder, 'answer' | 'pendingRequest'>;
  /** The /plugin panel's actions and refreshes; without it, its requests are logged and dropped. */
  plugins?: PluginPanelPort;
  /** The MCP elicitation card's host half for this chat (docs/ARCHITECTURE.md, MCP); without it, answers are dropped. */
  elicitations?: ElicitationCard;
}

export class ChatBridge {
  private readonly unsubscribe: () => void;
  /** The images of the prompt being written, for the view's next page. */
  private draftImages: PromptImage[] = [];
  /** The command panel the view shows, so a reloaded view shows it again; cleared on close and on a new session. */
  private panel: PanelView | undefined;

  constructor(private readonly deps: ChatBridgeDeps) {
    const offEvents = deps.session.onEvent((e) => void this.forward(e));
    const offTasks = deps.session.feeds.onTasksChanged((tasks) => {
      deps.post({ type: 'tasksChanged', tasks });
    });
    const offChanged = deps.checkpoints?.onChanged((files) => deps.post({ type: 'changedFiles', files })) ?? (() => {});
    const offTodos = deps.session.feeds.onTodosChanged((todos) => deps.post({ type: 'todosChanged', todos }));
    const offWorkList = deps.session.feeds.onWorkListChanged((workList) => deps.post({ type: 'workListChanged', workList }));
    // An open /mcp panel follows the servers' status (connecting → connected, a crash, a restart).
    const offMcp = deps.session.commands.onMcpChanged(() => {
      if (this.panel?.panel !== 'mcp') return;
      const view = deps.session.commands.mcpPanel();
      if (view) deps.post({ type: 'panelOpened', view: (this.panel = view) });
    });
    // An open /plugin panel follows the manager: its busy text, then the outcome and the new state.
    const offPlugins = deps.plugins?.onDidChange(() => void this.refreshPluginsPanel()) ?? (() => {});
    this.unsubscribe = () => {
      offPlugins();
      offMcp();
      offEvents();
      offTasks();
      offChanged();
      offTodos();
      offWorkList();
    };
  }

  dispose(): void {
    this.unsubscribe();
  }

  /** Entry point for raw `postMessage` data from the webview. Returns whether it was accepted. */
  receive(raw: unknown): boolean {
    const parsed = parseWebviewToHost(raw);
    if (!parsed.ok) {
      this.deps.log.warn(`Dropped a malformed webview message: ${parsed.error}`);
      return false;
    }
    void this.handle(parsed.message).catch((err: unknown) => {
      this.deps.log.error(`Handling ${parsed.message.type} failed: ${err instanceof Error ? err.message : String(err)}`);
    });
    return true;
  }

  /** Sends the whole state; used on `ready` and when the setup state changes. */
  async sendSnapshot(): Promise<void> {
    const { session, settings } = this.deps;
    const setup = await this.deps.setupState();
    // Read after the await, so an answer that landed meanwhile is not shown again.
    const pendingPermission = this.deps.approvals?.pendingRequest;
    const pendingQuestion = this.deps.questions?.pendingRequest;
    const pendingPlan = this.deps.plans?.pendingRequest;
    const pendingElicitation = this.deps.elicitations?.pendingRequest;
    const returned = session.queue.takeReturned();
    this.deps.post({
      type: 'sessionSnapshot',
      sessionId: session.sessionId,
      entries: session.allEntries(),
      busy: session.busy,
      permissionMode: session.permissionMode,
      commands: session.commands.list(),
      configProblems: session.commands.problems.all(),
      ...(this.panel ? { panel: this.panel } : {}),
      tasks: session.feeds.tasks(),
      setup,
      model: settings.model(),
      ...(session.usage ? { usage: session.usage } : {}),
      ...(pendingPermission ? { pendingPermission } : {}),
      ...(this.deps.checkpoints ? { changedFiles: this.deps.checkpoints.changedFiles() } : {}),
      ...(pendingQuestion ? { pendingQuestion } : {}),
      ...(pendingPlan ? { pendingPlan } : {}),
      ...(pendingElicitation ? { pendingElicitation } : {}),
      todos: session.feeds.todos(),
      workList: session.feeds.workList(),
      queue: session.queue.queued(),
      ...(returned ? { returned: toReturned(returned) } : {}),
      ...(this.draftImages.length ? { draftImages: this.draftImages } : {}),
    });
  }

  /** The picker's list; it may wait on the API's models list, so it follows the snapshot rather than holding it up. */
  private async sendModelList(): Promise<void> {
    if (!this.deps.listModels) return;
    this.deps.post({ type: 'modelList', models: await this.deps.listModels() });
  }

  async sendSetup(): Promise<void> {
    this.deps.post({ type: 'setupChanged', setup: await this.deps.setupState() });
  }

  private async handle(message: WebviewToHost): Promise<void> {
    const { session } = this.deps;
    switch (message.type) {
      case 'ready':
        await this.sendSnapshot();
        void this.sendModelList();
        // The view asked: command files may have changed since the last turn (a change posts commandsChanged).
        return session.commands.refresh();
      case 'sendPrompt':
        // Slash commands run without a key (/help, /clear); a prompt command still meets the turn's key check.
        if (!parseSlashCommand(message.text) && !(await this.deps.setupState()).hasApiKey) return this.sendSetup();
        return session.submit(message.text, message.attachments ?? [], { interrupt: message.interrupt === true });
      case 'removeQueued':
        return session.queue.removeQueued(message.id);
      case 'draftImages':
        this.draftImages = message.images;
        return;
      case 'stop':
        return session.stop();
      case 'newChat':
        return session.sessions.reset();
      case 'setPermissionMode':
      case 'setModel':
      case 'listSessions':
      case 'resumeSession':
      case 'searchFiles':
      case 'stopTask':
      case 'openTaskTranscript':
        return handleControl(message, session, this.deps.controls, this.deps.post, () => this.deps.settings.model());
      case 'setApiKey':
        return this.deps.actions.setApiKey();
      case 'showLogs':
        return this.deps.actions.showLogs();
      case 'openFile':
        return this.deps.editor.openFile(message.path, message.line, message.endLine);
      case 'openLink':
        return this.deps.editor.openLink(message.url);
      case 'copyText':
        return this.deps.editor.copyText(message.text);
      case 'answerPermission':
        if (!this.deps.approvals?.answer(message)) this.deps.log.warn(`Ignored an answer to permission request ${message.requestId}: it is not pending.`);
        return;
      case 'openProposedDiff':
        await this.deps.approvals?.openProposedDiff(message.requestId);
        return;
      case 'rewind':
      case 'reviewChanges':
      case 'openChangeDiff':
        return handleCheckpointRequest(message, this.deps.checkpoints, this.deps.post);
      case 'addPermissionRule':
      case 'removePermissionRule':
        await session.commands.changePermissionRule(message);
        return;
      case 'restartMcpServer':
        return session.commands.restartMcpServer(message.server);
      case 'authenticateMcpServer':
        return session.commands.authenticateMcpServer(message.server);
      case 'approveMcpServer':
        return session.commands.approveMcpServer(message.server);
      case 'pluginAction':
        if (!this.deps.plugins) return this.deps.log.warn(`Ignored the plugin request "${message.action} ${message.plugin}": plugins cannot be managed here.`);
        await this.deps.plugins.plugin(message.action, message.plugin);
        return;
      case 'marketplaceAction':
        if (!this.deps.plugins) return this.deps.log.warn(`Ignored the marketplace request "${message.action} ${message.marketplace}": plugins cannot be managed here.`);
        await this.deps.plugins.marketplace(message.action, message.marketplace);
        return;
      case 'manageWorkspaceTrust':
        return this.deps.actions.manageWorkspaceTrust?.();
      case 'closePanel':
        this.panel = undefined;
        return;
      case 'answerQuestion':
      case 'answerPlan':
      case 'answerElicitation':
        return this.answerCard(message);
    }
  }

  /** The answer of a card (a question, a plan, an MCP server's request for input); one that fits nothing pending is logged and dropped. */
  private answerCard(message: Extract<WebviewToHost, { type: 'answerQuestion' | 'answerPlan' | 'answerElicitation' }>): void {
    const { questions, plans, elicitations, log } = this.deps;
    if (message.type === 'answerQuestion' && !questions?.answer(message)) log.warn(`Ignored an answer to question ${message.requestId}: it is not pending or does not fit the questions.`);
    if (message.type === 'answerPlan' && !plans?.answer(message)) log.warn(`Ignored an answer to plan ${message.requestId}: it is not pending or names no mode.`);
    if (message.type === 'answerElicitation' && !elicitations?.answer(message)) log.warn(`Ignored an answer to MCP request ${message.requestId}: it is not pending or its content does not fit the form.`);
  }

  private async refreshPluginsPanel(): Promise<void> {
    if (this.panel?.panel !== 'plugins' || !this.deps.plugins) return;
    const view = await this.deps.plugins.view().catch((err: unknown) => void this.deps.log.error(`The plugins panel could not be read: ${String(err)}`));
    // Closed (or replaced by another panel) while the catalog was read: leave it.
    if (view && this.panel?.panel === 'plugins') this.deps.post({ type: 'panelOpened', view: (this.panel = view) });
  }

  private async forward(event: ChatEvent): Promise<void> {
    if (event.type === 'reset') {
      this.panel = undefined;
      return this.sendSnapshot();
    }
    if (event.type === 'panelOpened') this.panel = event.view;
    if (event.type === 'promptsReturned') {
      if (this.deps.isLive && !this.deps.isLive()) return;
      const returned = this.deps.session.queue.takeReturned();
      if (returned) this.deps.post({ type: 'promptsReturned', returned: toReturned(returned) });
      return;
    }
    this.deps.post(event);
  }
}

/** At most the images one prompt may carry (the rest of a long queue's images are dropped, its text kept). */
function toReturned(r: ReturnedPrompts): { text: string; images: PromptImage[] } {
  return { text: r.text, images: r.images.slice(0, MAX_PROMPT_IMAGES) };
}

