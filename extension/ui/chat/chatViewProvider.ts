/** The sidebar "Chat" view: serves the React app under a strict CSP and wires it to a `ChatBridge`. */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { HostToWebview } from '../../protocol/messages';
import type { ChatBridgeDeps } from './chatBridge';
import { ChatBridge } from './chatBridge';
import { createEditorActions } from '../editor/editorActions';
import { renderWebviewHtml } from './webviewHtml';

export const CHAT_VIEW_ID = 'codewright.chat';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private bridge: ChatBridge | undefined;
  /** Resolved once the current view's page said `ready` (its listeners are attached). */
  private ready = deferred();
  /** The page is shown and has said `ready` (messages posted now arrive). */
  private live = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly deps: Omit<ChatBridgeDeps, 'post' | 'editor'>,
    /** Called when the view can (true) or cannot (false) show the permission dialog. */
    private readonly onAvailabilityChanged: (available: boolean) => void = () => undefined,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [dist, media] };
    view.webview.html = renderWebviewHtml({
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
      cspSource: view.webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
    });
    this.bridge?.dispose();
    const bridge = new ChatBridge({
      ...this.deps,
      editor: createEditorActions(this.deps.log),
      post: (m) => this.post(m),
      isLive: () => this.live,
    });
    this.bridge = bridge;
    this.ready = deferred();
    this.live = false;
    const sub = view.webview.onDidReceiveMessage((raw: unknown) => {
      if (isReadyMessage(raw)) {
        this.live = true;
        this.ready.resolve();
      }
      return bridge.receive(raw);
    });
    const visibility = view.onDidChangeVisibility(() => {
      // A hidden view's page is discarded and reloads when shown: wait for its next `ready`.
      if (!view.visible) {
        this.ready = deferred();
        this.live = false;
      }
      this.onAvailabilityChanged(view.visible);
    });
    this.onAvailabilityChanged(view.visible);
    view.onDidDispose(() => {
      sub.dispose();
      visibility.dispose();
      this.onAvailabilityChanged(false);
      bridge.dispose();
      if (this.bridge === bridge) this.bridge = undefined;
      this.live = false;
      this.view = undefined;
    });
  }

  /** Re-sends the setup state, e.g. after the API key changed. */
  refreshSetup(): void {
    void this.bridge?.sendSetup();
  }

  /** Waits (at most `timeoutMs`) until the view's page listens, so a message posted next is not lost. */
  async whenReady(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.ready.promise, timeout]);
    clearTimeout(timer);
  }

  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  dispose(): void {
    this.bridge?.dispose();
  }

  post(message: HostToWebview): void {
    // A hidden view drops messages; the webview asks for a snapshot when it is shown again.
    void this.view?.webview.postMessage(message);
  }
}

function isReadyMessage(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && 'type' in raw && raw.type === 'ready';
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
