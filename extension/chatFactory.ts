/**
 * One chat's session and what is its own (docs/ARCHITECTURE.md, Host and webview: several chats): the
 * approval queue and the dialog's responders, the checkpoints, the terminal mirror, the scheduler, the
 * permission mode. What the window shares comes in as `WindowServices`: the model client, settings,
 * permission rules, hooks, MCP, the shell, the diff review, and the count of file writes that keeps one
 * chat from overwriting another's edit (core/engines/files/sharedWrites.ts). Part of the composition root: it wires
 * the tools.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { ChatSession } from './conversation/chatSession';
import { SessionCheckpoints } from './core/engines/checkpoints/sessionCheckpoints';
import { createGitSnapshotter } from './host/node/gitSnapshots';
import { formatConfigProblem } from './core/base/configProblems';
import { CronScheduler } from './core/engines/cron/scheduler';
import { guardWrites, SharedWrites } from './core/engines/files/sharedWrites';
import { hooksPanelEntries } from './core/engines/hooks/config';
import { mcpPromptLoader } from './core/engines/mcp/prompts';
import { mcpPanelRows } from './core/engines/mcp/views';
import { createMemoryNotes } from './core/engines/memory/notes';
import { modelSettings } from './core/engines/models/settings';
import { ApprovalQueue } from './core/engines/permissions/approvalQueue';
import { chatPermissionHolder } from './core/engines/permissions/chatHolder';
import { createAutoModeClassifier } from './core/engines/permissions/classifier';
import { createPermissionEngine } from './core/engines/permissions/engine';
import type { ShellParser } from './core/engines/permissions/bash';
import type { PermissionHolder } from './core/contracts/settings';
import { agentDefinitionsReader } from './host/node/agentFiles';
import { commandFilesReader, fileCommandLoader } from './host/node/commandFiles';
import { pluginCommandLoader, withPluginCommands } from './host/node/plugins/loadPluginDir';
import { FileCronJobStore } from './host/node/cronJobStore';
import { NodeEnvironment } from './host/node/environment';
import { nodeOutputStyles } from './host/node/outputStyles';
import { mirrorShell } from './host/node/shell/mirror';
import type { NodeShell } from './host/node/shell/nodeShell';
import { NodeTaskOutput } from './host/node/taskOutput';
import type { NodeTranscriptStore } from './host/node/transcriptStore';
import { workspaceKeyOf } from './host/node/transcriptStore';
import { NodeWeb } from './host/node/web';
import { NodeWorktrees } from './host/node/worktrees';
import { askWithModal } from './host/vscode/approval';
import { VsCodeCheckpointFiles } from './host/vscode/checkpointFiles';
import { VsCodeConfigSettings } from './host/vscode/configSettings';
import type { VsCodeHooks } from './host/vscode/hooks';
import { VsCodeLsp } from './host/vscode/lsp';
import type { VsCodeMcp } from './host/vscode/mcp';
import type { VsCodePlugins } from './host/vscode/plugins';
import type { PluginManager } from './ui/plugins/pluginManager';
import { quickPickMemoryNotes } from './host/vscode/memoryNotePicker';
import { VsCodeNotebooks } from './host/vscode/notebooks';
import type { VsCodePermissions } from './host/vscode/permissionState';
import type { ProviderAwareCredentials } from './host/vscode/providerCredentials';
import { createVsCodeSandboxFallback } from './host/vscode/sandbox';
import { VsCodeSearch } from './host/vscode/search';
import { createSessionStorage, sessionStorageRoot } from './host/vscode/sessionStorage';
import type { VsCodeSettings } from './host/vscode/settings';
import { createTerminalMirror } from './host/vscode/terminalMirror';
import { VsCodeWorkspace } from './host/vscode/workspace';
import type { AnthropicModelClient } from './llm/anthropicModelClient';
import { getTools } from './tools/tools';
import type { ChatParts, ChatKind } from './ui/chat/chatParts';
import { createChatResponders } from './ui/chat/responders';
import type { EditorSurfaces } from './ui/editor/register';

/** What every chat of the window shares. */
export interface WindowServices {
  log: vscode.LogOutputChannel;
  permissions: VsCodePermissions;
  shellParser: ShellParser | undefined;
  nodeShell: NodeShell;
  credentials: ProviderAwareCredentials;
  settings: VsCodeSettings;
  model: AnthropicModelClient;
  listModels: () => Promise<string[]>;
  cwd: string;
  /** Installed, enabled plugins (host/vscode/plugins.ts): their commands, skills and agents join each chat's. */
  plugins: VsCodePlugins;
  /** What /plugin and the palette's plugin commands act through (ui/plugins/pluginManager.ts). */
  pluginManager: PluginManager;
  hooks: VsCodeHooks;
  mcp: VsCodeMcp;
  transcripts: NodeTranscriptStore;
}

