/**
 * The palette and context-menu commands beyond open/new/stop/keys/logs: cycle the permission mode,
 * resume a session, run a slash command, add the selection or a file to the chat, explain a selection,
 * fix a file's problems, open the settings. Also keeps the context keys their `when` clauses use
 * (`codewright.permissionMode`, `codewright.hasApiKey`) and the status-bar item in step.
 * Commands that pick something take the pick as an optional argument, so scripts and tests skip the UI.
 */
import * as vscode from 'vscode';
import type { ChatSession } from '../../core/chat/chatSession';
import type { Logger } from '../../core/ports';
import type { SessionSummary } from '../../core/session/sessions';
import { PERMISSION_MODE_CHOICES, type HostToWebview, type PermissionModeChoice } from '../../protocol/messages';
import { SLASH_COMMANDS } from '../chat/chatControls';
import { COMMANDS } from './commands';
import { fileMentions, fixProblemsPrompt, selectionMention } from '../editor/editorContext';
import { CodewrightStatusBar, modeLabel } from './statusBar';

export const EXTENSION_ID = 'codewright.codewright';

export interface PaletteDeps {
  session: ChatSession;
  onDidChangeMode: vscode.Event<string>;
  chat: { reveal(): Promise<void>; post(message: HostToWebview): void; whenReady(): Promise<void> };
  listSessions(): Promise<SessionSummary[]>;
  hasApiKey(): Promise<boolean>;
  onDidChangeKey(listener: () => void): vscode.Disposable;
  log: Logger;
}

/** What the integration tests see of the palette commands. */
export interface PaletteApi {
  /** Messages the commands posted to the chat view (insertText, permissionModeChanged). */
  onDidPost: vscode.Event<HostToWebview>;
  statusBarText(): string;
}

const setContext = (key: string, value: unknown) => void vscode.commands.executeCommand('setContext', key, value);

