/**
 * The window's plugin manager (docs/ARCHITECTURE.md, Plugins): what the /plugin panel and the palette's plugin
 * commands act through. It builds the catalog (host/node/plugins/catalog.ts), runs one action at a time
 * (install, update, enable, disable, uninstall; add, update, remove a marketplace) on Claude Code's files,
 * asks before anything that brings in code to run (install and update show the hook commands and MCP servers
 * the plugin will run) or removes something, and reloads the window's plugins afterwards, so the chats'
 * `/` lists, hooks and MCP servers follow. Listeners hear about the busy text and the outcome.
 */
import * as vscode from 'vscode';
import type { MarketplaceActionKind, PluginActionKind, PluginCatalog } from '../../core/contracts/pluginCatalog';
import { buildPluginCatalog } from '../../host/node/plugins/catalog';
import { listInstalled, prepareInstall, uninstallPlugin, type PreparedInstall } from '../../host/node/plugins/installStore';
import { addMarketplace, addSuggestedMarketplace, removeMarketplace, updateMarketplace, type MarketplaceContext } from '../../host/node/plugins/marketplaces';
import { pluginPaths } from '../../host/node/plugins/pluginFiles';
import { previewLines } from '../../host/node/plugins/pluginPreview';
import { setPluginEnabled } from '../../host/node/plugins/pluginSettings';
import { prepareUpdate } from '../../host/node/plugins/pluginUpdate';
import type { VsCodePlugins } from '../../host/vscode/plugins';
import type { PanelView } from '../../protocol/messages';

export type Notice = { kind: 'info' | 'error'; text: string };

/** A yes/no question with what it means; resolves true only for an explicit yes. */
export type Confirm = (question: string, detail: string, yes: string) => Promise<boolean>;

async function modalConfirm(question: string, detail: string, yes: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(question, { modal: true, detail }, yes)) === yes;
}

export interface PluginManagerDeps {
  plugins: VsCodePlugins;
  workspaceRoot?: string;
  log: vscode.LogOutputChannel;
  trusted?: () => boolean;
}

