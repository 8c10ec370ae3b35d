/**
 * One chat's page, wherever it shows: the side bar's view or an editor tab (`chatPanel.ts`). It serves the
 * React app under a strict CSP, wires the page to a `ChatBridge` of the chat's session, and knows whether the
 * page is up to take messages. VS Code discards a hidden page and loads it again when shown: every load
 * gets a new bridge, and the page's `ready` brings a fresh snapshot.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { HostToWebview } from '../../protocol/messages';
import { createEditorActions } from '../editor/editorActions';
import { ChatBridge, type ChatBridgeDeps } from './chatBridge';
import { renderWebviewHtml } from './webviewHtml';

/** What a WebviewView and a WebviewPanel both offer, the way the surface uses it. */
export interface SurfaceHost {
  readonly webview: vscode.Webview;
  readonly visible: boolean;
  onDidChangeVisibility(listener: () => void): vscode.Disposable;
  onDidDispose(listener: () => void): vscode.Disposable;
}

export interface SurfaceOptions {
  kind: 'sidebar' | 'tab';
  /** Called when the view can (true) or cannot (false) show the permission dialog. */
  onAvailabilityChanged?: (available: boolean) => void;
  /** Called when the page asks for something the user did (a prompt, a click): this chat has the user's attention. */
  onUserRequest?: () => void;
}

export class ChatSurface implements vscode.Disposable {
  private host: SurfaceHost | undefined;
  private bridge: ChatBridge | undefined;
  /** Resolved once the current page said `ready` (its listeners are attached). */
  private ready = deferred();
  /** The page is shown and has said `ready` (messages posted now arrive). */
  private live = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly deps: Omit<ChatBridgeDeps, 'post' | 'editor'>,
    private readonly options: SurfaceOptions,
  ) {}

  /** The page shows now. */
  get visible(): boolean {
    return this.host?.visible ?? false;
  }

  /** Serves the app into `host` and connects it; a host attached before is let go. */
  attach(host: SurfaceHost): void {
    this.host = host;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    // Only when they differ: new options reload the page, and a tab VS Code restores has them already.
    const options = surfaceOptions(this.extensionUri);
    if (!sameOptions(host.webview.options, options)) host.webview.options = options;
    host.webview.html = renderWebviewHtml({
      scriptUri: host.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      styleUri: host.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
      cspSource: host.webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
      surface: this.options.kind,
    });
    this.bridge?.dispose();
    const bridge = new ChatBridge({ ...this.deps, editor: createEditorActions(this.deps.log), post: (m) => this.post(m), isLive: () => this.live });
    this.bridge = bridge;
    this.ready = deferred();
    this.live = false;
    const available = (v: boolean) => this.options.onAvailabilityChanged?.(v);
    const sub = host.webview.onDidReceiveMessage((raw: unknown) => {
      if (messageType(raw) === 'ready') {
        this.live = true;
        this.ready.resolve();
      } else {
        this.options.onUserRequest?.();
      }
      return bridge.receive(raw);
    });
    const visibility = host.onDidChangeVisibility(() => {
      // A hidden page is discarded and reloads when shown: wait for its next `ready`.
      if (!host.visible) {
        this.ready = deferred();
        this.live = false;
      }
      available(host.visible);
    });
    available(host.visible);
    host.onDidDispose(() => {
      sub.dispose();
      visibility.dispose();
      available(false);
      bridge.dispose();
      if (this.bridge === bridge) this.bridge = undefined;
      if (this.host === host) this.host = undefined;
      this.live = false;
    });
  }

  /** Re-sends the setup state, e.g. after the API key changed. */
  refreshSetup(): void {
    void this.bridge?.sendSetup();
  }

  /** Waits (at most `timeoutMs`) until the page listens, so a message posted next is not lost. */
  async whenReady(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.ready.promise, timeout]);
    clearTimeout(timer);
  }

  /** Once the page listens: the cursor goes where the user types next (the prompt box, or a dialog waiting for an answer). */
  async focusComposer(): Promise<void> {
    await this.whenReady();
    this.post({ type: 'focusComposer' });
  }

  post(message: HostToWebview): void {
    // A hidden page drops messages; it asks for a snapshot when it is shown again.
    void this.host?.webview.postMessage(message);
  }

  dispose(): void {
    this.bridge?.dispose();
    this.bridge = undefined;
  }
}

/** What a chat's page may run and load: its scripts, and files from `dist/` and `media/` only. */
export function surfaceOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & { enableScripts: true; localResourceRoots: vscode.Uri[] } {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')] };
}

function sameOptions(a: vscode.WebviewOptions, b: ReturnType<typeof surfaceOptions>): boolean {
  const roots = (o: vscode.WebviewOptions) => (o.localResourceRoots ?? []).map((u) => u.toString()).join('|');
  return a.enableScripts === true && roots(a) === roots(b);
}

function messageType(raw: unknown): unknown {
  return typeof raw === 'object' && raw !== null && 'type' in raw ? raw.type : undefined;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
