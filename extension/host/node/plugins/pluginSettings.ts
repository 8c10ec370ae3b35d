/**
 * `enabledPlugins` in the settings files: switching a plugin on or off in the user file
 * (`<config>/settings.json`, every other key kept), and reading user, project and local files to find the
 * enabled plugins' folders for the loader (`enabledPluginRoots`).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { enabledPluginIds, resolvePluginEnablement, withoutPlugin, withPluginEnabled, type PluginEnablement, type PluginSettingsSources } from '../../../core/engines/marketplaces/enabled';
import { pluginSettingsSchema, type InstalledPlugins, type PluginSettings } from '../../../core/engines/marketplaces/schemas';
import { claudeConfigDir, pluginPaths, readInstalledPlugins, readSettingsObject, writeJsonFile, type PluginPaths } from './pluginFiles';

export async function setPluginEnabled(paths: PluginPaths, id: string, enabled: boolean): Promise<void> {
  const settings = await readSettingsObject(paths.userSettings);
  await writeJsonFile(paths.userSettings, withPluginEnabled(settings, id, enabled));
}

export async function removeFromUserSettings(paths: PluginPaths, id: string): Promise<void> {
  const settings = await readSettingsObject(paths.userSettings);
  const next = withoutPlugin(settings, id);
  if (next !== settings) await writeJsonFile(paths.userSettings, next);
}

/** The plugin keys of a settings file; a file that cannot be read or parsed counts as empty. */
async function pluginSettingsOf(file: string): Promise<PluginSettings | undefined> {
  const object = await readSettingsObject(file).catch(() => undefined);
  if (!object) return undefined;
  const parsed = pluginSettingsSchema.safeParse(object);
  if (parsed.success) return parsed.data;
  const enabled = pluginSettingsSchema.shape.enabledPlugins.safeParse(object.enabledPlugins);
  return enabled.success && enabled.data ? { enabledPlugins: enabled.data } : undefined;
}

export interface PluginRootsOptions {
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude` when absent. */
  configDir?: string;
  /** The project folder whose `.claude/settings*.json` count when `trusted`. */
  workspaceRoot?: string;
  trusted: boolean;
  /** Which settings files count (`--setting-sources`); all of them when absent. */
  sources?: readonly ('user' | 'project' | 'local')[];
}

/** The user, project and local plugin settings as the options allow. */
export async function readPluginSettings(opts: PluginRootsOptions): Promise<PluginSettingsSources> {
  const paths = pluginPaths(opts.configDir ?? claudeConfigDir());
  const ws = opts.workspaceRoot;
  const counts = (source: 'user' | 'project' | 'local') => !opts.sources || opts.sources.includes(source);
  const [user, project, local] = await Promise.all([
    counts('user') ? pluginSettingsOf(paths.userSettings) : undefined,
    ws && opts.trusted && counts('project') ? pluginSettingsOf(path.join(ws, '.claude', 'settings.json')) : undefined,
    ws && opts.trusted && counts('local') ? pluginSettingsOf(path.join(ws, '.claude', 'settings.local.json')) : undefined,
  ]);
  return { trusted: opts.trusted, ...(user ? { user } : {}), ...(project ? { project } : {}), ...(local ? { local } : {}) };
}

export interface EnabledPlugin {
  id: string;
  /** The installed folder, absolute. */
  root: string;
}

/** Every id the settings name, with its state, for listings. */
export async function pluginEnablement(opts: PluginRootsOptions): Promise<PluginEnablement[]> {
  return resolvePluginEnablement(await readPluginSettings(opts));
}

/**
 * The enabled and installed plugins with their folders: what the plugin loader reads. An installation for
 * this project (scope project/local with its `projectPath`) is preferred to the user one; an enabled id with
 * no installation, or whose folder is gone, is left out and named in `missing`.
 */
export async function enabledPlugins(opts: PluginRootsOptions): Promise<{ plugins: EnabledPlugin[]; missing: string[] }> {
  const paths = pluginPaths(opts.configDir ?? claudeConfigDir());
  const installed = await readInstalledPlugins(paths).catch((): InstalledPlugins => ({ version: 2, plugins: {} }));
  const plugins: EnabledPlugin[] = [];
  const missing: string[] = [];
  for (const id of enabledPluginIds(await readPluginSettings(opts))) {
    const list = installed.plugins[id] ?? [];
    const here = opts.workspaceRoot ? list.find((i) => i.scope !== 'user' && i.projectPath && path.resolve(i.projectPath) === path.resolve(opts.workspaceRoot!)) : undefined;
    const chosen = here ?? list.find((i) => i.scope === 'user');
    const root = chosen && path.resolve(paths.configDir, chosen.installPath);
    if (root && (await stat(root).catch(() => undefined))?.isDirectory()) plugins.push({ id, root });
    else missing.push(id);
  }
  return { plugins, missing };
}

/** The absolute folders of the enabled, installed plugins, in id order. */
export async function enabledPluginRoots(opts: PluginRootsOptions): Promise<string[]> {
  return (await enabledPlugins(opts)).plugins.map((p) => p.root);
}
