/**
 * The window's MCP servers in VS Code (docs/ARCHITECTURE.md, MCP): the manager on the Node connector, its
 * configuration (`~/.claude.json`, the workspace's `.mcp.json`, the user setting `codewright.mcpServers`)
 * loaded at activation and again when one of them changes. A project server starts when Claude Code's
 * approval settings say so (`enableAllProjectMcpServers`, `enabledMcpjsonServers`, `disabledMcpjsonServers`
 * in the user, project and local settings files; host/node/mcp/approvalSettings.ts); one they do not mention
 * asks with a modal, and the answer is written to `.claude/settings.local.json`, so the CLI and Claude Code
 * start the same servers (an answer an earlier version kept in the workspace's state is moved there once).
 * A change of the settings files starts a declined server they now approve. In an untrusted workspace the `.mcp.json` servers
 * are listed (so /mcp can say why they are off) but never started or asked about; granting trust asks.
 * A declined or dismissed server is approved later from /mcp or `Codewright: Approve MCP Server…`.
 * Remote servers that want an OAuth sign-in keep their tokens in SecretStorage and open the browser with
 * `openExternal` when the user authenticates (the /mcp panel, or `Codewright: Authenticate MCP Server`).
 * Servers' requests for input (elicitation) wait in an `ElicitationRelay` until the chats attach their form card.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ConfigProblem } from '../../core/base/configProblems';
import { approvableServers, approvalQuestion, settingsApproval } from '../../core/engines/mcp/approval';
import { mcpjsonDecision } from '../../core/engines/mcp/projectApproval';
import { approvalFile, readMcpApprovalSettings, recordMcpjsonAnswer, type McpApprovalLocations } from '../node/mcp/approvalSettings';
import { claudeConfigDir } from '../node/plugins/pluginFiles';
import { loadMcpConfig } from '../../core/engines/mcp/config';
import { McpManager } from '../../core/engines/mcp/manager';
import type { McpElicitationPort, McpServerEntry } from '../../core/contracts/mcp';
import { ElicitationRelay } from '../../core/engines/mcp/elicitationRelay';
import { LazyMcpConnector } from '../node/mcp/lazyConnector';
import type { McpLogMessage } from '../../core/contracts/mcpClient';
import { vscodeMcpRoots, vscodeMcpServerLog } from './mcpClientPorts';
import type { McpOAuthOptions } from '../node/mcp/oauthFlow';
import { COMMANDS } from '../../ui/palette/commands';
import { MCP_DISABLED_REASON_TEXT } from '../../protocol/messages';

export interface VsCodeMcp extends vscode.Disposable {
  readonly hub: McpManager;
  reload(): Promise<void>;
  /** What the last load skipped; `onDidReload` tells when it changes. */
  problems(): readonly ConfigProblem[];
  onDidReload(listener: () => void): () => void;
  /** Each log message a server sends (also written to the output channel, mcpClientPorts.ts). */
  onServerLog(listener: (message: McpLogMessage) => void): () => void;
  /**
   * Replaces the Allow / Deny modal of project servers (tests answer through it, as with the checkpoints'
   * confirmation); undefined restores the modal. The approval settings still decide first, and the answer is
   * still written to `.claude/settings.local.json`.
   */
  setAsk(ask: ((entry: McpServerEntry) => Promise<boolean | undefined>) | undefined): void;
  /** Who answers servers' elicitations (the chats' form card); requests wait while none is set. */
  setElicitations(port: McpElicitationPort | undefined): void;
  /**
   * Replaces the browser of OAuth sign-ins (`openExternal`; tests follow the authorization redirect to the
   * loopback themselves) and names the client ID metadata document URL offered to authorization servers that
   * take one (none by default); undefined restores both.
   */
  setSignIn(replacement: { openBrowser(url: string): Promise<void>; clientMetadataUrl?: string } | undefined): void;
}

async function askModal(entry: McpServerEntry): Promise<boolean | undefined> {
  const q = approvalQuestion(entry);
  const pick = await vscode.window.showWarningMessage(q.message, { modal: true, detail: q.detail }, 'Allow', 'Deny');
  return pick === 'Allow' ? true : pick === 'Deny' ? false : undefined;
}

