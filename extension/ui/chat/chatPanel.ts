/**
 * Chats in editor tabs (docs/ARCHITECTURE.md, Host and webview: several chats): "Open Chat in New Tab" opens
 * one (beside the active chat tab, so two run side by side), each with a chat of its own. The page keeps its
 * session id in its state (webview/vscodeApi.ts), so after a window reload the serializer gets it back and
 * the tab resumes that session from the shared store. A tab's title is its session's.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/contracts/settings';
import type { MakeChat } from './chatParts';
import { Chat, type WindowChatDeps } from './chat';
import { chatTitle, sessionIdOfState, type ChatRegistry } from './chats';
import { surfaceOptions } from './chatSurface';

export const CHAT_PANEL_VIEW_TYPE = 'codewright.chatPanel';

export interface ChatTabsDeps {
  extensionUri: vscode.Uri;
  makeChat: MakeChat;
  chatDeps: WindowChatDeps;
  registry: ChatRegistry<Chat>;
  log: Logger;
  /** The workspace's memento: the tabs' sessions are also kept there, for a tab whose page state VS Code lost. */
  memory: Pick<vscode.Memento, 'get' | 'update'>;
}

/** The memento key of the sessions open in tabs, each with its tab's title. */
const TAB_SESSIONS = 'codewright.chatTabSessions';
/** Tabs VS Code never restored (hidden ones are restored when shown) stay listed; this many at most. */
const MAX_KEPT = 20;

interface KeptTab {
  sessionId: string;
  title: string;
}

export class ChatTabs implements vscode.WebviewPanelSerializer {
  private next = 1;
  private readonly panels = new Map<Chat, vscode.WebviewPanel>();
  /** The sessions the tabs had when the window closed, not yet claimed by a restored tab. */
  private readonly unclaimed: KeptTab[];

  constructor(private readonly deps: ChatTabsDeps) {
    const kept = deps.memory.get<unknown>(TAB_SESSIONS);
    this.unclaimed = (Array.isArray(kept) ? kept : []).flatMap((k: unknown) => {
      const sessionId = sessionIdOfState(k);
      const title = typeof k === 'object' && k !== null && 'title' in k && typeof k.title === 'string' ? k.title : undefined;
      return sessionId && title !== undefined ? [{ sessionId, title }] : [];
    });
  }

  /** The tab of `chat`, when it has one. */
  panelOf(chat: Chat): vscode.WebviewPanel | undefined {
    return this.panels.get(chat);
  }

  /** A new chat in a tab; with `sessionId`, that session resumed. Beside the active chat tab when one is active. */
  async open(opts: { sessionId?: string } = {}): Promise<Chat> {
    const besideChat = [...this.panels.values()].some((p) => p.active);
    const column = besideChat ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    const panel = vscode.window.createWebviewPanel(CHAT_PANEL_VIEW_TYPE, 'New chat', column, surfaceOptions(this.deps.extensionUri));
    return this.adopt(panel, opts.sessionId, true);
  }

  /** The serializer: a tab that was open before the window reloaded comes back with its session. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    // VS Code may lose a page's state it had not saved yet (the web saves it lazily), but it keeps the tab's
    // title: the session a tab of that title had when the window closed stands in.
    const saved = sessionIdOfState(state);
    const kept = saved ? undefined : this.unclaimed.find((k) => k.title === panel.title && !this.deps.registry.holding(k.sessionId));
    const sessionId = saved ?? kept?.sessionId;
    const i = this.unclaimed.findIndex((k) => k.sessionId === sessionId);
    if (i >= 0) this.unclaimed.splice(i, 1);
    this.deps.log.info(`Restoring a chat tab${sessionId ? ` with session ${sessionId}${saved ? '' : ' (from the workspace memento)'}` : ''}.`);
    // A tab that still holds the session is this tab's old self (a reload the extension host outlived): let it go.
    const stale = sessionId ? this.deps.registry.holding(sessionId) : undefined;
    if (stale && stale.kind === 'tab') this.close(stale);
    const chat = await this.adopt(panel, sessionId, panel.active);
    this.deps.log.info(`Restored chat tab ${chat.id}: session ${chat.session.sessionId} (${chat.session.messages().length} messages).`);
  }

  /** Keeps the tabs' sessions and titles in the workspace memento (only sessions with a prompt are on disk). */
  private remember(): void {
    const tabs: KeptTab[] = [...this.panels.keys()].filter((c) => c.session.messages().some((m) => m.role === 'user')).map((c) => ({ sessionId: c.session.sessionId, title: chatTitle(c.session) }));
    void Promise.resolve(this.deps.memory.update(TAB_SESSIONS, [...tabs, ...this.unclaimed].slice(0, MAX_KEPT))).catch((err: unknown) => this.deps.log.warn(`Could not keep the chat tabs' sessions: ${String(err)}`));
  }

  /** Forgets a tab's chat and ends it (its panel closed, or was replaced by a restored one). */
  private close(chat: Chat): void {
    if (!this.panels.delete(chat)) return;
    this.remember();
    this.deps.registry.remove(chat);
    void chat.dispose().catch((err: unknown) => this.deps.log.warn(`Closing a chat tab: ${err instanceof Error ? err.message : String(err)}`));
  }

  private async adopt(panel: vscode.WebviewPanel, sessionId: string | undefined, focus: boolean): Promise<Chat> {
    const { registry } = this.deps;
    const chat = new Chat(`tab-${this.next++}`, this.deps.makeChat('tab'), this.deps.chatDeps);
    if (sessionId && !registry.holding(sessionId)) {
      await chat.session.sessions.resume(sessionId).catch((err: unknown) => this.deps.log.warn(`Could not resume session ${sessionId} in a tab: ${err instanceof Error ? err.message : String(err)}`));
    }
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
    const retitle = () => {
      panel.title = chatTitle(chat.session);
      this.remember();
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
