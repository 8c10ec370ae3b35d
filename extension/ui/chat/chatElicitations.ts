/**
 * The window's answer to MCP servers' requests for input (docs/ARCHITECTURE.md, MCP): the servers are the
 * window's, so one responder serves every chat. A request goes to the chat the user turned to last, which is
 * revealed when its view is hidden (the request waits in its snapshot until the page shows it); a request
 * shown in a chat that closes moves to the focused one. An accepted URL-mode request opens in the browser.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { Chat } from './chat';
import type { ChatRegistry } from './chats';
import { WebviewElicitationResponder } from './elicitationResponder';

export type ChatElicitations = WebviewElicitationResponder<Chat>;

export function createChatElicitations(chats: () => ChatRegistry<Chat>, log: vscode.LogOutputChannel): ChatElicitations {
  return new WebviewElicitationResponder<Chat>({
    target: () => chats().focused(),
    newId: randomUUID,
    onShow: (request, chat) => {
      log.info(`MCP server "${request.server}" asks for input: the card is in the chat "${chat.id}".`);
      if (!chat.surface.visible) void chat.reveal();
    },
    openUrl: async (url) => {
      // A string, not `Uri.parse(url)`, which re-encodes the query (microsoft/vscode#85930).
      if (!(await vscode.env.openExternal(url as unknown as vscode.Uri))) throw new Error('the browser was not opened');
    },
    log,
  });
}
