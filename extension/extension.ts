/**
 * Composition root: builds the ports and the chat session, then registers each area of the user interface
 * (`ui/<area>/register.ts`: editor, checkpoints, chat, palette).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { agentDefinitionsReader } from './host/node/agentFiles';
import { commandFilesReader, fileCommandLoader } from './host/node/commandFiles';
import { hooksPanelEntries } from './core/hooks/config';
import { ChatSession } from './chat/chatSession';
import { CronScheduler } from './core/cron/scheduler';
import { FileCronJobStore } from './host/node/cronJobStore';
import { VsCodeCredentials } from './host/vscode/credentials';
import { ProviderAwareCredentials } from './host/vscode/providerCredentials';
import { NodeEnvironment } from './host/node/environment';
import { formatConfigProblem } from './core/configProblems';
import { createMemoryNotes } from './core/memory/notes';
import { quickPickMemoryNotes } from './host/vscode/memoryNotePicker';
import { ApprovalQueue } from './core/permissions/approvalQueue';
import { createAutoModeClassifier } from './core/permissions/classifier';
import { createPermissionEngine } from './core/permissions/engine';
import { lazyBashParser } from './host/node/bashParser';
import { mirrorShell } from './host/node/shell/mirror';
import { NodeShell } from './host/node/shell/nodeShell';
import { NodeWorktrees } from './host/node/worktrees';
import { NodeTaskOutput } from './host/node/taskOutput';
import { VsCodeConfigSettings } from './host/vscode/configSettings';
import { askWithModal } from './host/vscode/approval';
import { createVsCodePermissions, type VsCodePermissions } from './host/vscode/permissionState';
import { createVsCodeHooks, type VsCodeHooks } from './host/vscode/hooks';
import { createVsCodeMcp, type VsCodeMcp } from './host/vscode/mcp';
import { mcpPanelRows } from './core/mcp/views';
import { mcpPromptLoader } from './core/mcp/prompts';
import { createTerminalMirror } from './host/vscode/terminalMirror';
import { VsCodeLsp } from './host/vscode/lsp';
import { VsCodeNotebooks } from './host/vscode/notebooks';
import { VsCodeSearch } from './host/vscode/search';
import { createSessionStorage, sessionStorageRoot } from './host/vscode/sessionStorage';
import { workspaceKeyOf } from './host/node/transcriptStore';
import { createTranscriptStore } from './host/vscode/transcriptStore';
import { VsCodeWorkspace } from './host/vscode/workspace';
import { VsCodeSettings } from './host/vscode/settings';
import { setModelTableWarn } from './core/models/models';
import { createModelList } from './core/models/modelList';
import { modelSettings } from './core/models/settings';
import { AnthropicModelClient } from './llm/anthropicModelClient';
import { chooseProvider, describeProvider, PROVIDER_LABELS, type ProviderChoice } from './llm/providers/select';
import { NodeWeb } from './host/node/web';
import { listSessions } from './core/session/sessions';
import { getTools } from './tools/tools';
import { createVsCodeSandboxFallback, warnIfSandboxUnavailable } from './host/vscode/sandbox';
import { SessionCheckpoints } from './core/checkpoints/sessionCheckpoints';
import { VsCodeCheckpointFiles } from './host/vscode/checkpointFiles';
import { createChatResponders, type ChatResponders } from './ui/chat/responders';
import { registerChat } from './ui/chat/register';
import { createCommandEditor } from './ui/chat/commandEditor';
import { registerCheckpoints, type CheckpointsApi } from './ui/checkpoints/register';
import { registerEditor } from './ui/editor/register';
import { registerPalette, type PaletteApi } from './ui/palette/register';

/** What activation hands back; the integration tests read it through `extension.exports`. */
export interface CodewrightApi {
  readonly session: ChatSession;
  /** Where sessions keep large tool results, transcripts and checkpoints. */
  readonly storageRoot: string;
  /** Tool calls waiting for the user; a surface (modal, chat dialog, test) answers through its responder. */
  readonly approvals: ApprovalQueue;
  readonly permissions: VsCodePermissions;
  /** Palette commands' posts to the chat view and the status-bar text. */
  readonly palette: PaletteApi;
  /** Checkpoints, rewind, and a seam to answer the rewind confirmation in tests. */
  readonly checkpoints: CheckpointsApi;
  /** The settings files' hooks (docs/ARCHITECTURE.md, Hooks), reloaded when a file changes. */
  readonly hooks: VsCodeHooks;
  /** The MCP servers (docs/ARCHITECTURE.md, MCP), reloaded when their configuration changes. */
  readonly mcp: VsCodeMcp;
}

