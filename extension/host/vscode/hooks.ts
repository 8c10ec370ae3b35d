/**
 * The window's hooks in VS Code (docs/ARCHITECTURE.md, Hooks): loaded from the settings files at activation
 * and reloaded whenever a permission-settings source may have changed (the same watcher). The workspace's own
 * files (`.claude/settings.json`, `.claude/settings.local.json`) count only in a trusted workspace: a hook
 * runs any command, so opening an untrusted folder must not run its hooks.
 */
import * as vscode from 'vscode';
import type { HooksConfig } from '../../core/engines/hooks/config';
import type { HookEngine } from '../../core/engines/hooks/engine';
import { createNodeHookEngine } from '../node/hooks';
import { permissionSettingsLocations, watchPermissionSettings } from './permissionSettings';

export interface VsCodeHooks extends vscode.Disposable {
  readonly engine: HookEngine;
  reload(): Promise<void>;
  /** Called after every reload (the config problems feed shows what was skipped); returns the unsubscribe. */
  onDidReload(listener: () => void): () => void;
}

/** `pluginHooks`: the installed plugins' hooks now (host/vscode/plugins.ts), read on every reload. */
export async function createVsCodeHooks(homeDir: string, log: vscode.LogOutputChannel, transcriptPath: (sessionId: string) => string, pluginHooks?: () => HooksConfig): Promise<VsCodeHooks> {
  const locations = () => {
    const loc = permissionSettingsLocations(homeDir);
    return vscode.workspace.isTrusted ? loc : { homeDir: loc.homeDir };
  };
  const { engine, reload } = await createNodeHookEngine({ ...locations(), log, transcriptPath, ...(pluginHooks ? { pluginHooks } : {}) });
  const listeners = new Set<() => void>();
  const again = async () => {
    const config = await reload(locations());
    for (const l of listeners) l();
    log.info(`Hooks: ${config.hooks.length} loaded${config.problems.length ? `, ${config.problems.length} skipped (see the warnings above)` : ''}.`);
  };
  const watcher = watchPermissionSettings(homeDir, () => {
    again().catch((err: unknown) => log.error(`Reloading hooks failed: ${String(err)}`));
  });
  const onDidReload = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { engine, reload: again, onDidReload, dispose: () => watcher.dispose() };
}
