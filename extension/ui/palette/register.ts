/**
 * Registers the palette and context-menu commands of `paletteCommands.ts` (the chat's own are in
 * ui/chat/register.ts), and keeps the context keys their `when` clauses use (`codewright.permissionMode`,
 * `codewright.hasApiKey`) and the status-bar item in step. A command that throws is logged and shown.
 */
import * as vscode from 'vscode';
import type { ChatSession } from '../../chat/chatSession';
import type { Logger } from '../../core/ports';
import type { SessionSummary } from '../../core/session/sessions';
import type { HostToWebview } from '../../protocol/messages';
import { paletteCommands, type PaletteCommand } from './paletteCommands';
import { CodewrightStatusBar, modeLabel } from './statusBar';

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

export function registerPalette(context: vscode.ExtensionContext, deps: PaletteDeps): PaletteApi {
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
  const commands = paletteCommands({ session, chat, post, listSessions: deps.listSessions });
  context.subscriptions.push(
    posted,
    statusBar,
    ...Object.entries(commands).map(([id, run]) => registerReported(id, run, log)),
    deps.onDidChangeMode((mode) => {
      statusBar.setMode(mode);
      setContext('codewright.permissionMode', mode);
      // The header follows changes made outside it (palette, settings file).
      post({ type: 'permissionModeChanged', mode });
      log.info(`Permission mode: ${modeLabel(mode)}.`);
    }),
    { dispose: session.onEvent((e) => e.type === 'busyChanged' && statusBar.setBusy(e.busy)) },
    deps.onDidChangeKey(() => void syncKey()),
  );
  return { onDidPost: posted.event, statusBarText: () => statusBar.text };
}

function registerReported(id: string, run: PaletteCommand, log: Logger): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: never[]) => {
    try {
      return await run(...args);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.error(`${id} failed: ${message}`);
      void vscode.window.showErrorMessage(`Codewright: ${message}`);
      return undefined;
    }
  });
}
