/**
 * Where Claude Code keeps plugins, and reading and writing its JSON files there (the formats:
 * core/engines/marketplaces/schemas.ts). The config folder is `$CLAUDE_CONFIG_DIR`, else `~/.claude`, as in
 * Claude Code; the user settings file is `<config>/settings.json`. Writes go through a temporary file and a
 * rename, so a reader never sees half a file.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import {
  installedPluginsSchema,
  knownMarketplacesSchema,
  normalizeInstalled,
  parsePluginFile,
  type InstalledPlugins,
  type KnownMarketplaces,
} from '../../../core/engines/marketplaces/schemas';

/** The folders and files the plugin commands work on. */
export interface PluginPaths {
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude`. */
  configDir: string;
  pluginsDir: string;
  knownMarketplaces: string;
  installedPlugins: string;
  /** Git marketplaces are cloned under here, one folder per marketplace name. */
  marketplacesDir: string;
  /** Installed plugins: `<cache>/<marketplace>/<plugin>/<version>/`. */
  cacheDir: string;
  userSettings: string;
}

export function claudeConfigDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const dir = env.CLAUDE_CONFIG_DIR?.trim();
  return dir ? path.resolve(dir) : path.join(home, '.claude');
}

export function pluginPaths(configDir: string = claudeConfigDir()): PluginPaths {
  const pluginsDir = path.join(configDir, 'plugins');
  return {
    configDir,
    pluginsDir,
    knownMarketplaces: path.join(pluginsDir, 'known_marketplaces.json'),
    installedPlugins: path.join(pluginsDir, 'installed_plugins.json'),
    marketplacesDir: path.join(pluginsDir, 'marketplaces'),
    cacheDir: path.join(pluginsDir, 'cache'),
    userSettings: path.join(configDir, 'settings.json'),
  };
}

/** The file's text, or undefined when it does not exist. */
export async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export class PluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginError';
  }
}

/** The file parsed with `schema`, `empty` when it does not exist; a broken file throws a PluginError. */
export async function readJsonFile<T>(file: string, schema: z.ZodType<T>, empty: T): Promise<T> {
  const text = await readText(file);
  if (text === undefined || !text.trim()) return empty;
  const parsed = parsePluginFile(schema, text, file);
  if (!parsed.ok) throw new PluginError(parsed.error);
  return parsed.value;
}

export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
  await rename(tmp, file);
}

export function readKnownMarketplaces(paths: PluginPaths): Promise<KnownMarketplaces> {
  return readJsonFile(paths.knownMarketplaces, knownMarketplacesSchema, {});
}

export async function readInstalledPlugins(paths: PluginPaths): Promise<InstalledPlugins> {
  return normalizeInstalled(await readJsonFile(paths.installedPlugins, installedPluginsSchema, { version: 2, plugins: {} }));
}

/** A settings file as a plain object (every key kept); `{}` when absent. */
export async function readSettingsObject(file: string): Promise<Record<string, unknown>> {
  const text = await readText(file);
  if (text === undefined || !text.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PluginError(`${file} is not valid JSON; fix it before changing plugins.`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new PluginError(`${file} does not hold a JSON object.`);
  return json as Record<string, unknown>;
}
