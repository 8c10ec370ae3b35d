/**
 * The window's installed plugins in VS Code (docs/ARCHITECTURE.md, Plugins; Workspace trust): the enabled,
 * installed Claude Code plugins (host/node/plugins/installedPlugins.ts), loaded at activation and again when
 * the user settings or `installed_plugins.json` change, a workspace `.claude/settings*.json` changes, or the
 * workspace is trusted. Untrusted: only the user-enabled plugins, without their hooks and MCP servers. The
 * chats read `current()` for commands, skills and agents; the hooks and MCP servers reload after each load.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { EMPTY_PLUGIN_SET, type PluginSet } from '../../core/engines/plugins/types';
import { loadInstalledPlugins } from '../node/plugins/installedPlugins';
import { claudeConfigDir } from '../node/plugins/pluginFiles';

export interface VsCodePlugins extends vscode.Disposable {
  /** Where Claude Code's plugin files are: `$CLAUDE_CONFIG_DIR` or `~/.claude`. */
  readonly configDir: string;
  current(): PluginSet;
  reload(): Promise<void>;
  /** Called after every load; returns the unsubscribe. */
  onDidReload(listener: () => void): () => void;
}

export async function createVsCodePlugins(where: { workspaceRoot?: string }, log: vscode.LogOutputChannel): Promise<VsCodePlugins> {
  let set: PluginSet = EMPTY_PLUGIN_SET;
  const listeners = new Set<() => void>();
  const configDir = claudeConfigDir();
  let loaded = JSON.stringify(set);
  const reload = async () => {
    const trusted = vscode.workspace.isTrusted;
    set = await loadInstalledPlugins({ configDir, trusted, env: process.env, ...(where.workspaceRoot ? { workspaceRoot: where.workspaceRoot } : {}) });
    // A settings file saved with no change to the plugins (most edits) restarts no hook or MCP server.
    const now = JSON.stringify(set);
    if (now === loaded) return;
    loaded = now;
    for (const p of set.problems) log.warn(`Plugin skipped: ${p.path}${p.line ? `:${p.line}` : ''}: ${p.message}`);
    if (set.plugins.length) log.info(`Plugins: ${set.plugins.map((p) => p.name).join(', ')}${trusted ? '' : ' (their hooks and MCP servers wait until the workspace is trusted)'}.`);
    for (const l of listeners) l();
  };
  const again = () => void reload().catch((err: unknown) => log.error(`Reloading the plugins failed: ${String(err)}`));
  const disposables: vscode.Disposable[] = [
    vscode.workspace.onDidGrantWorkspaceTrust(again),
    ...watch(new vscode.RelativePattern(vscode.Uri.file(configDir), 'settings.json'), again),
    ...watch(new vscode.RelativePattern(vscode.Uri.file(path.join(configDir, 'plugins')), 'installed_plugins.json'), again),
    ...(where.workspaceRoot ? watch(new vscode.RelativePattern(vscode.Uri.file(where.workspaceRoot), '.claude/settings*.json'), again) : []),
  ];
  await reload().catch((err: unknown) => log.error(`Loading the plugins failed: ${String(err)}`));
  return {
    configDir,
    current: () => set,
    reload,
    onDidReload: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose: () => disposables.forEach((d) => d.dispose()),
  };
}

function watch(pattern: vscode.RelativePattern, onChange: () => void): vscode.Disposable[] {
  const watcher = vscode.workspace.createFileSystemWatcher(pattern);
  return [watcher, watcher.onDidChange(onChange), watcher.onDidCreate(onChange), watcher.onDidDelete(onChange)];
}