export async function activate(context: vscode.ExtensionContext): Promise<CodewrightApi> {
  const services = await createServices(context);
  const { log, permissions, approvals, credentials, settings, cwd } = services;
  const listPastSessions = () => listSessions(createTranscriptStore(context, workspaceKeyOf(cwd)));
  const editor = registerEditor(context, { cwd, read: readText, log });
  // The chat view's permission dialog and question card are the session's ports, so they come first.
  const responders = createChatResponders({
    queue: approvals,
    reviews: editor.reviews,
    modal: askWithModal,
    openDiff: editor.openDiff,
    openPlan: editor.openPlan,
    readFile: readText,
    shellParser: services.shellParser,
    cwd,
  });
  const checkpointFiles = new VsCodeCheckpointFiles();
  const checkpoints = new SessionCheckpoints({ storageFor: (id) => createSessionStorage(context, id), reader: checkpointFiles, restorer: checkpointFiles, log });
  const session = createSession(context, services, responders, checkpoints);
  const checkpointUi = registerCheckpoints(context, { session, checkpoints, log, newId: randomUUID });
  const chat = registerChat(context, { session, settings, credentials, log, listSessions: listPastSessions, responders, checkpoints: checkpointUi.controls, listModels: services.listModels, providerName: () => services.provider().name });
  session.commands.attachEditor(createCommandEditor({ session, rewind: checkpointUi.api.rewind, post: (m) => chat.post(m) }));
  const palette = registerPalette(context, {
    session,
    onDidChangeMode: permissions.onDidChangeMode,
    chat,
    listSessions: listPastSessions,
    hasApiKey: async () => !!(await credentials.getApiKey()),
    onDidChangeKey: (listener) => credentials.onDidChange(listener),
    log,
  });
  log.info(`Codewright activated (model ${settings.model()}).`);
  return { palette, session, storageRoot: sessionStorageRoot(context), approvals, permissions, checkpoints: checkpointUi.api, hooks: services.hooks, mcp: services.mcp };
}

/**
 * Where model requests go (llm/providers/select.ts), read on each request: logged at start and whenever
 * `codewright.provider` changes, the change also shown in the status bar.
 */
function watchProvider(context: vscode.ExtensionContext, settings: VsCodeSettings, log: vscode.LogOutputChannel): () => ProviderChoice {
  const choose = () => chooseProvider(settings.provider(), process.env);
  const report = () => {
    const choice = choose();
    if (choice.problem) log.warn(choice.problem);
    log.info(`Model provider: ${describeProvider(choice, process.env)}.`);
    return choice;
  };
  report();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('codewright.provider')) vscode.window.setStatusBarMessage(`Codewright: model requests go to ${PROVIDER_LABELS[report().name]}`, 5000);
    }),
  );
  return choose;
}

/** A file's text; undefined when it does not exist or cannot be read. */
const readText = (file: string) => readFile(file, 'utf8').catch(() => undefined);

type Services = Awaited<ReturnType<typeof createServices>>;

/** The log, the permission settings, the approval queue and the ports every area shares. */
async function createServices(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('Codewright', { log: true });
  const permissions = await createVsCodePermissions(os.homedir(), log);
  const approvals = new ApprovalQueue(askWithModal);
  // Loaded on the first command to analyse (docs/ARCHITECTURE.md, Host memory); without it Bash still runs, but every command asks.
  const shellParser = lazyBashParser(context.asAbsolutePath('dist'), (err) => log.error(`Could not load the Bash parser: ${String(err)}`));
  const nodeShell = new NodeShell();
  const settings = new VsCodeSettings(process.env, (m) => log.warn(m));
  // An id the model table does not know: said once in the log (core/models/models.ts).
  setModelTableWarn((m) => log.warn(m));
  // Bedrock, Vertex AI or Foundry (codewright.provider, CLAUDE_CODE_USE_*): no Anthropic key is asked for then.
  const provider = watchProvider(context, settings, log);
  const credentials = new ProviderAwareCredentials(new VsCodeCredentials(context.secrets), () => provider().name !== 'anthropic');
  const model = new AnthropicModelClient({ credentials, settings, log, provider: () => provider().name });
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
  const transcriptsDir = createTranscriptStore(context, workspaceKeyOf(cwd)).dir;
  const hooks = await createVsCodeHooks(os.homedir(), log, (id) => path.join(transcriptsDir, `${id}.jsonl`));
  const workspaceRoot = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const mcp = createVsCodeMcp(context, { cwd, homeDir: os.homedir(), ...(workspaceRoot ? { workspaceRoot } : {}) }, log);
  context.subscriptions.push(log, permissions, hooks, mcp, { dispose: () => void nodeShell.dispose() });
  warnIfSandboxUnavailable(permissions.holder.current(), nodeShell, log);
  // The ids the header picker and /model list: the model table plus the API's models list, fetched once.
  const listModels = createModelList(model, log);
  return { log, permissions, approvals, shellParser, nodeShell, credentials, settings, model, listModels, cwd, hooks, mcp, provider };
}

/**
 * The window's cron scheduler: durable jobs are kept in the extension's storage, one file per workspace, and
 * restored once the chat has set its fire handler (docs/ARCHITECTURE.md, "Scheduled and watched work").
 */
