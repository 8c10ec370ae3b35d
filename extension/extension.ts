/**
 * Composition root: builds the ports the window shares, then registers each area of the user interface
 * (`ui/<area>/register.ts`: editor, chat, palette). Each chat's own session and parts come from
 * `chatFactory.ts` (docs/ARCHITECTURE.md, Host and webview: several chats).
 */
import { readFile } from 'node:fs/promises';
import * as os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ChatSession } from './conversation/chatSession';
import { chatFactory } from './chatFactory';
import { VsCodeCredentials } from './host/vscode/credentials';
import { ProviderAwareCredentials } from './host/vscode/providerCredentials';
import type { ApprovalQueue } from './core/engines/permissions/approvalQueue';
import { lazyBashParser } from './host/node/bashParser';
import { NodeShell } from './host/node/shell/nodeShell';
import { createVsCodePermissions, type VsCodePermissions } from './host/vscode/permissionState';
import { createVsCodeHooks, type VsCodeHooks } from './host/vscode/hooks';
import { createVsCodeMcp, type VsCodeMcp } from './host/vscode/mcp';
import { createVsCodePlugins, type VsCodePlugins } from './host/vscode/plugins';
import { PluginManager } from './ui/plugins/pluginManager';
import { registerPluginCommands } from './ui/plugins/register';
import { sessionStorageRoot } from './host/vscode/sessionStorage';
import { codewrightHome } from './host/node/transcriptStore';
import { createTranscriptStore, migrateLegacyTranscripts } from './host/vscode/transcriptStore';
import { VsCodeSettings } from './host/vscode/settings';
import { setModelTableWarn } from './core/engines/models/models';
import { createModelList } from './core/engines/models/modelList';
import { AnthropicModelClient } from './llm/anthropicModelClient';
import { chooseProvider, describeProvider, PROVIDER_LABELS, type ProviderChoice } from './llm/providers/select';
import { listSessions } from './core/engines/transcripts/sessions';
import { warnIfSandboxUnavailable } from './host/vscode/sandbox';
import { registerChat, type ChatsApi } from './ui/chat/register';
import type { CheckpointsApi } from './ui/checkpoints/register';
import { registerEditor } from './ui/editor/register';
import { registerPalette, type PaletteApi } from './ui/palette/register';
import { COMMANDS } from './ui/palette/commands';

/** What activation hands back; the integration tests read it through `extension.exports`. */
export interface CodewrightApi {
  /** The side bar's chat session. */
  readonly session: ChatSession;
  /** Every chat of the window: the side bar's and one per editor tab, the focused one, opening a tab. */
  readonly chats: ChatsApi;
  /** Where sessions keep large tool results and checkpoints. */
  readonly storageRoot: string;
  /** Where the workspace's transcripts are: the CLI's folder (`codewright --resume` continues them). */
  readonly transcriptsDir: string;
  /** The side bar chat's tool calls waiting for the user; a surface (modal, chat dialog, test) answers through its responder. */
  readonly approvals: ApprovalQueue;
  readonly permissions: VsCodePermissions;
  /** Palette commands' posts to the chat view and the status-bar text. */
  readonly palette: PaletteApi;
  /** The side bar chat's checkpoints, rewind, and a seam to answer the rewind confirmation in tests. */
  readonly checkpoints: CheckpointsApi;
  /** The settings files' hooks (docs/ARCHITECTURE.md, Hooks), reloaded when a file changes. */
  readonly hooks: VsCodeHooks;
  /** The MCP servers (docs/ARCHITECTURE.md, MCP), reloaded when their configuration changes. */
  readonly mcp: VsCodeMcp;
  /** The installed plugins and the manager /plugin and the palette act through (with a seam for its questions). */
  readonly plugins: { readonly loaded: VsCodePlugins; readonly manager: PluginManager };
}