/** Builds chats on the window's services: `make('sidebar')` once, `make('tab')` for each editor tab. */
export function chatFactory(context: vscode.ExtensionContext, services: WindowServices, editor: EditorSurfaces): (kind: ChatKind) => ChatParts {
  const writes = new SharedWrites();
  const checkpointFiles = new VsCodeCheckpointFiles();
  // Durable scheduled jobs are the side bar chat's: one scheduler per file (docs/ARCHITECTURE.md, Scheduled and watched work).
  const durableCron = createCronScheduler(context, services);
  return (kind) => {
    const queue = new ApprovalQueue(askWithModal);
    const responders = createChatResponders({
      queue,
      reviews: editor.reviews,
      modal: askWithModal,
      openDiff: editor.openDiff,
      openPlan: editor.openPlan,
      readFile: readText,
      shellParser: services.shellParser,
      cwd: services.cwd,
    });
    const checkpoints = new SessionCheckpoints({
      storageFor: (id) => createSessionStorage(context, id),
      reader: checkpointFiles,
      restorer: checkpointFiles,
      log: services.log,
      // What Bash changes in the workspace folders, snapshotted around each command that may write.
      snapshots: {
        factory: createGitSnapshotter,
        roots: () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
        enabled: () => vscode.workspace.getConfiguration('codewright').get<boolean>('checkpoints.bashSnapshots', true) !== false,
      },
    });
    // The side bar's chat has the window's mode (settings files, the status bar's history); a tab its own.
    const ownMode = kind === 'tab' ? chatPermissionHolder(services.permissions.holder) : undefined;
    const holder = ownMode ?? services.permissions.holder;
    const cron = kind === 'sidebar' ? durableCron : new CronScheduler({ onError: (message) => services.log.warn(message) });
    const built = createSession(context, services, { responders, checkpoints, holder, cron, workspace: guardWrites(new VsCodeWorkspace(), writes) });
    const onModeChanged = (listener: (mode: string) => void): (() => void) => {
      if (ownMode) return ownMode.onModeChanged(listener);
      const sub = services.permissions.onDidChangeMode(listener);
      return () => sub.dispose();
    };
    if (kind === 'sidebar') durableCron.restore().catch((err: unknown) => services.log.warn(`Could not restore the scheduled jobs: ${err instanceof Error ? err.message : String(err)}`));
    return {
      kind,
      session: built.session,
      approvals: queue,
      responders,
      checkpoints,
      plugins: services.pluginManager,
      onModeChanged,
      dispose: async () => {
        built.dispose();
        if (cron !== durableCron) cron.dispose();
        responders.approvals.dispose();
        responders.questions.dispose();
        responders.plans.dispose();
        await built.session.dispose();
        await checkpoints.dispose();
      },
    };
  };
}

/** A file's text; undefined when it does not exist or cannot be read. */
const readText = (file: string) => readFile(file, 'utf8').catch(() => undefined);

/**
 * The window's cron scheduler: durable jobs are kept in the extension's storage, one file per workspace, and
 * restored once the chat has set its fire handler (docs/ARCHITECTURE.md, "Scheduled and watched work").
 */
function createCronScheduler(context: vscode.ExtensionContext, services: WindowServices): CronScheduler {
  const file = path.join(sessionStorageRoot(context), 'scheduled', `${workspaceKeyOf(services.cwd)}.json`);
  const cron = new CronScheduler({ store: new FileCronJobStore(file), onError: (message) => services.log.warn(message) });
  context.subscriptions.push({ dispose: () => cron.dispose() });
  return cron;
}

interface OwnParts {
  responders: ReturnType<typeof createChatResponders>;
  checkpoints: SessionCheckpoints;
  holder: PermissionHolder;
  cron: CronScheduler;
  workspace: VsCodeWorkspace | ReturnType<typeof guardWrites>;
}