export function registerPaletteCommands(deps: PaletteDeps): { disposables: vscode.Disposable[]; api: PaletteApi } {
  const { session, chat, log } = deps;
  const posted = new vscode.EventEmitter<HostToWebview>();
  const post = (message: HostToWebview) => {
    chat.post(message);
    posted.fire(message);
  };
  const statusBar = new CodewrightStatusBar(session.permissionMode);
  const syncKey = async () => setContext('codewright.hasApiKey', await deps.hasApiKey());
  setContext('codewright.permissionMode', session.permissionMode);
  void syncKey();

  /** Reveals the chat and inserts `text` into its composer once the view is listening. */
  const insert = async (text: string) => {
    await chat.reveal();
    await chat.whenReady();
    post({ type: 'insertText', text });
  };
  /** Sends `text` as a prompt; while a turn runs it is queued like a prompt typed then. */
  const sendPrompt = async (text: string) => {
    await chat.reveal();
    await session.submit(text);
  };
  const setMode = async (mode: PermissionModeChoice, confirmed: boolean) => {
    if (mode === 'bypassPermissions' && !confirmed) {
      const yes = 'Enable bypass';
      const answer = await vscode.window.showWarningMessage(
        'Bypass runs every tool call without asking, including edits and shell commands.',
        { modal: true },
        yes,
      );
      if (answer !== yes) return;
    }
    session.setPermissionMode(mode);
  };

  const commands: Record<string, (...args: never[]) => unknown> = {
    /** Arg: a mode to switch to; `{ confirmed: true }` skips the bypass confirmation (automation). */
    [COMMANDS.cycleMode]: async (arg?: { mode?: string; confirmed?: boolean }) => {
      const current = PERMISSION_MODE_CHOICES.indexOf(session.permissionMode as PermissionModeChoice);
      const wanted = PERMISSION_MODE_CHOICES.find((m) => m === arg?.mode);
      const next = wanted ?? PERMISSION_MODE_CHOICES[(current + 1) % PERMISSION_MODE_CHOICES.length] ?? 'default';
      await setMode(next, arg?.confirmed === true);
    },
    /** Arg: the session id to resume. */
    [COMMANDS.resumeSession]: async (sessionId?: string) => {
      if (session.busy) return void vscode.window.showInformationMessage('Stop the running turn before resuming another session.');
      const id = typeof sessionId === 'string' ? sessionId : await pickSession(await deps.listSessions());
      if (!id) return;
      await session.resume(id);
      await chat.reveal();
    },
    /** Arg: the command's name without the slash. */
    [COMMANDS.runSlashCommand]: async (name?: string) => {
      const picked = typeof name === 'string' ? SLASH_COMMANDS.find((c) => c.name === name.replace(/^\//, '')) : await pickSlashCommand();
      if (!picked) return;
      if (picked.name === 'clear') {
        session.reset();
        return chat.reveal();
      }
      return sendPrompt(`/${picked.name}`);
    },
    [COMMANDS.addSelectionToChat]: async () => {
      const result = selectionMention(vscode.window.activeTextEditor);
      if ('error' in result) return void vscode.window.showInformationMessage(result.error);
      await insert(result.mention);
    },
    /** Explorer context menu: (clicked uri, all selected uris); from the palette, the active editor's file. */
    [COMMANDS.addFileToChat]: async (uri?: vscode.Uri, uris?: vscode.Uri[]) => {
      const picked = uris?.length ? uris : uri ? [uri] : vscode.window.activeTextEditor ? [vscode.window.activeTextEditor.document.uri] : [];
      const text = fileMentions(picked);
      if (!text) return void vscode.window.showInformationMessage('Pick a file in the explorer or open one first.');
      await insert(text);
    },
    [COMMANDS.explainSelection]: async () => {
      const result = selectionMention(vscode.window.activeTextEditor);
      if ('error' in result) return void vscode.window.showInformationMessage(result.error);
      await sendPrompt(`Explain this code: ${result.mention}`);
    },
    /** Arg: the file (explorer or editor title); else the active editor's. */
    [COMMANDS.fixProblems]: async (uri?: vscode.Uri) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      if (!target) return void vscode.window.showInformationMessage('Open a file first.');
      const prompt = fixProblemsPrompt(target);
      if (!prompt) return void vscode.window.showInformationMessage(`No errors or warnings in ${vscode.workspace.asRelativePath(target, false)}.`);
      await sendPrompt(prompt);
    },
    [COMMANDS.openSettings]: () => vscode.commands.executeCommand('workbench.action.openSettings', `@ext:${EXTENSION_ID}`),
  };

  const disposables: vscode.Disposable[] = [
    posted,
    statusBar,
    ...Object.entries(commands).map(([id, run]) =>
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        try {
          return await run(...args);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          log.error(`${id} failed: ${message}`);
          void vscode.window.showErrorMessage(`Codewright: ${message}`);
          return undefined;
        }
      }),
    ),
    deps.onDidChangeMode((mode) => {
      statusBar.setMode(mode);
      setContext('codewright.permissionMode', mode);
      // The header follows changes made outside it (palette, settings file).
      post({ type: 'permissionModeChanged', mode });
      log.info(`Permission mode: ${modeLabel(mode)}.`);
    }),
    { dispose: session.onEvent((e) => e.type === 'busyChanged' && statusBar.setBusy(e.busy)) },
    deps.onDidChangeKey(() => void syncKey()),
  ];
  return { disposables, api: { onDidPost: posted.event, statusBarText: () => statusBar.text } };
}

async function pickSession(sessions: readonly SessionSummary[]): Promise<string | undefined> {
  if (sessions.length === 0) {
    void vscode.window.showInformationMessage('No earlier sessions in this workspace yet.');
    return undefined;
  }
  const items = sessions.map((s) => ({
    label: s.title,
    description: new Date(s.modifiedAt).toLocaleString(),
    detail: `${s.messageCount} message${s.messageCount === 1 ? '' : 's'}${s.error ? ` · ${s.error}` : ''}`,
    sessionId: s.sessionId,
  }));
  const picked = await vscode.window.showQuickPick(items, { title: 'Codewright: Resume Session', placeHolder: 'Pick a session to continue', matchOnDescription: true });
  return picked?.sessionId;
}

async function pickSlashCommand() {
  const items = SLASH_COMMANDS.map((c) => ({ label: `/${c.name}`, detail: c.description, command: c }));
  const picked = await vscode.window.showQuickPick(items, { title: 'Codewright: Run Slash Command', placeHolder: 'Pick a command' });
  return picked?.command;
}
