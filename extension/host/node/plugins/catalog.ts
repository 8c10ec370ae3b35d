/**
 * The /plugin catalog (core/contracts/pluginCatalog.ts) from Claude Code's files: the known marketplaces
 * (known_marketplaces.json) with what each offers, the ones the settings suggest (`extraKnownMarketplaces`,
 * suggestedMarketplaces.ts) that are not added yet, and every plugin offered or installed with its state
 * (installed_plugins.json, `enabledPlugins` of the settings that count) and what it adds (catalogFolder.ts):
 * read from its installed folder, or from its folder inside the marketplace when it is not installed. A plugin
 * from a remote source that is not installed has no `contributes`: nothing is fetched to build the catalog.
 */
import path from 'node:path';
import type { CatalogMarketplace, CatalogPlugin, PluginCatalog } from '../../../core/contracts/pluginCatalog';
import { resolvePluginEnablement, type PluginEnablement } from '../../../core/engines/marketplaces/enabled';
import { parsePluginId, type KnownMarketplace, type MarketplacePlugin, type PluginInstallation } from '../../../core/engines/marketplaces/schemas';
import type { Env } from '../../../core/engines/mcp/expand';
import { readPluginFolder, type PluginFolderReading } from './catalogFolder';
import { localFolder } from './installStore';
import { listMarketplaces, readMarketplaceManifest, type LoadedMarketplace } from './marketplaces';
import { describeSource } from './marketplaceSource';
import { pluginPaths, readInstalledPlugins, type PluginPaths } from './pluginFiles';
import { readPluginSettings } from './pluginSettings';
import { suggestedMarketplaces } from './suggestedMarketplaces';

