/**
 * The window's MCP servers in VS Code (docs/ARCHITECTURE.md, MCP): the manager on the Node connector, its
 * configuration (`~/.claude.json`, the workspace's `.mcp.json`, the user setting `codewright.mcpServers`)
 * loaded at activation and again when one of them changes. A project server asks with a modal before it
 * starts, the answer remembered in the workspace's state; an untrusted workspace's `.mcp.json` is not read.
 * Remote servers that want an OAuth sign-in keep their tokens in SecretStorage and open the browser with
 * `openExternal` when the user authenticates (the /mcp panel, or `Codewright: Authenticate MCP Server`).
 */
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { ConfigProblem } from '../../core/configProblems';
import { approvalQuestion, rememberingApproval } from '../../core/mcp/approval';
import { loadMcpConfig } from '../../core/mcp/config';
import { McpManager } from '../../core/mcp/manager';
import type { McpServerEntry } from '../../core/mcp/types';
import { LazyMcpConnector } from '../node/mcp/lazyConnector';
import type { McpOAuthOptions } from '../node/mcp/oauthFlow';
import { COMMANDS } from '../../ui/palette/commands';

export interface VsCodeMcp extends vscode.Disposable {
  readonly hub: McpManager;
  reload(): Promise<void>;
  /** What the last load skipped; `onDidReload` tells when it changes. */
  problems(): readonly ConfigProblem[];
  onDidReload(listener: () => void): () => void;
  /**
   * Replaces the Allow / Deny modal of project servers (tests answer through it, as with the checkpoints'
   * confirmation); undefined restores the modal. Remembering the answer in `workspaceState` still applies.
   */
  setAsk(ask: ((entry: McpServerEntry) => Promise<boolean | undefined>) | undefined): void;
}

async function askModal(entry: McpServerEntry): Promise<boolean | undefined> {
  const q = approvalQuestion(entry);
  const pick = await vscode.window.showWarningMessage(q.message, { modal: true, detail: q.detail }, 'Allow', 'Deny');
  return pick === 'Allow' ? true : pick === 'Deny' ? false : undefined;
}

export function createVsCodeMcp(context: vscode.ExtensionContext, where: { cwd: string; homeDir: string; workspaceRoot?: string }, log: vscode.LogOutputChannel): VsCodeMcp {
  let ask = askModal;
  const hub = new McpManager({
    connector: new LazyMcpConnector({ cwd: where.cwd, clientVersion: String(context.extension.packageJSON.version ?? '0.0.0'), oauth: vscodeOAuth(context) }),
    approval: rememberingApproval(context.workspaceState, (entry) => ask(entry)),
    log,
  });
  let problems: ConfigProblem[] = [];
  const listeners = new Set<() => void>();
  const reload = async () => {
    const trusted = vscode.workspace.isTrusted;
    const result = await loadMcpConfig({
      homeDir: where.homeDir,
      ...(where.workspaceRoot && trusted ? { workspaceRoot: where.workspaceRoot } : {}),
      readFile: (file) => readFile(file, 'utf8').catch(() => undefined),
      env: process.env,
      setting: vscode.workspace.getConfiguration('codewright').get<unknown>('mcpServers'),
    });
    problems = result.problems;
    for (const p of problems) log.warn(`MCP config skipped: ${p.path}${p.line ? `:${p.line}` : ''}: ${p.message}`);
    hub.setServers(result.entries);
    log.info(`MCP: ${result.entries.length} server(s) configured${trusted ? '' : ' (.mcp.json ignored: the workspace is not trusted)'}.`);
    for (const l of listeners) l();
  };
  const again = () => void reload().catch((err: unknown) => log.error(`Reloading the MCP servers failed: ${String(err)}`));
  const disposables: vscode.Disposable[] = [
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('codewright.mcpServers') && again()),
    vscode.workspace.onDidGrantWorkspaceTrust(again),
    ...watch(new vscode.RelativePattern(vscode.Uri.file(where.homeDir), '.claude.json'), again),
    ...(where.workspaceRoot ? watch(new vscode.RelativePattern(vscode.Uri.file(where.workspaceRoot), '.mcp.json'), again) : []),
    vscode.commands.registerCommand(COMMANDS.authenticateMcpServer, (server?: unknown) => authenticateCommand(hub, typeof server === 'string' ? server : undefined)),
  ];
  again();
  return {
    hub,
    reload,
    problems: () => problems,
    setAsk: (replacement) => {
      ask = replacement ?? askModal;
    },
    onDidReload: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose: () => {
      for (const d of disposables) d.dispose();
      void hub.dispose();
    },
  };
}

/** Tokens in SecretStorage (per server name and URL); the browser through `openExternal`. */
function vscodeOAuth(context: vscode.ExtensionContext): McpOAuthOptions {
  const secrets = context.secrets;
  return {
    store: { get: async (k) => secrets.get(k), store: async (k, v) => secrets.store(k, v), delete: async (k) => secrets.delete(k) },
    clientName: 'Codewright (VS Code)',
    openBrowser: async (url) => {
      // A string, not `Uri.parse(url)`: a Uri re-encodes the query and breaks the encoded redirect_uri
      // (microsoft/vscode#85930); openExternal takes the string as it is.
      const opened = await vscode.env.openExternal(url as unknown as vscode.Uri);
      if (!opened) throw new Error('The browser was not opened, so the sign-in cannot go on.');
    },
  };
}

/** The palette command: sign in to the server given, or pick one of those waiting for a sign-in. */
export async function authenticateCommand(hub: McpManager, server?: string): Promise<void> {
  let name = server;
  if (!name) {
    const waiting = hub.servers().filter((s) => s.status.state === 'needsAuth');
    if (waiting.length === 0) return void vscode.window.showInformationMessage('No MCP server is waiting for a sign-in.');
    name = waiting.length === 1 ? waiting[0]!.name : await vscode.window.showQuickPick(waiting.map((s) => s.name), { placeHolder: 'Sign in to which MCP server?' });
    if (!name) return;
  }
  const target = name;
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Signing in to the MCP server "${target}" — finish in your browser…` }, () => hub.authenticate(target));
  } catch (err) {
    void vscode.window.showErrorMessage(`Signing in to the MCP server "${target}" failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function watch(pattern: vscode.RelativePattern, onChange: () => void): vscode.Disposable[] {
  const watcher = vscode.workspace.createFileSystemWatcher(pattern);
  return [watcher, watcher.onDidChange(onChange), watcher.onDidCreate(onChange), watcher.onDidDelete(onChange)];
}
