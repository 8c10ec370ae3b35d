/**
 * The window's chats (docs/ARCHITECTURE.md, Host and webview: several chats): the side bar's view, the
 * editor tabs and their serializer, the `codewright.busy` / `codewright.hasChanges` context keys of the chat
 * the user turned to last, the setup card's refresh when the API key changes, and the chat commands (open,
 * new, stop, new tab, continue in terminal, API key, logs). Every chat is built by `makeChat`; what the
 * window shares stays in the composition root.
 */
import * as vscode from 'vscode';
import type { CredentialsPort, SettingsPort } from '../../core/contracts/settings';
import type { SessionSummary } from '../../core/engines/transcripts/sessions';
import type { SetupState } from '../../protocol/messages';
import { registerCheckpoints } from '../checkpoints/register';
import type { PaletteChats } from '../palette/register';
import { COMMANDS } from '../palette/commands';
import { Chat, type WindowChatDeps } from './chat';
import type { MakeChat } from './chatParts';
import { CHAT_PANEL_VIEW_TYPE, ChatTabs } from './chatPanel';
import { CHAT_VIEW_ID, ChatViewProvider } from './chatViewProvider';
import { ChatRegistry } from './chats';
import { createChatElicitations, type ChatElicitations } from './chatElicitations';
import { registerContinueInTerminal, type ContinueDeps } from './continueCommand';

/** The API key as the chat's setup card and commands use it (SecretStorage in VS Code). */
export interface ChatCredentials extends CredentialsPort {
  setApiKey(key: string): Promise<void>;
  clearApiKey(): Promise<void>;
  onDidChange(listener: () => void): vscode.Disposable;
}

export interface ChatDeps {
  makeChat: MakeChat;
  settings: SettingsPort;
  credentials: ChatCredentials;
  log: vscode.LogOutputChannel;
  listSessions(): Promise<SessionSummary[]>;
  /** The model picker's ids (core/engines/models/modelList.ts). */
  listModels?: () => Promise<string[]>;
  /** Where model requests go now, for the header's badge (read with the setup state, which a change refreshes). */
  providerName?: () => NonNullable<SetupState['provider']>;
  /** What "Continue in Terminal" needs beyond the chats. */
  terminal: Omit<ContinueDeps, 'chat'>;
}

/** The window's chats, for the palette, the composition root and the integration tests. */
export interface ChatsApi extends PaletteChats {
  readonly sidebar: Chat;
  focused(): Chat;
  all(): Chat[];
  /** Opens a chat in a new editor tab; with `sessionId`, that session resumed. */
  openTab(opts?: { sessionId?: string }): Promise<Chat>;
  /** The tab of a chat opened in one. */
  panelOf(chat: Chat): vscode.WebviewPanel | undefined;
  /** The serializer VS Code calls for a tab open before a window reload. */
  readonly serializer: vscode.WebviewPanelSerializer;
  /** The MCP servers' requests for input, as the focused chat's card shows them; the host's `setElicitations` takes it. */
  readonly elicitations: ChatElicitations;
}

export function registerChat(context: vscode.ExtensionContext, deps: ChatDeps): ChatsApi {
  const { credentials, log } = deps;
  // The chats' pages reach the registry only once it exists (they are built before it).
  // MCP servers' requests for input go to the focused chat's card (docs/ARCHITECTURE.md, MCP).
  const elicitations = createChatElicitations((): ChatRegistry<Chat> => chats, log);
  const chatDeps: WindowChatDeps = { ...windowChatDeps(context, deps, () => chats), elicitations };
  const sidebar = new Chat('sidebar', deps.makeChat('sidebar'), chatDeps);
  const chats = new ChatRegistry(sidebar);
  sidebar.setRevealer(async () => {
    await ChatViewProvider.reveal();
    chats.focus(sidebar);
  });
  const tabs = new ChatTabs({ extensionUri: context.extensionUri, makeChat: deps.makeChat, chatDeps, registry: chats, log, memory: context.workspaceState });
  const api = chatsApi(chats, tabs, elicitations);
  const setContext = (key: string, value: unknown) => void vscode.commands.executeCommand('setContext', key, value);
  const syncKeys = () => {
    const focused = chats.focused();
    setContext('codewright.busy', focused.session.busy);
    setContext('codewright.hasChanges', focused.parts.checkpoints.changed().length > 0);
  };
  registerCheckpoints(context, {
    review: () => chats.focused().checkpointControls.review(),
    find: (sessionId) => chats.holding(sessionId)?.parts.checkpoints,
  });
  context.subscriptions.push(
    { dispose: () => void Promise.all(chats.all().map((c) => c.dispose())) },
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, new ChatViewProvider(sidebar.surface, () => chats.focus(sidebar))),
    vscode.window.registerWebviewPanelSerializer(CHAT_PANEL_VIEW_TYPE, tabs),
    { dispose: chats.onDidChange(syncKeys) },
    { dispose: eachChat(chats, (c) => c.parts.checkpoints.onChanged(syncKeys)) },
    // Emptied before the chats' own ends move a waiting request between them.
    { dispose: () => elicitations.dispose() },
    { dispose: eachChat(chats, (c) => () => elicitations.closed(c)) },
    credentials.onDidChange(() => chats.all().forEach((c) => c.surface.refreshSetup())),
    // Trust granted: the restricted-mode line goes, and the project's commands and skills join the list.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      for (const c of chats.all()) {
        c.surface.refreshSetup();
        void c.session.commands.refresh();
      }
    }),
    ...registerChatCommands(api, deps),
    registerContinueInTerminal({ ...deps.terminal, chat: () => chats.focused() }),
  );
  syncKeys();
  return api;
}

