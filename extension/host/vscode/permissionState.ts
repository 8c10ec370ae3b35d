/**
 * The window's permission context in VS Code: loaded from every settings source at activation, reloaded
 * when a source changes, and fed the suggestions the user accepts. Broken settings are reported with their
 * file and line, in the log and once as a warning; the rest still loads.
 */
import * as vscode from 'vscode';
import type { PermissionHolder } from '../../core/agent/agentSession';
import { initialPermissionContext, withPermissionSettings, type LoadedPermissionSettings } from '../../core/permissions/settings';
import type { PermissionUpdate, ToolPermissionContext } from '../../core/permissions/types';
import { formatSettingsError, persistPermissionUpdates } from '../node/permissionSettings';
import { loadVsCodePermissionSettings, permissionSettingsLocations, watchPermissionSettings } from './permissionSettings';

export interface VsCodePermissions extends vscode.Disposable {
  readonly holder: PermissionHolder;
  persist(updates: PermissionUpdate[]): Promise<unknown>;
  /** Reloads every source now (the watcher does this on change). */
  reload(): Promise<void>;
}

export async function createVsCodePermissions(homeDir: string, log: vscode.LogOutputChannel): Promise<VsCodePermissions> {
  let reported = new Set<string>();
  const report = (loaded: LoadedPermissionSettings) => {
    const lines = loaded.errors.map(formatSettingsError);
    for (const line of lines) log.warn(`Permission settings: ${line}`);
    const fresh = lines.filter((l) => !reported.has(l));
    reported = new Set(lines);
    if (fresh.length) {
      void vscode.window.showWarningMessage(`Codewright: some permission settings were skipped. ${fresh[0]}${fresh.length > 1 ? ` (+${fresh.length - 1} more, see the log)` : ''}`);
    }
  };
  const first = await loadVsCodePermissionSettings(homeDir);
  report(first);
  let current: ToolPermissionContext = initialPermissionContext(first);
  const holder: PermissionHolder = {
    current: () => current,
    update: (f) => {
      current = f(current);
    },
  };
  const reload = async () => {
    const loaded = await loadVsCodePermissionSettings(homeDir);
    report(loaded);
    holder.update((prev) => withPermissionSettings(prev, loaded));
  };
  const watcher = watchPermissionSettings(homeDir, () => {
    reload().catch((err: unknown) => log.error(`Reloading permission settings failed: ${String(err)}`));
  });
  return {
    holder,
    reload,
    persist: (updates) => persistPermissionUpdates(updates, permissionSettingsLocations(homeDir)),
    dispose: () => watcher.dispose(),
  };
}