function createCronScheduler(context: vscode.ExtensionContext, services: Services): CronScheduler {
  const file = path.join(sessionStorageRoot(context), 'scheduled', `${workspaceKeyOf(services.cwd)}.json`);
  const cron = new CronScheduler({ store: new FileCronJobStore(file), onError: (message) => services.log.warn(message) });
  context.subscriptions.push({ dispose: () => cron.dispose() });
  return cron;
}

/** The chat session on the tools and ports; its tool calls ask through the chat view or the modal. */
function createSession(context: vscode.ExtensionContext, services: Services, responders: ChatResponders, checkpoints: SessionCheckpoints): ChatSession {
  const { log, permissions, shellParser, settings, cwd } = services;
  let sessionId = '';
  const mirror = createTerminalMirror(() => `Codewright: session ${sessionId.slice(0, 8)}`);
  const workspace = new VsCodeWorkspace();
  const cron = createCronScheduler(context, services);
  const environment = new NodeEnvironment({ cwd });
  const readCommandFiles = commandFilesReader({ cwd, homeDir: os.homedir() }, log);
  const session: ChatSession = new ChatSession({
    agent: {
      model: services.model,
      environment,
      transcripts: createTranscriptStore(context, workspaceKeyOf(cwd)),
      storageFor: (id) => createSessionStorage(context, id),
      toolPorts: {
        // The file tools' writes are checkpointed; Bash writes are not.
        workspace: checkpoints.workspace(workspace),
        search: new VsCodeSearch(vscode.env),
        lsp: new VsCodeLsp(),
        notebooks: checkpoints.notebooks(new VsCodeNotebooks(), workspace),
        shell: mirrorShell(services.nodeShell, mirror),
        // The sandbox setting on a machine without bubblewrap: a modal before commands run unsandboxed.
        sandboxFallback: createVsCodeSandboxFallback(),
        // AskUserQuestion's card; a question waits in the snapshot while the view is hidden.
        questions: responders.questions,
        // ExitPlanMode's card and editor tab.
        planApproval: responders.plans,
        cron,
        // EnterWorktree / ExitWorktree and Agent isolation: git worktrees through the git command line.
        worktrees: new NodeWorktrees(),
        taskOutput: new NodeTaskOutput(),
        // The Config tool: codewright.* settings.
        config: new VsCodeConfigSettings(),
        // WebFetch through Node's fetch; WebSearch as a request of the API's server-side search.
        web: new NodeWeb(),
        webSearch: services.model,
      },
      tools: getTools([], shellParser ? { shellParser } : {}),
      cwd,
      settings: () => ({ ...modelSettings(settings), ...(settings.fallbackModel() ? { fallbackModel: settings.fallbackModel() } : {}) }),
      askUser: responders.askUser,
      // `auto` mode: a small fast model judges what would otherwise ask (core/permissions/classifier.ts).
      decider: createPermissionEngine({ classifier: createAutoModeClassifier() }),
      permissions: permissions.holder,
      persistPermissionUpdates: (updates) => permissions.persist(updates),
      agentDefinitions: agentDefinitionsReader({ cwd, homeDir: os.homedir() }, log, (problems) => session.commands.problems.set('agents', problems)),
      commands: async () => (await readCommandFiles()).commands,
      onConfigProblems: (problems) => {
        problems.forEach((p) => log.warn(`Skipped: ${formatConfigProblem(p)}`));
        session.commands.problems.set('memory', problems);
      },
      hooks: services.hooks.engine,
      mcp: services.mcp.hub,
    },
    memoryNotes: createMemoryNotes({ cwd, io: environment.memoryIo, picker: quickPickMemoryNotes }),
    credentials: services.credentials,
    log,
    newId: randomUUID,
    commands: {
      homeDir: os.homedir(),
      // Command files and skills (host/node/commandFiles.ts), read again whenever the list refreshes.
      // MCP prompts are commands too: /mcp__<server>__<prompt>.
      loaders: [fileCommandLoader(cwd, os.homedir()), mcpPromptLoader(services.mcp.hub)],
      listHooks: () => hooksPanelEntries(services.hooks.engine.hooks),
      mcpServers: () => mcpPanelRows(services.mcp.hub.servers()),
      listModels: services.listModels,
    },
  });
  sessionId = session.sessionId;
  const showHookProblems = () => session.commands.problems.set('hooks', services.hooks.engine.problems);
  showHookProblems();
  context.subscriptions.push({ dispose: services.hooks.onDidReload(showHookProblems) });
  const showMcpProblems = () => session.commands.problems.set('mcp', services.mcp.problems());
  showMcpProblems();
  context.subscriptions.push({ dispose: services.mcp.onDidReload(showMcpProblems) });
  cron.restore().catch((err: unknown) => log.warn(`Could not restore the scheduled jobs: ${err instanceof Error ? err.message : String(err)}`));
  context.subscriptions.push(mirror, { dispose: session.onEvent((e) => e.type === 'reset' && (sessionId = e.sessionId)) }, { dispose: () => void session.dispose() });
  return session;
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