/** Calls `attach` for every chat there is and will be; its result is called when the chat closes, or all of them at the end. */
function eachChat(chats: ChatRegistry<Chat>, attach: (chat: Chat) => () => void): () => void {
  const offs = new Map<Chat, () => void>();
  const follow = () => {
    const now = chats.all();
    for (const chat of now) if (!offs.has(chat)) offs.set(chat, attach(chat));
    for (const [chat, off] of [...offs]) {
      if (now.includes(chat)) continue;
      off();
      offs.delete(chat);
    }
  };
  follow();
  const offChats = chats.onDidChange(follow);
  return () => {
    offChats();
    offs.forEach((off) => off());
  };
}

function windowChatDeps(context: vscode.ExtensionContext, deps: ChatDeps, registry: () => ChatRegistry<Chat>): WindowChatDeps {
  const { credentials } = deps;
  return {
    extensionUri: context.extensionUri,
    settings: deps.settings,
    log: deps.log,
    setupState: async () => {
      const key = await credentials.getApiKey();
      return {
        hasApiKey: !!key,
        keySource: key?.source ?? ('none' as const),
        ...(deps.providerName ? { provider: deps.providerName() } : {}),
        workspaceTrusted: vscode.workspace.isTrusted,
      };
    },
    listSessions: deps.listSessions,
    ...(deps.listModels ? { listModels: deps.listModels } : {}),
    showElsewhere: async (self, sessionId) => {
      const other = registry().holding(sessionId);
      if (!other || other === self) return false;
      await other.reveal();
      return true;
    },
    touched: (chat) => registry().focus(chat),
  };
}

function chatsApi(chats: ChatRegistry<Chat>, tabs: ChatTabs, elicitations: ChatElicitations): ChatsApi {
  return {
    elicitations,
    get sidebar() {
      return chats.sidebar;
    },
    focused: () => chats.focused(),
    all: () => chats.all(),
    busyCount: () => chats.busyCount(),
    onDidChange: (listener) => chats.onDidChange(listener),
    onDidChangeMode: (listener) => eachChat(chats, (chat) => chat.parts.onModeChanged((mode) => listener(chat, mode))),
    showElsewhere: async (self, sessionId) => {
      const other = chats.holding(sessionId);
      if (!other || other === self) return false;
      await other.reveal();
      return true;
    },
    openTab: async (opts = {}) => {
      const open = opts.sessionId ? chats.holding(opts.sessionId) : undefined;
      if (open) {
        await open.reveal();
        return open;
      }
      return tabs.open(opts);
    },
    panelOf: (chat) => tabs.panelOf(chat),
    serializer: tabs,
  };
}

function registerChatCommands(chats: ChatsApi, deps: ChatDeps): vscode.Disposable[] {
  const { credentials, log } = deps;
  return [
    vscode.commands.registerCommand(COMMANDS.openChat, () => chats.sidebar.reveal()),
    vscode.commands.registerCommand(COMMANDS.openChatInNewTab, () => chats.openTab()),
    vscode.commands.registerCommand(COMMANDS.newChat, async () => {
      const chat = chats.focused();
      chat.session.sessions.reset();
      await chat.reveal();
    }),
    vscode.commands.registerCommand(COMMANDS.stop, () => chats.focused().session.stop()),
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
  ];
}
