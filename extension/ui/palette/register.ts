/**
 * Registers the palette and context-menu commands of `paletteCommands.ts` (the chat's own are in
 * ui/chat/register.ts), and keeps the context keys their `when` clauses use (`codewright.permissionMode`,
 * `codewright.hasApiKey`) and the status-bar item in step with the chat the user turned to last and with
 * how many chats are busy. A command that throws is logged and shown.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/contracts/settings';
import type { SessionSummary } from '../../core/engines/transcripts/sessions';
import type { HostToWebview } from '../../protocol/messages';
import { paletteCommands, type PaletteChat, type PaletteCommand } from './paletteCommands';
import { CodewrightStatusBar, modeLabel } from './statusBar';

/** A chat as the palette sees it: its session and page. */
export interface PaletteTarget extends PaletteChat {
  post(message: HostToWebview): void;
}

/** The window's chats (ui/chat/chats.ts), as the palette uses them. */
export interface PaletteChats {
  focused(): PaletteTarget;
  busyCount(): number;
  /** A chat was added, closed or focused, or one's busy state or title changed. */
  onDidChange(listener: () => void): () => void;
  /** A chat's permission mode changed (header, palette, plan mode, a settings file). */
  onDidChangeMode(listener: (chat: PaletteTarget, mode: string) => void): () => void;
  showElsewhere(self: PaletteChat, sessionId: string): Promise<boolean>;
}

export interface PaletteDeps {
  chats: PaletteChats;
  listSessions(): Promise<SessionSummary[]>;
  hasApiKey(): Promise<boolean>;
  onDidChangeKey(listener: () => void): vscode.Disposable;
  log: Logger;
}

/** What the integration tests see of the palette commands. */
export interface PaletteApi {
  /** Messages the commands posted to a chat's page (insertText, permissionModeChanged). */
  onDidPost: vscode.Event<HostToWebview>;
  statusBarText(): string;
}

const setContext = (key: string, value: unknown) => void vscode.commands.executeCommand('setContext', key, value);

export function registerPalette(context: vscode.ExtensionContext, deps: PaletteDeps): PaletteApi {
  const { chats, log } = deps;
  const posted = new vscode.EventEmitter<HostToWebview>();
  const post = (chat: PaletteChat, message: HostToWebview) => {
    (chat as PaletteTarget).post(message);
    posted.fire(message);
  };
  const mode = () => chats.focused().session.permissionMode;
  const statusBar = new CodewrightStatusBar(mode());
  const syncKey = async () => setContext('codewright.hasApiKey', await deps.hasApiKey());
  const sync = () => {
    statusBar.setMode(mode());
    statusBar.setBusy(chats.busyCount());
    setContext('codewright.permissionMode', mode());
  };
  sync();
  void syncKey();
  const commands = paletteCommands({ chat: () => chats.focused(), post, listSessions: deps.listSessions, showElsewhere: (self, id) => chats.showElsewhere(self, id) });
  const offChats = chats.onDidChange(sync);
  const offModes = chats.onDidChangeMode((chat, changed) => {
    sync();
    // The header follows changes made outside it (palette, settings file).
    post(chat, { type: 'permissionModeChanged', mode: changed });
    log.info(`Permission mode: ${modeLabel(changed)}.`);
  });
  context.subscriptions.push(
    posted,
    statusBar,
    ...Object.entries(commands).map(([id, run]) => registerReported(id, run, log)),
    { dispose: offChats },
    { dispose: offModes },
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
