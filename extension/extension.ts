/** Composition root: builds the ports, the chat session and the view, and registers the commands. */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { ChatSession } from './core/chat/chatSession';
import { VsCodeCredentials } from './host/vscode/credentials';
import { NodeEnvironment } from './host/node/environment';
import { ApprovalQueue } from './core/permissions/approvalQueue';
import { bashWarnings } from './core/permissions/bash';
import { loadBashParser } from './host/node/bashParser';
import { mirrorShell } from './host/node/shell/mirror';
import { NodeShell } from './host/node/shell/nodeShell';
import { askWithModal } from './host/vscode/approval';
import { createVsCodePermissions, type VsCodePermissions } from './host/vscode/permissionState';
import { createTerminalMirror } from './host/vscode/terminalMirror';
import { VsCodeLsp } from './host/vscode/lsp';
import { VsCodeNotebooks } from './host/vscode/notebooks';
import { VsCodeSearch } from './host/vscode/search';
import { createSessionStorage, sessionStorageRoot } from './host/vscode/sessionStorage';
import { createTranscriptStore, workspaceKeyOf } from './host/vscode/transcriptStore';
import { VsCodeWorkspace } from './host/vscode/workspace';
import { VsCodeSettings } from './host/vscode/settings';
import { AnthropicModelClient } from './llm/anthropicModelClient';
import { WebviewApprovalResponder } from './ui/chat/approvalResponder';
import { WebviewQuestionResponder } from './ui/chat/questionResponder';
import { CHAT_VIEW_ID, ChatViewProvider } from './ui/chat/chatViewProvider';
import { createFileSearch } from './ui/chat/fileSearch';
import { listSessions } from './core/session/sessions';
import { ProposedDiffs } from './ui/editor/proposedDiff';
import { registerDiffReview } from './ui/diffReview/register';
import { getTools } from './tools/tools';
import { COMMANDS } from './ui/palette/commands';
import { registerPaletteCommands, type PaletteApi } from './ui/palette/paletteCommands';
import { SessionCheckpoints } from './core/checkpoints/sessionCheckpoints';
import { VsCodeCheckpointFiles } from './host/vscode/checkpointFiles';
import { registerCheckpointsUi, type CheckpointsApi } from './ui/checkpoints/register';

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
}