/** `where.plugins`: the installed plugins' servers now (host/vscode/plugins.ts, none while untrusted), read on every reload; they start without approval. */
export function createVsCodeMcp(
  context: vscode.ExtensionContext,
  where: { cwd: string; homeDir: string; workspaceRoot?: string; plugins?: () => readonly McpServerEntry[] },
  log: vscode.LogOutputChannel,
): VsCodeMcp {
  let ask = askModal;
  const serverLog = vscodeMcpServerLog(log);
  // Servers' requests for input wait here until the chats attach their card (ui/chat/chatElicitations.ts).
  const elicitations = new ElicitationRelay();
  const oauth = vscodeOAuth(context);
  const approvals = (): McpApprovalLocations => ({ configDir: claudeConfigDir(process.env, where.homeDir), ...(where.workspaceRoot ? { workspaceRoot: where.workspaceRoot } : {}), trusted: vscode.workspace.isTrusted });
  const hub = new McpManager({
    connector: new LazyMcpConnector({ cwd: where.cwd, clientVersion: String(context.extension.packageJSON.version ?? '0.0.0'), oauth: oauth.options, roots: vscodeMcpRoots(), serverLog: serverLog.port, elicitation: elicitations }),
    approval: settingsApproval({
      settings: () => readMcpApprovalSettings(approvals()),
      record: async (name, allow) => {
        if (!where.workspaceRoot) throw new Error('there is no workspace folder to keep it in');
        log.info(`MCP: ${allow ? 'approved' : 'declined'} "${name}" in ${await recordMcpjsonAnswer(where.workspaceRoot, name, allow)}.`);
      },
      ask: (entry) => ask(entry),
      legacy: context.workspaceState,
      warn: (message) => log.warn(message),
    }),
    // Project servers wait for trust (core/engines/mcp/manager.ts); granting it starts them.
    trusted: () => vscode.workspace.isTrusted,
    log,
  });
  let problems: ConfigProblem[] = [];
  const listeners = new Set<() => void>();
  const reload = async () => {
    const trusted = vscode.workspace.isTrusted;
    const result = await loadMcpConfig({
      homeDir: where.homeDir,
      ...(where.workspaceRoot ? { workspaceRoot: where.workspaceRoot } : {}),
      readFile: (file) => readFile(file, 'utf8').catch(() => undefined),
      env: process.env,
      setting: vscode.workspace.getConfiguration('codewright').get<unknown>('mcpServers'),
    });
    problems = result.problems;
    for (const p of problems) log.warn(`MCP config skipped: ${p.path}${p.line ? `:${p.line}` : ''}: ${p.message}`);
    const entries = [...result.entries, ...(where.plugins?.() ?? [])];
    hub.setServers(entries);
    log.info(`MCP: ${entries.length} server(s) configured${trusted ? '' : ' (.mcp.json servers wait until the workspace is trusted)'}.`);
    for (const l of listeners) l();
  };
  const again = () => void reload().catch((err: unknown) => log.error(`Reloading the MCP servers failed: ${String(err)}`));
  const disposables: vscode.Disposable[] = [
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('codewright.mcpServers') && again()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      void reload()
        .then(() => hub.workspaceTrusted())
        .catch((err: unknown) => log.error(`Starting the project MCP servers after trust failed: ${String(err)}`));
    }),
    ...watch(new vscode.RelativePattern(vscode.Uri.file(where.homeDir), '.claude.json'), again),
    ...(where.workspaceRoot ? watch(new vscode.RelativePattern(vscode.Uri.file(where.workspaceRoot), '.mcp.json'), again) : []),
    watchApprovals(hub, approvals, log),
    vscode.commands.registerCommand(COMMANDS.authenticateMcpServer, (server?: unknown) => authenticateCommand(hub, typeof server === 'string' ? server : undefined)),
    vscode.commands.registerCommand(COMMANDS.approveMcpServer, (server?: unknown) => approveCommand(hub, typeof server === 'string' ? server : undefined)),
  ];
  again();
  return {
    hub,
    reload,
    problems: () => problems,
    setAsk: (replacement) => {
      ask = replacement ?? askModal;
    },
    setElicitations: (port) => elicitations.attach(port),
    setSignIn: oauth.setSignIn,
    onServerLog: serverLog.onServerLog,
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

/** Tokens in SecretStorage (per server name and URL); the browser through `openExternal`, unless a test replaced it. */
function vscodeOAuth(context: vscode.ExtensionContext): { options: McpOAuthOptions; setSignIn: VsCodeMcp['setSignIn'] } {
  const secrets = context.secrets;
  const options: McpOAuthOptions = {
    store: { get: async (k) => secrets.get(k), store: async (k, v) => secrets.store(k, v), delete: async (k) => secrets.delete(k) },
    clientName: 'Codewright (VS Code)',
    openBrowser: openExternal,
  };
  const setSignIn: VsCodeMcp['setSignIn'] = (replacement) => {
    // The connector reads both from `options` at each sign-in (host/node/mcp/oauthFlow.ts).
    options.openBrowser = replacement?.openBrowser ?? openExternal;
    if (replacement?.clientMetadataUrl) options.clientMetadataUrl = replacement.clientMetadataUrl;
    else delete options.clientMetadataUrl;
  };
  return { options, setSignIn };
}

async function openExternal(url: string): Promise<void> {
  // A string, not `Uri.parse(url)`: a Uri re-encodes the query and breaks the encoded redirect_uri
  // (microsoft/vscode#85930); openExternal takes the string as it is.
  const opened = await vscode.env.openExternal(url as unknown as vscode.Uri);
  if (!opened) throw new Error('The browser was not opened, so the sign-in cannot go on.');
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

/**
 * The palette command: approve the server given, or pick one of the project servers declined or dismissed
 * (each with why it is off and what it runs); the approval question then shows again. While the workspace is
 * not trusted, it offers the trust editor instead.
 */
export async function approveCommand(hub: McpManager, server?: string): Promise<void> {
  let name = server;
  if (!name) {
    const candidates = approvableServers(hub.servers(), hub.entries());
    if (candidates.length === 0) return nothingToApprove(hub);
    const items = candidates.map((c) => ({ label: c.name, description: MCP_DISABLED_REASON_TEXT[c.reason], detail: c.what }));
    name = (await vscode.window.showQuickPick(items, { placeHolder: 'Approve which project MCP server? You are asked once more, with what it runs.', matchOnDescription: true }))?.label;
    if (!name) return;
  }
  try {
    await hub.approve(name);
  } catch (err) {
    void vscode.window.showErrorMessage(`Approving the MCP server "${name}" failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function nothingToApprove(hub: McpManager): Promise<void> {
  const held = hub.servers().filter((s) => s.status.state === 'disabled' && s.status.reason === 'untrusted');
  if (held.length === 0) return void vscode.window.showInformationMessage('No project MCP server is waiting to be approved.');
  const trust = 'Manage Workspace Trust';
  const names = held.map((s) => `"${s.name}"`).join(', ');
  const pick = await vscode.window.showInformationMessage(`The MCP servers ${names} of .mcp.json start once you trust this workspace.`, trust);
  if (pick === trust) await vscode.commands.executeCommand('workbench.trust.manage');
}

/**
 * When an approval settings file changes (the user edits it, `codewright mcp approve` runs, Claude Code writes
 * it), the project servers that were declined or dismissed and that the settings now approve start.
 */
function watchApprovals(hub: McpManager, locations: () => McpApprovalLocations, log: vscode.LogOutputChannel): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const recheck = async () => {
    const settings = await readMcpApprovalSettings(locations());
    for (const s of hub.servers()) {
      const off = s.status.state === 'disabled' && (s.status.reason === 'declined' || s.status.reason === 'dismissed');
      if (s.scope === 'project' && off && mcpjsonDecision(s.name, settings) === 'approved') await hub.approve(s.name);
    }
  };
  const fire = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void recheck().catch((err: unknown) => log.error(`Applying the MCP approval settings failed: ${String(err)}`)), 100);
  };
  const loc = locations();
  const user = approvalFile('user', loc)!;
  const patterns = [
    new vscode.RelativePattern(vscode.Uri.file(path.dirname(user)), path.basename(user)),
    // The folder too: a file written right after its new `.claude` folder can be missed (as in permissionSettings.ts).
    ...(loc.workspaceRoot ? [new vscode.RelativePattern(vscode.Uri.file(loc.workspaceRoot), '.claude/settings{,.local}.json'), new vscode.RelativePattern(vscode.Uri.file(loc.workspaceRoot), '.claude')] : []),
  ];
  const disposables = patterns.flatMap((p) => watch(p, fire));
  return new vscode.Disposable(() => {
    if (timer) clearTimeout(timer);
    for (const d of disposables) d.dispose();
  });
}

function watch(pattern: vscode.RelativePattern, onChange: () => void): vscode.Disposable[] {
  const watcher = vscode.workspace.createFileSystemWatcher(pattern);
  return [watcher, watcher.onDidChange(onChange), watcher.onDidCreate(onChange), watcher.onDidDelete(onChange)];
}
