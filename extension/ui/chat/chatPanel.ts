/**
 * Chats in editor tabs (docs/ARCHITECTURE.md, Host and webview: several chats): "Open Chat in New Tab" opens
 * one (beside the active chat tab, so two run side by side), each with a chat of its own. The page keeps its
 * session id in its state (webview/vscodeApi.ts), so after a window reload the serializer gets it back and
 * the tab resumes that session from the shared store. A tab's title is its session's.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import type { MakeChat } from './chatParts';
import { Chat, type WindowChatDeps } from './chat';
import { chatTitle, type ChatRegistry } from './chats';

export const CHAT_PANEL_VIEW_TYPE = 'codewright.chatPanel';

/** The session id a tab's page saved, when it is one. */
export function sessionIdOfState(state: unknown): string | undefined {
  const id = typeof state === 'object' && state !== null && 'sessionId' in state ? state.sessionId : undefined;
  return typeof id === 'string' && /^[\w-]{1,100}$/.test(id) ? id : undefined;
}

export interface ChatTabsDeps {
  extensionUri: vscode.Uri;
  makeChat: MakeChat;
  chatDeps: WindowChatDeps;
  registry: ChatRegistry<Chat>;
  log: Logger;
}

export class ChatTabs implements vscode.WebviewPanelSerializer {
  private next = 1;
  private readonly panels = new Map<Chat, vscode.WebviewPanel>();

  constructor(private readonly deps: ChatTabsDeps) {}

  /** The tab of `chat`, when it has one. */
  panelOf(chat: Chat): vscode.WebviewPanel | undefined {
    return this.panels.get(chat);
  }

  /** A new chat in a tab; with `sessionId`, that session resumed. Beside the active chat tab when one is active. */
  async open(opts: { sessionId?: string } = {}): Promise<Chat> {
    const besideChat = [...this.panels.values()].some((p) => p.active);
    const panel = vscode.window.createWebviewPanel(CHAT_PANEL_VIEW_TYPE, 'New chat', besideChat ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    return this.adopt(panel, opts.sessionId, true);
  }

  /** The serializer: a tab that was open before the window reloaded comes back with its session. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const sessionId = sessionIdOfState(state);
    this.deps.log.info(`Restoring a chat tab${sessionId ? ` with session ${sessionId}` : ''}.`);
    // A tab that still holds the session is this tab's old self (a reload the extension host outlived): let it go.
    const stale = sessionId ? this.deps.registry.holding(sessionId) : undefined;
    if (stale && stale.kind === 'tab') this.close(stale);
    await this.adopt(panel, sessionId, panel.active);
  }

  /** Forgets a tab's chat and ends it (its panel closed, or was replaced by a restored one). */
  private close(chat: Chat): void {
    if (!this.panels.delete(chat)) return;
    this.deps.registry.remove(chat);
    void chat.dispose().catch((err: unknown) => this.deps.log.warn(`Closing a chat tab: ${err instanceof Error ? err.message : String(err)}`));
  }

  private async adopt(panel: vscode.WebviewPanel, sessionId: string | undefined, focus: boolean): Promise<Chat> {
    const { registry } = this.deps;
    const chat = new Chat(`tab-${this.next++}`, this.deps.makeChat('tab'), this.deps.chatDeps);
    if (sessionId && !registry.holding(sessionId)) {
      await chat.session.resume(sessionId).catch((err: unknown) => this.deps.log.warn(`Could not resume session ${sessionId} in a tab: ${err instanceof Error ? err.message : String(err)}`));
    }
    this.deps.log.info(`DEBUG adopt resumed ${sessionId} -> ${chat.session.sessionId}`);
    this.panels.set(chat, panel);
    panel.iconPath = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'codewright.svg');
    chat.setRevealer(async () => panel.reveal());
    chat.surface.attach({
      webview: panel.webview,
      get visible() {
        return panel.visible;
      },
      onDidChangeVisibility: (listener) => panel.onDidChangeViewState(() => listener()),
      onDidDispose: (listener) => panel.onDidDispose(listener),
    });
    this.deps.log.info(`DEBUG attached ${chat.id}`);
    const retitle = () => {
      panel.title = chatTitle(chat.session);
    };
    retitle();
    const offTitle = chat.session.onEvent((e) => (e.type === 'reset' || (e.type === 'messageAdded' && e.message.role === 'user')) && retitle());
    const offActive = panel.onDidChangeViewState(() => panel.active && registry.focus(chat));
    registry.add(chat, focus);
    panel.onDidDispose(() => {
      offTitle();
      offActive.dispose();
      this.close(chat);
    });
    return chat;
  }
}
