/**
 * The window's hooks in VS Code (docs/ARCHITECTURE.md, Hooks): loaded from the settings files at activation
 * and reloaded whenever a permission-settings source may have changed (the same watcher). The workspace's own
 * files (`.claude/settings.json`, `.claude/settings.local.json`) count only in a trusted workspace: a hook
 * runs any command, so opening an untrusted folder must not run its hooks.
 */
import * as vscode from 'vscode';
import type { HookEngine } from '../../core/hooks/engine';
import { createNodeHookEngine } from '../node/hooks';
import { permissionSettingsLocations, watchPermissionSettings } from './permissionSettings';

export interface VsCodeHooks extends vscode.Disposable {
  readonly engine: HookEngine;
  reload(): Promise<void>;
}

export async function createVsCodeHooks(homeDir: string, log: vscode.LogOutputChannel, transcriptPath: (sessionId: string) => string): Promise<VsCodeHooks> {
  const locations = () => {
    const loc = permissionSettingsLocations(homeDir);
    return vscode.workspace.isTrusted ? loc : { homeDir: loc.homeDir };
  };
  const { engine, reload } = await createNodeHookEngine({ ...locations(), log, transcriptPath });
  const again = async () => {
    const config = await reload(locations());
    log.info(`Hooks: ${config.hooks.length} loaded${config.problems.length ? `, ${config.problems.length} skipped (see the warnings above)` : ''}.`);
  };
  const watcher = watchPermissionSettings(homeDir, () => {
    again().catch((err: unknown) => log.error(`Reloading hooks failed: ${String(err)}`));
  });
  return { engine, reload: again, dispose: () => watcher.dispose() };
}
