/**
 * The marketplaces Claude Code knows (`<config>/plugins/known_marketplaces.json`): add one from a folder (read
 * where it is) or a git URL / GitHub repo (cloned to `<config>/plugins/marketplaces/<name>/` with the user's
 * git), update (`git pull`), remove, and read one's `.claude-plugin/marketplace.json`.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { marketplaceManifestSchema, isSafeName, parsePluginFile, type KnownMarketplace, type MarketplaceManifest, type MarketplaceSource } from '../../../core/engines/marketplaces/schemas';
import { cloneInto, cloneUrl, gitOrFail, marketplaceSourceFromArg, sourceFolder, sourceRef } from './marketplaceSource';
import { PluginError, pluginPaths, readKnownMarketplaces, readText, writeJsonFile, type PluginPaths } from './pluginFiles';
import { suggestedMarketplaces, type SuggestionOptions } from './suggestedMarketplaces';

export const MARKETPLACE_MANIFEST = path.join('.claude-plugin', 'marketplace.json');

export interface MarketplaceContext {
  paths: PluginPaths;
  /** Where relative paths given on the command line start. */
  cwd: string;
  now?: () => Date;
}

export interface LoadedMarketplace {
  name: string;
  entry: KnownMarketplace;
  manifest: MarketplaceManifest;
}

const stamp = (ctx: MarketplaceContext) => (ctx.now?.() ?? new Date()).toISOString();

/** The marketplace manifest in `dir`; a missing or broken one throws a PluginError. */
export async function readMarketplaceManifest(dir: string): Promise<MarketplaceManifest> {
  const file = path.join(dir, MARKETPLACE_MANIFEST);
  const text = await readText(file);
  if (text === undefined) throw new PluginError(`${dir} has no ${MARKETPLACE_MANIFEST}, so it is not a plugin marketplace.`);
  const parsed = parsePluginFile(marketplaceManifestSchema, text, file);
  if (!parsed.ok) throw new PluginError(parsed.error);
  if (!isSafeName(parsed.value.name)) throw new PluginError(`${file} names the marketplace "${parsed.value.name}", which cannot be a folder name.`);
  return parsed.value;
}

/** Adds the marketplace `arg` names; returns its name. An existing name is an error (use update). */
export async function addMarketplace(arg: string, ctx: MarketplaceContext): Promise<LoadedMarketplace> {
  const source = await marketplaceSourceFromArg(arg, ctx.cwd);
  return addMarketplaceSource(source, ctx);
}