/** The chat session on the tools and ports; its tool calls ask through the chat's dialog or the modal. */
function createSession(context: vscode.ExtensionContext, services: WindowServices, own: OwnParts): { session: ChatSession; dispose(): void } {
  const { log, shellParser, settings, cwd } = services;
  let sessionId = '';
  const mirror = createTerminalMirror(() => `Codewright: session ${sessionId.slice(0, 8)}`);
  const environment = new NodeEnvironment({ cwd });
  // The project's .claude/ commands, skills and agents wait for workspace trust (docs/ARCHITECTURE.md, Workspace trust).
  const trusted = () => vscode.workspace.isTrusted;
  const readCommandFiles = commandFilesReader({ cwd, homeDir: os.homedir(), trusted }, log);
  const session: ChatSession = new ChatSession({
    agent: {
      model: services.model,
      environment,
      transcripts: services.transcripts,
      storageFor: (id) => createSessionStorage(context, id),
      toolPorts: toolPorts(services, own, mirror),
      tools: getTools([], shellParser ? { shellParser } : {}),
      cwd,
      // The model preferences, the fallback model and the spending limit (codewright.maxBudgetUsd), read at each turn.
      settings: () => modelSettings(settings),
      askUser: own.responders.askUser,
      // `auto` mode: a small fast model judges what would otherwise ask (core/engines/permissions/classifier.ts).
      decider: createPermissionEngine({ classifier: createAutoModeClassifier() }),
      permissions: own.holder,
      persistPermissionUpdates: (updates) => services.permissions.persist(updates),
      agentDefinitions: agentDefinitionsReader({ cwd, homeDir: os.homedir(), trusted, extra: () => services.plugins.current().agents }, log, (problems) =>
        session.commands.problems.set('agents', problems),
      ),
      // The installed plugins' commands and skills follow the .claude/ files', which win a name.
      commands: async () => withPluginCommands((await readCommandFiles()).commands, services.plugins.current().commands),
      onConfigProblems: (problems) => {
        problems.forEach((p) => log.warn(`Skipped: ${formatConfigProblem(p)}`));
        session.commands.problems.set('memory', problems);
      },
      hooks: services.hooks.engine,
      mcp: services.mcp.hub,
      outputStyles: nodeOutputStyles({ configDir: services.plugins.configDir, workspaceRoot: cwd, trusted, plugins: () => services.plugins.current().outputStyles, onProblems: (problems) => session.commands.problems.set('outputStyles', problems) }),
    },
    memoryNotes: createMemoryNotes({ cwd, io: environment.memoryIo, picker: quickPickMemoryNotes }),
    credentials: services.credentials,
    log,
    newId: randomUUID,
    commands: {
      homeDir: os.homedir(),
      // Command files and skills (host/node/commandFiles.ts), read again whenever the list refreshes.
      // MCP prompts are commands too: /mcp__<server>__<prompt>.
      // Then the installed plugins' (/<plugin>:<command>), read as they stand when the list refreshes.
      loaders: [fileCommandLoader(cwd, os.homedir(), trusted), async () => pluginCommandLoader(services.plugins.current())(), mcpPromptLoader(services.mcp.hub)],
      listHooks: () => hooksPanelEntries(services.hooks.engine.hooks),
      mcpServers: () => mcpPanelRows(services.mcp.hub.servers()),
      plugins: () => services.pluginManager.catalog(),
      listModels: services.listModels,
    },
  });
  sessionId = session.sessionId;
  const offProblems = feedConfigProblems(session, services);
  const offReset = session.onEvent((e) => e.type === 'reset' && (sessionId = e.sessionId));
  const detach = own.checkpoints.attach(session);
  return {
    session,
    dispose: () => {
      offProblems();
      offReset();
      detach();
      mirror.dispose();
    },
  };
}

/** The plugins', hooks' and MCP servers' configuration problems in the session's list of problems, now and after each reload. */
function feedConfigProblems(session: ChatSession, services: WindowServices): () => void {
  // A plugin installed, enabled, disabled or removed: its commands join or leave the `/` list at once.
  const showPluginProblems = () => {
    session.commands.problems.set('plugins', services.plugins.current().problems);
    void session.commands.refresh();
  };
  session.commands.problems.set('plugins', services.plugins.current().problems);
  const offPlugins = services.plugins.onDidReload(showPluginProblems);
  const showHookProblems = () => session.commands.problems.set('hooks', services.hooks.engine.problems);
  showHookProblems();
  const offHooks = services.hooks.onDidReload(showHookProblems);
  const showMcpProblems = () => session.commands.problems.set('mcp', services.mcp.problems());
  showMcpProblems();
  const offMcp = services.mcp.onDidReload(showMcpProblems);
  return () => {
    offPlugins();
    offHooks();
    offMcp();
  };
}

/** The ports the tools reach the editor and the machine through. */
function toolPorts(services: WindowServices, own: OwnParts, mirror: ReturnType<typeof createTerminalMirror>) {
  const { workspace, checkpoints, responders } = own;
  return {
    // The file tools' writes are checkpointed as they happen, Bash's by the workspace snapshots around it.
    workspace: checkpoints.workspace(workspace),
    snapshots: checkpoints.bashSnapshots(),
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
    cron: own.cron,
    // EnterWorktree / ExitWorktree and Agent isolation: git worktrees through the git command line.
    worktrees: new NodeWorktrees(),
    taskOutput: new NodeTaskOutput(),
    // The Config tool: codewright.* settings.
    config: new VsCodeConfigSettings(),
    // WebFetch through Node's fetch; WebSearch as a request of the API's server-side search.
    web: new NodeWeb(),
    webSearch: services.model,
  };
}