export async function activate(context: vscode.ExtensionContext): Promise<CodewrightApi> {
  const services = await createServices(context);
  const { log, permissions, credentials, settings, cwd, transcripts } = services;
  const listPastSessions = () => listSessions(transcripts);
  const editor = registerEditor(context, { cwd, read: readText, log });
  const chats = registerChat(context, {
    makeChat: chatFactory(context, services, editor),
    settings,
    credentials,
    log,
    listSessions: listPastSessions,
    listModels: services.listModels,
    providerName: () => services.provider().name,
    terminal: { cliPath: context.asAbsolutePath(path.join('dist', 'cli.js')), cwd, home: codewrightHome(process.env, os.homedir()), credentials, settings },
  });
  const palette = registerPalette(context, {
    chats,
    listSessions: listPastSessions,
    hasApiKey: async () => !!(await credentials.getApiKey()),
    onDidChangeKey: (listener) => credentials.onDidChange(listener),
    log,
  });
  registerPluginCommands(context, { manager: services.pluginManager, openPanel: () => vscode.commands.executeCommand(COMMANDS.runSlashCommand, 'plugin') });
  // The window's MCP servers ask for input through the focused chat's card.
  services.mcp.setElicitations(chats.elicitations);
  log.info(`Codewright activated (model ${settings.model()}).`);
  const { sidebar } = chats;
  return {
    palette,
    session: sidebar.session,
    chats,
    storageRoot: sessionStorageRoot(context),
    transcriptsDir: transcripts.dir,
    approvals: sidebar.parts.approvals,
    permissions,
    checkpoints: sidebar.checkpointsApi,
    hooks: services.hooks,
    mcp: services.mcp,
    plugins: { loaded: services.plugins, manager: services.pluginManager },
  };
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

/** The log, the permission settings, the transcripts and the ports every chat shares. */
async function createServices(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('Codewright', { log: true });
  const permissions = await createVsCodePermissions(os.homedir(), log);
  // Loaded on the first command to analyse (docs/ARCHITECTURE.md, Host memory); without it Bash still runs, but every command asks.
  const shellParser = lazyBashParser(context.asAbsolutePath('dist'), (err) => log.error(`Could not load the Bash parser: ${String(err)}`));
  const nodeShell = new NodeShell();
  const settings = new VsCodeSettings(process.env, (m) => log.warn(m));
  // An id the model table does not know: said once in the log (core/engines/models/models.ts).
  setModelTableWarn((m) => log.warn(m));
  // Bedrock, Vertex AI or Foundry (codewright.provider, CLAUDE_CODE_USE_*): no Anthropic key is asked for then.
  const provider = watchProvider(context, settings, log);
  const credentials = new ProviderAwareCredentials(new VsCodeCredentials(context.secrets), () => provider().name !== 'anthropic');
  const model = new AnthropicModelClient({ credentials, settings, log, provider: () => provider().name });
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
  const transcripts = await sharedTranscripts(context, cwd, log);
  const workspaceRoot = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  // Installed, enabled plugins (docs/ARCHITECTURE.md, Plugins): their hooks and MCP servers join the window's,
  // which reload after each plugin load; the chats read their commands, skills and agents.
  const plugins = await createVsCodePlugins(workspaceRoot ? { workspaceRoot } : {}, log);
  const hooks = await createVsCodeHooks(os.homedir(), log, (id) => path.join(transcripts.dir, `${id}.jsonl`), () => ({ hooks: plugins.current().hooks, problems: [] }));
  const mcp = createVsCodeMcp(context, { cwd, homeDir: os.homedir(), ...(workspaceRoot ? { workspaceRoot } : {}), plugins: () => plugins.current().mcpServers }, log);
  plugins.onDidReload(() => {
    hooks.reload().catch((err: unknown) => log.error(`Reloading hooks failed: ${String(err)}`));
    mcp.reload().catch((err: unknown) => log.error(`Reloading the MCP servers failed: ${String(err)}`));
  });
  // /plugin and the palette's plugin commands act through one manager per window.
  const pluginManager = new PluginManager({ plugins, log, ...(workspaceRoot ? { workspaceRoot } : {}) });
  context.subscriptions.push(log, permissions, plugins, hooks, mcp, { dispose: () => void nodeShell.dispose() });
  warnIfSandboxUnavailable(permissions.holder.current(), nodeShell, log);
  // The ids the header picker and /model list: the model table plus the API's models list, fetched once.
  const listModels = createModelList(model, log);
  return { log, permissions, shellParser, nodeShell, credentials, settings, model, listModels, cwd, plugins, pluginManager, hooks, mcp, provider, transcripts };
}

/**
 * The workspace's transcripts, in the CLI's folder (docs/ARCHITECTURE.md, Sessions and transcripts); those an
 * earlier version kept in the global storage are moved there first, so History lists them.
 */
async function sharedTranscripts(context: vscode.ExtensionContext, cwd: string, log: vscode.LogOutputChannel) {
  const store = createTranscriptStore(cwd);
  try {
    const { moved, skipped } = await migrateLegacyTranscripts(context, cwd, store);
    if (moved.length) log.info(`Moved ${moved.length} earlier session(s) to ${store.dir}, where the CLI sees them too.`);
    if (skipped.length) log.warn(`Left ${skipped.length} earlier session(s) in the global storage: ${store.dir} already holds sessions with their ids (${skipped.join(', ')}).`);
  } catch (err) {
    log.warn(`Could not move earlier sessions to ${store.dir}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return store;
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
