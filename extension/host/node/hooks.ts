/**
 * Hooks on the Node host: reads the settings files' `hooks` (core/engines/hooks/config.ts) from disk and builds the
 * window's `HookEngine` on the Node runner. The VS Code host and the CLI both use it; `reload` re-reads the
 * files (the VS Code host calls it when a settings file changes).
 */
import { loadHooksConfig, type HooksConfig } from '../../core/engines/hooks/config';
import { HookEngine } from '../../core/engines/hooks/engine';
import type { ReadSettingsFile, SettingsLocations } from '../../core/engines/permissions/settings';
import type { Logger } from '../../core/contracts/settings';
import { NodeHookRunner } from './hookRunner';
import { readSettingsFile } from './permissionSettings';

export interface NodeHooksOptions extends SettingsLocations {
  /** Settings files given on the command line (`--settings <file>`), read after the usual three. */
  extraFiles?: readonly string[];
  log?: Logger;
  transcriptPath?: (sessionId: string) => string | undefined;
  /** How the settings files are read (default: from disk); the CLI's --setting-sources skips some. */
  readFile?: ReadSettingsFile;
  /**
   * Hooks of the loaded plugins (host/node/plugins/loadPluginDir.ts), run beside the settings files' on every
   * reload; a function is asked again on each reload (the VS Code host's plugins change while it runs).
   */
  pluginHooks?: HooksConfig | (() => HooksConfig);
}

/** The hooks of the settings files on disk (`workspaceRoot` absent: user settings only). */
export function loadHooksConfigFromDisk(loc: SettingsLocations & { extraFiles?: readonly string[]; readFile?: ReadSettingsFile }): Promise<HooksConfig> {
  return loadHooksConfig({ ...loc, readFile: loc.readFile ?? readSettingsFile });
}

/** An engine loaded from disk, and `reload` to read the files again (`loc` may change, e.g. on workspace trust). */
export async function createNodeHookEngine(opts: NodeHooksOptions): Promise<{ engine: HookEngine; reload: (loc?: SettingsLocations) => Promise<HooksConfig> }> {
  const engine = new HookEngine({
    runner: new NodeHookRunner(),
    ...(opts.workspaceRoot ? { projectDir: opts.workspaceRoot } : {}),
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.transcriptPath ? { transcriptPath: opts.transcriptPath } : {}),
  });
  const reload = async (loc: SettingsLocations = opts) => {
    const config = await loadHooksConfigFromDisk({ ...loc, ...(opts.extraFiles ? { extraFiles: opts.extraFiles } : {}), ...(opts.readFile ? { readFile: opts.readFile } : {}) });
    const plugin = typeof opts.pluginHooks === 'function' ? opts.pluginHooks() : opts.pluginHooks;
    const all = plugin ? { hooks: [...config.hooks, ...plugin.hooks], problems: [...config.problems, ...plugin.problems] } : config;
    engine.setConfig(all);
    return all;
  };
  await reload();
  return { engine, reload };
}
