/**
 * The window's permission context in VS Code: loaded from every settings source at activation, reloaded
 * when a source changes, and fed the suggestions the user accepts. Broken settings are reported with their
 * file and line, in the log and once as a warning; the rest still loads.
 */
import * as vscode from 'vscode';
import { defaultModeFromSettings, initialPermissionContext, withPermissionSettings, type LoadedPermissionSettings } from '../../core/engines/permissions/settings';
import type { PermissionUpdate, ToolPermissionContext } from '../../core/contracts/permissions';
import type { PermissionHolder } from '../../core/contracts/settings';
import { formatSettingsError, persistPermissionUpdates } from '../node/permissionSettings';
import { loadVsCodePermissionSettings, permissionSettingsLocations, watchPermissionSettings } from './permissionSettings';

export interface VsCodePermissions extends vscode.Disposable {
  readonly holder: PermissionHolder;
  persist(updates: PermissionUpdate[]): Promise<unknown>;
  /** Reloads every source now (the watcher does this on change). */
  reload(): Promise<void>;
  /** Fires with the new mode whenever it changes: the header, a command, or a settings file's `defaultMode`. */
  readonly onDidChangeMode: vscode.Event<string>;
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
  const modeChanged = new vscode.EventEmitter<string>();
  const holder: PermissionHolder = {
    current: () => current,
    update: (f) => {
      const before = current.mode;
      current = f(current);
      if (current.mode !== before) modeChanged.fire(current.mode);
    },
  };
  let lastDefaultMode = defaultModeFromSettings(first);
  const reload = async () => {
    const loaded = await loadVsCodePermissionSettings(homeDir);
    report(loaded);
    // A `defaultMode` edited in a settings file applies to the window now; an unchanged one keeps the mode picked since.
    const defaultMode = defaultModeFromSettings(loaded);
    const changed = defaultMode !== undefined && defaultMode !== lastDefaultMode;
    lastDefaultMode = defaultMode;
    holder.update((prev) => {
      const next = withPermissionSettings(prev, loaded);
      return changed ? { ...next, mode: defaultMode } : next;
    });
  };
  const watcher = watchPermissionSettings(homeDir, () => {
    reload().catch((err: unknown) => log.error(`Reloading permission settings failed: ${String(err)}`));
  });
  return {
    holder,
    reload,
    persist: (updates) => persistPermissionUpdates(updates, permissionSettingsLocations(homeDir)),
    onDidChangeMode: modeChanged.event,
    dispose: () => {
      watcher.dispose();
      modeChanged.dispose();
    },
  };
}