export class PluginManager {
  private busyText: string | undefined;
  private notice: Notice | undefined;
  private confirm: Confirm = modalConfirm;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: PluginManagerDeps) {}

  private get ctx(): MarketplaceContext {
    return { paths: pluginPaths(this.deps.plugins.configDir), cwd: this.deps.workspaceRoot ?? process.cwd() };
  }

  private trusted(): boolean {
    return this.deps.trusted?.() ?? vscode.workspace.isTrusted;
  }

  catalog(): Promise<PluginCatalog> {
    return buildPluginCatalog({ configDir: this.deps.plugins.configDir, trusted: this.trusted(), ...(this.deps.workspaceRoot ? { workspaceRoot: this.deps.workspaceRoot } : {}) });
  }

  /** The /plugin panel as it stands, with the running action and the last outcome. */
  async view(): Promise<PanelView> {
    const catalog = await this.catalog();
    return { panel: 'plugins', ...catalog, ...(this.busyText ? { busy: this.busyText } : {}), ...(this.notice ? { notice: this.notice } : {}) };
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Replaces the modal questions (tests answer through it); undefined restores the modal. */
  setConfirm(confirm: Confirm | undefined): void {
    this.confirm = confirm ?? modalConfirm;
  }

  /** Installs, updates, enables, disables or uninstalls `<plugin>@<marketplace>`; resolves with the outcome shown. */
  plugin(action: PluginActionKind, id: string): Promise<Notice> {
    const verb = { install: 'Installing', update: 'Updating', enable: 'Enabling', disable: 'Disabling', uninstall: 'Uninstalling' }[action];
    return this.run(`${verb} ${id}…`, () => this.pluginAction(action, id));
  }

  /** Adds (a folder, git URL, owner/repo, or a suggested marketplace's name), updates or removes a marketplace. */
  marketplace(action: MarketplaceActionKind, marketplace: string): Promise<Notice> {
    const verb = { add: 'Adding the marketplace', update: 'Updating the marketplace', remove: 'Removing the marketplace' }[action];
    return this.run(`${verb} ${marketplace}…`, () => this.marketplaceAction(action, marketplace));
  }

  private async run(busy: string, act: () => Promise<string | undefined>): Promise<Notice> {
    if (this.busyText) return { kind: 'error', text: `Wait until this finishes: ${this.busyText}` };
    this.busyText = busy;
    this.changed();
    try {
      const text = await act();
      this.notice = text ? { kind: 'info', text } : undefined;
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      this.deps.log.warn(`Plugins: ${busy.replace(/…$/, '')} failed: ${text}`);
      this.notice = { kind: 'error', text };
    } finally {
      this.busyText = undefined;
    }
    // The window's plugins follow the files before the panel shows the outcome (the `/` list too).
    await this.deps.plugins.reload().catch((err: unknown) => this.deps.log.error(`Reloading the plugins failed: ${String(err)}`));
    this.changed();
    return this.notice ?? { kind: 'info', text: 'Nothing changed.' };
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private async pluginAction(action: PluginActionKind, id: string): Promise<string | undefined> {
    const ctx = this.ctx;
    switch (action) {
      case 'install':
        return this.installing(await prepareInstall(id, ctx), `Install ${id}?`, 'Install');
      case 'update':
        return this.installing(await prepareUpdate(id, ctx), `Update ${id}?`, 'Update');
      case 'enable':
      case 'disable':
        if (!(await listInstalled(ctx.paths)).some((p) => p.id === id)) throw new Error(`The plugin "${id}" is not installed; install it first.`);
        await setPluginEnabled(ctx.paths, id, action === 'enable');
        return `${action === 'enable' ? 'Enabled' : 'Disabled'} ${id} in ${ctx.paths.userSettings}.`;
      case 'uninstall':
        if (!(await this.confirm(`Uninstall ${id}?`, 'Its files are removed and its commands, agents, skills, hooks and MCP servers go away.', 'Uninstall'))) return undefined;
        await uninstallPlugin(id, ctx.paths);
        return `Uninstalled ${id}.`;
    }
  }

  /** Shows what the fetched plugin will run and commits only on a yes. */
  private async installing(prepared: PreparedInstall & { from?: string }, question: string, yes: string): Promise<string | undefined> {
    try {
      const lines = previewLines(prepared.id, prepared.preview);
      if (prepared.from) lines.unshift(`Installed now: ${prepared.from}.`);
      if (!(await this.confirm(question, lines.join('\n'), yes))) return `Not ${yes === 'Install' ? 'installed' : 'updated'}: ${prepared.id}.`;
      const installation = await prepared.commit();
      return `${yes === 'Install' ? 'Installed' : 'Updated'} ${prepared.id} ${installation.version} and enabled it.`;
    } finally {
      await prepared.dispose();
    }
  }

  private async marketplaceAction(action: MarketplaceActionKind, marketplace: string): Promise<string | undefined> {
    const ctx = this.ctx;
    switch (action) {
      case 'add': {
        const suggested = (await this.catalog()).marketplaces.find((m) => m.suggested && m.name === marketplace);
        const added = suggested
          ? await addSuggestedMarketplace(marketplace, { configDir: ctx.paths.configDir, trusted: this.trusted(), cwd: ctx.cwd, ...(this.deps.workspaceRoot ? { workspaceRoot: this.deps.workspaceRoot } : {}) })
          : await addMarketplace(marketplace, ctx);
        return `Added the marketplace ${added.name} (${plural(added.manifest.plugins.length, 'plugin')}).`;
      }
      case 'update': {
        const updated = await updateMarketplace(marketplace, ctx);
        return `Updated the marketplace ${marketplace} (${plural(updated.manifest.plugins.length, 'plugin')}).`;
      }
      case 'remove':
        if (!(await this.confirm(`Remove the marketplace ${marketplace}?`, 'Its installed plugins stay installed; you can no longer install or update from it.', 'Remove'))) return undefined;
        await removeMarketplace(marketplace, ctx.paths);
        return `Removed the marketplace ${marketplace}.`;
    }
  }
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}