export async function activate(context: vscode.ExtensionContext): Promise<CodewrightApi> {
  const log = vscode.window.createOutputChannel('Codewright', { log: true });
  const permissions = await createVsCodePermissions(os.homedir(), log);
  const approvals = new ApprovalQueue(askWithModal);
  const shellParser = await loadBashParser(context.asAbsolutePath('dist')).catch((err: unknown) => {
    // Without the parser Bash still runs, but every command asks.
    log.error(`Could not load the Bash parser: ${String(err)}`);
    return undefined;
  });
  const nodeShell = new NodeShell();
  let sessionId = '';
  const mirror = createTerminalMirror(() => `Codewright: session ${sessionId.slice(0, 8)}`);
  const credentials = new VsCodeCredentials(context.secrets);
  const settings = new VsCodeSettings();
  const model = new AnthropicModelClient({ credentials, settings, log });
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
  const proposedDiffs = new ProposedDiffs();
  // File edits open in VS Code's diff editor, whichever surface asks (ui/diffReview).
  const diffReview = registerDiffReview({ cwd, read: (file) => readFile(file, 'utf8').catch(() => undefined), log });
  approvals.setResponder(diffReview.reviews.wrap(askWithModal, { dialog: false }));
  // The chat view's inline dialog answers while the view is showing; the modal otherwise (see the provider).
  const inlineApprovals = new WebviewApprovalResponder({
    post: (m) => provider.post(m),
    newId: randomUUID,
    queued: () => approvals.pending.length,
    readFile: (file) => readFile(file, 'utf8').catch(() => undefined),
    bashWarnings: (command, at) =>
      bashWarnings(shellParser, command, {
        cwd: at,
        workspaceRoots: vscode.workspace.workspaceFolders?.map((f) => f.uri.fsPath) ?? [cwd],
        homeDir: os.homedir(),
      }),
    openDiff: async (change, title) => {
      if (!(await diffReview.reviews.showFor(change.path))) await proposedDiffs.open(change, title);
    },
  });
  // AskUserQuestion's card; a question waits in the snapshot while the view is hidden.
  let chatVisible = false;
  const inlineQuestions = new WebviewQuestionResponder({
    post: (m) => provider.post(m),
    newId: randomUUID,
    // A hidden chat view cannot show the card: point the user to it.
    onShow: () => {
      if (chatVisible) return;
      void vscode.window.showInformationMessage('Codewright has a question for you.', 'Answer').then((choice) => choice && provider.reveal());
    },
  });
  const checkpointFiles = new VsCodeCheckpointFiles();
  const checkpoints = new SessionCheckpoints({ storageFor: (id) => createSessionStorage(context, id), reader: checkpointFiles, restorer: checkpointFiles, log });
  const workspace = new VsCodeWorkspace();
  const session = new ChatSession({
    agent: {
      model,
      environment: new NodeEnvironment({ cwd }),
      transcripts: createTranscriptStore(context, workspaceKeyOf(cwd)),
      storageFor: (id) => createSessionStorage(context, id),
      toolPorts: {
        // The file tools' writes are checkpointed; Bash writes are not.
        workspace: checkpoints.workspace(workspace),
        search: new VsCodeSearch(vscode.env),
        lsp: new VsCodeLsp(),
        notebooks: checkpoints.notebooks(new VsCodeNotebooks(), workspace),
        shell: mirrorShell(nodeShell, mirror),
        questions: inlineQuestions,
      },
      tools: getTools([], shellParser ? { shellParser } : {}),
      cwd,
      settings: () => ({ model: settings.model(), maxTokens: settings.maxTokens() }),
      askUser: (prompt, ctx) => {
        const answer = approvals.ask(prompt, ctx);
        inlineApprovals.queueChanged();
        return answer;
      },
      permissions: permissions.holder,
      persistPermissionUpdates: (updates) => permissions.persist(updates),
    },
    credentials,
    log,
    newId: randomUUID,
  });
  sessionId = session.sessionId;
  const detachCheckpoints = checkpoints.attach(session);
  const checkpointUi = registerCheckpointsUi({ session, checkpoints, log, newId: randomUUID });

  const setupState = async () => {
    const key = await credentials.getApiKey();
    return { hasApiKey: !!key, keySource: key?.source ?? ('none' as const) };
  };
  const provider = new ChatViewProvider(context.extensionUri, {
    session,
    settings,
    log,
    setupState,
    controls: {
      setModel: async (m) => {
        await vscode.workspace.getConfiguration('codewright').update('model', m, vscode.ConfigurationTarget.Global);
      },
      listSessions: () => listSessions(createTranscriptStore(context, workspaceKeyOf(cwd))),
      searchFiles: createFileSearch(),
    },
    actions: {
      setApiKey: () => void vscode.commands.executeCommand(COMMANDS.setApiKey),
      showLogs: () => log.show(true),
    },
    approvals: inlineApprovals,
    checkpoints: checkpointUi.controls,
    questions: inlineQuestions,
  }, (available) => {
    chatVisible = available;
    approvals.setResponder(available ? diffReview.reviews.wrap(inlineApprovals.ask, { dialog: true }) : diffReview.reviews.wrap(askWithModal, { dialog: false }));
  });

  const setBusy = (busy: boolean) => void vscode.commands.executeCommand('setContext', 'codewright.busy', busy);
  const palette = registerPaletteCommands({
    session,
    onDidChangeMode: permissions.onDidChangeMode,
    chat: provider,
    listSessions: () => listSessions(createTranscriptStore(context, workspaceKeyOf(cwd))),
    hasApiKey: async () => (await setupState()).hasApiKey,
    onDidChangeKey: (listener) => credentials.onDidChange(listener),
    log,
  });
  context.subscriptions.push(
    log,
    permissions,
    mirror,
    { dispose: () => void nodeShell.dispose() },
    { dispose: session.onEvent((e) => e.type === 'reset' && (sessionId = e.sessionId)) },
    provider,
    proposedDiffs,
    ...checkpointUi.disposables,
    { dispose: detachCheckpoints },
    diffReview.disposable,
    inlineApprovals,
    inlineQuestions,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider),
    { dispose: session.onEvent((e) => e.type === 'busyChanged' && setBusy(e.busy)) },
    credentials.onDidChange(() => provider.refreshSetup()),
    vscode.commands.registerCommand(COMMANDS.openChat, () => provider.reveal()),
    vscode.commands.registerCommand(COMMANDS.newChat, async () => {
      session.reset();
      await provider.reveal();
    }),
    vscode.commands.registerCommand(COMMANDS.stop, () => session.stop()),
    vscode.commands.registerCommand(COMMANDS.setApiKey, async () => {
      const key = await vscode.window.showInputBox({
        title: 'Codewright: Anthropic API key',
        prompt: 'Stored in VS Code SecretStorage (your OS keychain), never in settings files.',
        placeHolder: 'sk-ant-…',
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'Enter a key, or press Escape to cancel.'),
      });
      if (!key) return;
      await credentials.setApiKey(key);
      log.info('API key stored in SecretStorage.');
      void vscode.window.showInformationMessage('Codewright: API key saved.');
    }),
    vscode.commands.registerCommand(COMMANDS.clearApiKey, async () => {
      await credentials.clearApiKey();
      log.info('API key removed from SecretStorage.');
      void vscode.window.showInformationMessage('Codewright: API key cleared.');
    }),
    vscode.commands.registerCommand(COMMANDS.showLogs, () => log.show(true)),
    ...palette.disposables,
  );
  setBusy(false);
  log.info(`Codewright activated (model ${settings.model()}).`);
  return { palette: palette.api, session, storageRoot: sessionStorageRoot(context), approvals, permissions, checkpoints: checkpointUi.api };
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
