/**
 * The palette's plugin commands (docs/ARCHITECTURE.md, Plugins): Manage Plugins opens /plugin in the chat;
 * the others do one thing through the window's PluginManager, picking the plugin or marketplace from a quick
 * pick unless a script passes it as the argument, and tell the outcome in a notification.
 */
import * as vscode from 'vscode';
import type { CatalogPlugin } from '../../core/contracts/pluginCatalog';
import { COMMANDS } from '../palette/commands';
import type { Notice, PluginManager } from './pluginManager';

export interface PluginCommandDeps {
  manager: PluginManager;
  /** Opens the /plugin panel in the chat the user turned to last. */
  openPanel: () => Thenable<unknown>;
}

type PluginFilter = (p: CatalogPlugin) => boolean;
const arg = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function registerPluginCommands(context: vscode.ExtensionContext, deps: PluginCommandDeps): void {
  const { manager } = deps;
  const onPlugin = (action: Parameters<PluginManager['plugin']>[0], filter: PluginFilter, placeholder: string) => async (id?: unknown) => {
    const picked = arg(id) ?? (await pickPlugin(manager, filter, placeholder));
    return picked ? tell(await manager.plugin(action, picked)) : undefined;
  };
  const updatable: PluginFilter = (p) => p.installed && !!p.version && p.version !== p.installedVersion;
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.managePlugins, () => deps.openPanel()),
    vscode.commands.registerCommand(COMMANDS.addPluginMarketplace, async (source?: unknown) => {
      const given = arg(source) ?? (await vscode.window.showInputBox({ title: 'Add a plugin marketplace', prompt: 'A folder, a git URL or a GitHub owner/repo', ignoreFocusOut: true }));
      return given?.trim() ? tell(await manager.marketplace('add', given.trim())) : undefined;
    }),
    vscode.commands.registerCommand(COMMANDS.removePluginMarketplace, async (name?: unknown) => {
      const picked = arg(name) ?? (await pickMarketplace(manager, 'The marketplace to remove'));
      return picked ? tell(await manager.marketplace('remove', picked)) : undefined;
    }),
    vscode.commands.registerCommand(COMMANDS.updatePluginMarketplaces, async (name?: unknown) => {
      const names = arg(name) ? [arg(name)!] : (await manager.catalog()).marketplaces.filter((m) => !m.suggested).map((m) => m.name);
      if (!names.length) return void vscode.window.showInformationMessage('No plugin marketplaces are added.');
      const outcomes: Notice[] = [];
      for (const n of names) outcomes.push(await manager.marketplace('update', n));
      return tell(outcomes.find((o) => o.kind === 'error') ?? { kind: 'info', text: outcomes.map((o) => o.text).join(' ') });
    }),
    vscode.commands.registerCommand(COMMANDS.installPlugin, onPlugin('install', (p) => !p.installed, 'The plugin to install')),
    vscode.commands.registerCommand(COMMANDS.enablePlugin, onPlugin('enable', (p) => p.installed && !p.enabled, 'The plugin to enable')),
    vscode.commands.registerCommand(COMMANDS.disablePlugin, onPlugin('disable', (p) => p.installed && p.enabled, 'The plugin to disable')),
    vscode.commands.registerCommand(COMMANDS.updatePlugin, onPlugin('update', updatable, 'The plugin to update')),
    vscode.commands.registerCommand(COMMANDS.uninstallPlugin, onPlugin('uninstall', (p) => p.installed, 'The plugin to uninstall')),
  );
}

/** The outcome as a notification; resolves with it, so scripts and tests read what happened. */
function tell(notice: Notice): Notice {
  if (notice.kind === 'error') void vscode.window.showErrorMessage(`Codewright: ${notice.text}`);
  else void vscode.window.showInformationMessage(`Codewright: ${notice.text}`);
  return notice;
}

async function pickPlugin(manager: PluginManager, filter: PluginFilter, placeHolder: string): Promise<string | undefined> {
  const choices = (await manager.catalog()).plugins.filter(filter);
  if (!choices.length) {
    void vscode.window.showInformationMessage('No plugin fits: open Manage Plugins to see them all.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    choices.map((p) => ({ label: p.id, description: p.installedVersion ?? p.version ?? '', detail: p.description ?? '', id: p.id })),
    { placeHolder, matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.id;
}

async function pickMarketplace(manager: PluginManager, placeHolder: string): Promise<string | undefined> {
  const names = (await manager.catalog()).marketplaces.filter((m) => !m.suggested);
  if (!names.length) {
    void vscode.window.showInformationMessage('No plugin marketplaces are added.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(names.map((m) => ({ label: m.name, description: m.source })), { placeHolder });
  return picked?.label;
}
