/**
 * Installing a plugin the way Claude Code does: its folder (a path inside the marketplace, or a git/GitHub
 * source cloned for the occasion) is copied to `<config>/plugins/cache/<marketplace>/<plugin>/<version>/`,
 * recorded in `installed_plugins.json` (version 2, scope `user`) and switched on in the user settings. In two
 * steps, so the caller can show what the plugin will run (`preview`) and ask before `commit`.
 */
import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSafeName, parsePluginId, type InstalledPlugins, type MarketplacePlugin, type PluginInstallation } from '../../../core/engines/marketplaces/schemas';
import { loadMarketplace, type LoadedMarketplace, type MarketplaceContext } from './marketplaces';
import { cloneInto, cloneUrl, headCommit } from './marketplaceSource';
import { PluginError, readInstalledPlugins, writeJsonFile, type PluginPaths } from './pluginFiles';
import { previewPlugin, type PluginPreview } from './pluginPreview';
import { removeFromUserSettings, setPluginEnabled } from './pluginSettings';

export interface PreparedInstall {
  id: string;
  /** The plugin's folder as fetched, before it is copied. */
  folder: string;
  preview: PluginPreview;
  /** Copies, records and enables it; returns where it now lives. */
  commit(): Promise<PluginInstallation>;
  /** Removes what fetching left behind; call it whether or not commit ran. */
  dispose(): Promise<void>;
}

function splitId(id: string): { name: string; marketplace: string } {
  const parsed = parsePluginId(id);
  if (!parsed) throw new PluginError(`"${id}" is not a plugin id: write it as <plugin>@<marketplace>.`);
  if (!isSafeName(parsed.name) || !isSafeName(parsed.marketplace)) throw new PluginError(`"${id}" holds characters a plugin or marketplace name cannot.`);
  return parsed;
}

function findEntry(market: LoadedMarketplace, name: string): MarketplacePlugin {
  const entry = market.manifest.plugins.find((p) => p.name === name);
  if (!entry) throw new PluginError(`The marketplace "${market.name}" has no plugin named "${name}"; "codewright plugin list" shows the ones it has.`);
  return entry;
}

/** A relative source inside the marketplace (under `metadata.pluginRoot` when set); never outside it. */
export function localFolder(market: LoadedMarketplace, source: string): string {
  const base = market.entry.installLocation;
  const root = market.manifest.metadata?.pluginRoot;
  const folder = path.resolve(base, source.startsWith('./') || !root ? '' : root, source);
  const rel = path.relative(base, folder);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new PluginError(`The plugin source "${source}" points outside the marketplace "${market.name}".`);
  return folder;
}

async function fetchFolder(market: LoadedMarketplace, entry: MarketplacePlugin, tmpRoot: string): Promise<{ folder: string; isLocal: boolean }> {
  if (typeof entry.source === 'string') return { folder: localFolder(market, entry.source), isLocal: true };
  const url = cloneUrl(entry.source);
  if (!url) throw new PluginError(`The plugin "${entry.name}" comes from a "${entry.source.source}" source, which Codewright cannot install yet.`);
  const dest = path.join(tmpRoot, 'clone');
  await cloneInto(url, dest, typeof entry.source.ref === 'string' ? entry.source.ref : undefined);
  return { folder: dest, isLocal: false };
}

/** Fetches `<plugin>@<marketplace>` and reads what it will run, without installing it yet. */
export async function prepareInstall(id: string, ctx: MarketplaceContext): Promise<PreparedInstall> {
  const { name, marketplace } = splitId(id);
  const market = await loadMarketplace(marketplace, ctx.paths);
  const entry = findEntry(market, name);
  await mkdir(ctx.paths.pluginsDir, { recursive: true });
  const tmpRoot = await mkdtemp(path.join(ctx.paths.pluginsDir, '.install-'));
  const dispose = () => rm(tmpRoot, { recursive: true, force: true });
  try {
    const { folder, isLocal } = await fetchFolder(market, entry, tmpRoot);
    if (!(await stat(folder).catch(() => undefined))?.isDirectory()) throw new PluginError(`The plugin "${name}" should be in ${folder}, which is not a folder.`);
    const preview = await previewPlugin(folder);
    const commit = async () => {
      const sha = await headCommit(folder);
      const version = preview.version ?? entry.version ?? (isLocal ? undefined : sha?.slice(0, 12)) ?? 'unknown';
      return record(id, { folder, version, isLocal, ...(sha ? { sha } : {}) }, ctx);
    };
    return { id, folder, preview, commit, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function record(id: string, got: { folder: string; version: string; isLocal: boolean; sha?: string }, ctx: MarketplaceContext): Promise<PluginInstallation> {
  const { name, marketplace } = splitId(id);
  const version = isSafeName(got.version) ? got.version : 'unknown';
  const installPath = path.join(ctx.paths.cacheDir, marketplace, name, version);
  await rm(installPath, { recursive: true, force: true });
  await cp(got.folder, installPath, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
  const now = (ctx.now?.() ?? new Date()).toISOString();
  const installed = await readInstalledPlugins(ctx.paths);
  const previous = (installed.plugins[id] ?? []).find((i) => i.scope === 'user');
  const installation: PluginInstallation = {
    scope: 'user',
    installPath,
    version,
    installedAt: previous?.installedAt ?? now,
    lastUpdated: now,
    ...(got.sha ? { gitCommitSha: got.sha } : {}),
    isLocal: got.isLocal,
  };
  const others = (installed.plugins[id] ?? []).filter((i) => i.scope !== 'user');
  await writeInstalled(ctx.paths, { ...installed, plugins: { ...installed.plugins, [id]: [installation, ...others] } });
  if (previous && previous.installPath !== installPath) await removeCacheFolder(previous.installPath, ctx.paths);
  await setPluginEnabled(ctx.paths, id, true);
  return installation;
}

function writeInstalled(paths: PluginPaths, installed: InstalledPlugins): Promise<void> {
  return writeJsonFile(paths.installedPlugins, installed);
}

async function removeCacheFolder(dir: string, paths: PluginPaths): Promise<void> {
  const rel = path.relative(paths.cacheDir, dir);
  if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) await rm(dir, { recursive: true, force: true });
}

/** Removes the user installation of `id`: its record, its cached files and its `enabledPlugins` entry. */
export async function uninstallPlugin(id: string, paths: PluginPaths): Promise<void> {
  splitId(id);
  const installed = await readInstalledPlugins(paths);
  const all = installed.plugins[id] ?? [];
  const user = all.filter((i) => i.scope === 'user');
  if (!user.length) throw new PluginError(`The plugin "${id}" is not installed.`);
  const rest = all.filter((i) => i.scope !== 'user');
  const plugins = { ...installed.plugins };
  if (rest.length) plugins[id] = rest;
  else delete plugins[id];
  await writeInstalled(paths, { ...installed, plugins });
  for (const i of user) await removeCacheFolder(i.installPath, paths);
  await removeFromUserSettings(paths, id);
}

/** The installed plugins, one row per id with its user (else first) installation. */
export async function listInstalled(paths: PluginPaths): Promise<{ id: string; installation: PluginInstallation }[]> {
  const installed = await readInstalledPlugins(paths);
  return Object.entries(installed.plugins)
    .filter(([, list]) => list.length)
    .map(([id, list]) => ({ id, installation: list.find((i) => i.scope === 'user') ?? list[0]! }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