export interface CatalogOptions {
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude`. */
  configDir: string;
  /** The project whose `.claude/settings*.json` count when `trusted`. */
  workspaceRoot?: string;
  trusted: boolean;
  /** For `${VAR}` in plugins' MCP servers; the process's when absent. */
  env?: NodeJS.ProcessEnv;
}

/** What building the rows needs besides the plugin itself. */
interface Scope {
  paths: PluginPaths;
  env: Env;
  workspaceRoot?: string;
  installed: Record<string, PluginInstallation[]>;
  enablement: Map<string, PluginEnablement>;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The installation that counts here: this project's (scope project/local), else the user's. */
function installationHere(scope: Scope, id: string): PluginInstallation | undefined {
  const list = scope.installed[id] ?? [];
  const ws = scope.workspaceRoot;
  const here = ws ? list.find((i) => i.scope !== 'user' && i.projectPath && path.resolve(i.projectPath) === path.resolve(ws)) : undefined;
  return here ?? list.find((i) => i.scope === 'user');
}

/** The installed copy of `id` read from its folder, with its version. */
async function readInstalled(scope: Scope, id: string, installation: PluginInstallation): Promise<PluginFolderReading> {
  const root = path.resolve(scope.paths.configDir, installation.installPath);
  return readPluginFolder(root, scope.env, `its installed folder ${root} is missing; reinstall it with "codewright plugin install ${id}"`);
}

/** The plugin's folder inside the marketplace, when its source is one; undefined for a remote source. */
async function readOffered(market: LoadedMarketplace, entry: MarketplacePlugin, env: Env): Promise<PluginFolderReading | undefined> {
  if (typeof entry.source !== 'string') return undefined;
  let folder: string;
  try {
    folder = localFolder(market, entry.source);
  } catch (err) {
    return { error: message(err) };
  }
  return readPluginFolder(folder, env, `its folder ${folder} is missing from the marketplace "${market.name}"`);
}

/** A row's state: installed or not, which version, and what the settings say. */
function stateOf(scope: Scope, id: string, installation: PluginInstallation | undefined): Pick<CatalogPlugin, 'installed' | 'installedVersion' | 'enabled' | 'enabledBy'> {
  const e = scope.enablement.get(id);
  return {
    installed: !!installation,
    ...(installation ? { installedVersion: installation.version } : {}),
    enabled: e?.enabled ?? false,
    ...(e ? { enabledBy: e.scope } : {}),
  };
}

async function offeredPlugin(scope: Scope, market: LoadedMarketplace, entry: MarketplacePlugin): Promise<CatalogPlugin> {
  const id = `${entry.name}@${market.name}`;
  const installation = installationHere(scope, id);
  const offered = await readOffered(market, entry, scope.env);
  const shown = installation ? await readInstalled(scope, id, installation) : offered;
  // The version an install would record: plugin.json's, else the marketplace entry's (installStore.ts).
  const version = offered?.version ?? entry.version;
  const description = entry.description ?? offered?.description;
  const error = shown?.error ?? (installation ? undefined : offered?.error);
  return {
    id,
    name: entry.name,
    marketplace: market.name,
    ...(description ? { description } : {}),
    ...(version ? { version } : {}),
    ...stateOf(scope, id, installation),
    ...(shown?.contributes ? { contributes: shown.contributes } : {}),
    ...(error ? { error } : {}),
  };
}

/** An installed plugin its marketplace no longer offers (or whose marketplace is gone). */
async function installedOnly(scope: Scope, id: string, installation: PluginInstallation): Promise<CatalogPlugin> {
  const parsed = parsePluginId(id) ?? { name: id, marketplace: '' };
  const shown = await readInstalled(scope, id, installation);
  return {
    id,
    ...parsed,
    ...(shown.description ? { description: shown.description } : {}),
    ...stateOf(scope, id, installation),
    ...(shown.contributes ? { contributes: shown.contributes } : {}),
    ...(shown.error ? { error: shown.error } : {}),
  };
}

/** One known marketplace's row, and its manifest when it can be read. */
async function knownMarketplace(name: string, entry: KnownMarketplace): Promise<{ row: CatalogMarketplace; market?: LoadedMarketplace }> {
  const base = { name, source: describeSource(entry.source), path: entry.installLocation, ...(entry.lastUpdated ? { lastUpdated: entry.lastUpdated } : {}) };
  try {
    const manifest = await readMarketplaceManifest(entry.installLocation);
    return { row: { ...base, plugins: manifest.plugins.length }, market: { name, entry, manifest } };
  } catch (err) {
    return { row: { ...base, plugins: 0, error: message(err) } };
  }
}

async function suggestedRows(opts: CatalogOptions, known: [string, KnownMarketplace][]): Promise<CatalogMarketplace[]> {
  const names = new Set(known.map(([name]) => name));
  const sources = new Set(known.map(([, entry]) => describeSource(entry.source)));
  const suggested = await suggestedMarketplaces({ configDir: opts.configDir, trusted: opts.trusted, ...(opts.workspaceRoot ? { workspaceRoot: opts.workspaceRoot } : {}) });
  return Object.entries(suggested)
    .filter(([name, source]) => !names.has(name) && !sources.has(describeSource(source)))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, source]) => ({ name, source: describeSource(source), path: '', plugins: 0, suggested: true }));
}

/**
 * The catalog for /plugin. A broken known_marketplaces.json or installed_plugins.json throws its PluginError
 * (the sentence says which file); a marketplace or plugin that cannot be read is a row with its `error`.
 */
export async function buildPluginCatalog(opts: CatalogOptions): Promise<PluginCatalog> {
  const paths = pluginPaths(opts.configDir);
  const where = { configDir: opts.configDir, trusted: opts.trusted, ...(opts.workspaceRoot ? { workspaceRoot: opts.workspaceRoot } : {}) };
  const [known, installed, settings] = await Promise.all([listMarketplaces(paths), readInstalledPlugins(paths), readPluginSettings(where)]);
  const scope: Scope = {
    paths,
    env: opts.env ?? process.env,
    ...(opts.workspaceRoot ? { workspaceRoot: opts.workspaceRoot } : {}),
    installed: installed.plugins,
    enablement: new Map(resolvePluginEnablement(settings).map((e) => [e.id, e])),
  };
  const marketplaces: CatalogMarketplace[] = [];
  const plugins: CatalogPlugin[] = [];
  for (const [name, entry] of known) {
    const { row, market } = await knownMarketplace(name, entry);
    marketplaces.push(row);
    const seen = new Set<string>();
    for (const p of market?.manifest.plugins ?? []) {
      if (seen.has(p.name)) continue;
      seen.add(p.name);
      plugins.push(await offeredPlugin(scope, market!, p));
    }
  }
  marketplaces.push(...(await suggestedRows(opts, known)));
  const listed = new Set(plugins.map((p) => p.id));
  for (const id of Object.keys(installed.plugins).sort((a, b) => a.localeCompare(b))) {
    const installation = installationHere(scope, id);
    if (installation && !listed.has(id)) plugins.push(await installedOnly(scope, id, installation));
  }
  return { marketplaces, plugins, trusted: opts.trusted };
}