export async function addMarketplaceSource(source: MarketplaceSource, ctx: MarketplaceContext): Promise<LoadedMarketplace> {
  const known = await readKnownMarketplaces(ctx.paths);
  const url = gitUrlOf(source);
  if (!url) {
    const dir = sourceFolder(source);
    if (!dir) throw new PluginError(`A marketplace from a "${source.source}" source cannot be added yet.`);
    const manifest = await readMarketplaceManifest(dir);
    refuseKnown(known, manifest.name);
    const entry: KnownMarketplace = { source, installLocation: dir, lastUpdated: stamp(ctx) };
    await writeJsonFile(ctx.paths.knownMarketplaces, { ...known, [manifest.name]: entry });
    return { name: manifest.name, entry, manifest };
  }
  await mkdir(ctx.paths.marketplacesDir, { recursive: true });
  const tmp = path.join(ctx.paths.marketplacesDir, `.adding-${process.pid}-${Date.now()}`);
  try {
    await cloneInto(url, tmp, sourceRef(source));
    const manifest = await readMarketplaceManifest(tmp);
    refuseKnown(known, manifest.name);
    const dest = path.join(ctx.paths.marketplacesDir, manifest.name);
    await rm(dest, { recursive: true, force: true });
    await rename(tmp, dest);
    const entry: KnownMarketplace = { source, installLocation: dest, lastUpdated: stamp(ctx) };
    await writeJsonFile(ctx.paths.knownMarketplaces, { ...known, [manifest.name]: entry });
    return { name: manifest.name, entry, manifest };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** What `addSuggestedMarketplace` needs: which settings count, and where relative paths start. */
export interface SuggestedAddOptions extends SuggestionOptions {
  cwd: string;
  now?: () => Date;
}

/**
 * Adds the marketplace the settings' `extraKnownMarketplaces` suggest as `name` (suggestedMarketplaces.ts),
 * from the source written there. A name already added, or not suggested, is a PluginError.
 */
export async function addSuggestedMarketplace(name: string, opts: SuggestedAddOptions): Promise<LoadedMarketplace> {
  const paths = pluginPaths(opts.configDir);
  refuseKnown(await readKnownMarketplaces(paths), name);
  const source = (await suggestedMarketplaces(opts))[name];
  if (!source) {
    const where = opts.trusted ? 'the user or project settings' : 'the user settings (the workspace is not trusted, so its settings do not count)';
    throw new PluginError(`No marketplace named "${name}" is suggested by extraKnownMarketplaces in ${where}.`);
  }
  return addMarketplaceSource(source, { paths, cwd: opts.cwd, ...(opts.now ? { now: opts.now } : {}) });
}

/** A marketplace's git URL; a `url` marketplace is a marketplace.json on the web, not a repository. */
function gitUrlOf(source: MarketplaceSource): string | undefined {
  return source.source === 'git' || source.source === 'github' ? cloneUrl(source) : undefined;
}

function refuseKnown(known: Record<string, KnownMarketplace>, name: string): void {
  if (known[name]) throw new PluginError(`A marketplace named "${name}" is already added; run "codewright plugin marketplace update ${name}" to refresh it.`);
}

/** Every known marketplace, by name. */
export async function listMarketplaces(paths: PluginPaths): Promise<[string, KnownMarketplace][]> {
  return Object.entries(await readKnownMarketplaces(paths)).sort(([a], [b]) => a.localeCompare(b));
}

async function knownEntry(name: string, paths: PluginPaths): Promise<KnownMarketplace> {
  const entry = (await readKnownMarketplaces(paths))[name];
  if (!entry) throw new PluginError(`No marketplace named "${name}" is added; "codewright plugin marketplace list" shows the ones that are.`);
  return entry;
}

/** A known marketplace with its manifest read from where it lives. */
export async function loadMarketplace(name: string, paths: PluginPaths): Promise<LoadedMarketplace> {
  const entry = await knownEntry(name, paths);
  return { name, entry, manifest: await readMarketplaceManifest(entry.installLocation) };
}

/** Whether `dir` is a folder this store made (a clone), which removing the marketplace may delete. */
function isOwnClone(dir: string, paths: PluginPaths): boolean {
  const rel = path.relative(paths.marketplacesDir, dir);
  return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Forgets the marketplace and deletes its clone (a folder marketplace is left where it is). */
export async function removeMarketplace(name: string, paths: PluginPaths): Promise<void> {
  const entry = await knownEntry(name, paths);
  const known = await readKnownMarketplaces(paths);
  delete known[name];
  await writeJsonFile(paths.knownMarketplaces, known);
  if (isOwnClone(entry.installLocation, paths)) await rm(entry.installLocation, { recursive: true, force: true });
}

/** Pulls a git marketplace (a folder one is read as it is); returns the manifest after the update. */
export async function updateMarketplace(name: string, ctx: MarketplaceContext): Promise<LoadedMarketplace> {
  const entry = await knownEntry(name, ctx.paths);
  if (gitUrlOf(entry.source)) await gitOrFail(['pull', '--ff-only'], entry.installLocation, `update the marketplace "${name}"`);
  const manifest = await readMarketplaceManifest(entry.installLocation);
  const updated = { ...entry, lastUpdated: stamp(ctx) };
  const known = await readKnownMarketplaces(ctx.paths);
  await writeJsonFile(ctx.paths.knownMarketplaces, { ...known, [name]: updated });
  return { name, entry: updated, manifest };
}
