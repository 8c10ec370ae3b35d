/** The sidebar "Chat" view: hands VS Code's webview view to the sidebar chat's `ChatSurface`. */
import * as vscode from 'vscode';
import type { ChatSurface } from './chatSurface';

export const CHAT_VIEW_ID = 'codewright.chat';

export class ChatViewProvider implements vscode.WebviewViewProvider {
  constructor(
    private readonly surface: ChatSurface,
    /** Called whenever the view is shown (resolved, or visible again). */
    private readonly onShown: () => void = () => undefined,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.surface.attach({
      webview: view.webview,
      get visible() {
        return view.visible;
      },
      onDidChangeVisibility: (listener) => view.onDidChangeVisibility(listener),
      onDidDispose: (listener) => view.onDidDispose(listener),
    });
    view.onDidChangeVisibility(() => view.visible && this.onShown());
    if (view.visible) this.onShown();
  }

  /** Shows and focuses the view. */
  static async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }
}
