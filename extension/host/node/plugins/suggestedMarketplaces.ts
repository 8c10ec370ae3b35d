/**
 * Marketplaces the settings suggest, as in Claude Code: `extraKnownMarketplaces: { "<name>": { "source": {
 * "source": "github", "repo": "o/r" } } }` (or `git` with `url`, `directory` with `path`) in the user settings
 * and, in a trusted workspace, the project's `.claude/settings.json` and `.claude/settings.local.json` (the
 * later file wins a name). The /plugin catalog lists the ones not added yet, and `plugin marketplace add
 * <name>` adds one by its name (marketplaces.ts `addSuggestedMarketplace`). A relative folder is relative to
 * the workspace.
 */
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { extraKnownMarketplaces } from '../../../core/engines/marketplaces/enabled';
import { isSafeName, type MarketplaceSource } from '../../../core/engines/marketplaces/schemas';
import { readPluginSettings } from './pluginSettings';

export interface SuggestionOptions {
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude`. */
  configDir: string;
  /** The project whose `.claude/settings*.json` count when `trusted`; relative folders start here. */
  workspaceRoot?: string;
  trusted: boolean;
}

/** A directory source's path made absolute (`~/` is the home folder), so it compares with the added ones. */
function resolveSource(source: MarketplaceSource, base: string): MarketplaceSource {
  if (source.source !== 'directory' && source.source !== 'file') return source;
  const p = source.path.startsWith('~/') ? path.join(homedir(), source.path.slice(2)) : source.path;
  return { ...source, path: path.resolve(base, p) };
}

/** Every marketplace the settings that count suggest, by name, added or not. */
export async function suggestedMarketplaces(opts: SuggestionOptions): Promise<Record<string, MarketplaceSource>> {
  const sources = await readPluginSettings({ configDir: opts.configDir, trusted: opts.trusted, ...(opts.workspaceRoot ? { workspaceRoot: opts.workspaceRoot } : {}) });
  const base = opts.workspaceRoot ?? opts.configDir;
  const out: Record<string, MarketplaceSource> = {};
  for (const [name, source] of Object.entries(extraKnownMarketplaces(sources))) out[name] = resolveSource(source, base);
  return out;
}

const isPathLike = (arg: string) => arg.includes('/') || arg.includes('\\') || arg.startsWith('.') || arg.startsWith('~');

/**
 * Whether `marketplace add <arg>` means a suggested marketplace: a bare name (no `/`, so neither `owner/repo`
 * nor a path) that is not a folder or file in `cwd`, and that the settings suggest.
 */
export async function isSuggestedName(arg: string, opts: SuggestionOptions & { cwd: string }): Promise<boolean> {
  if (isPathLike(arg) || !isSafeName(arg)) return false;
  if (await stat(path.resolve(opts.cwd, arg)).catch(() => undefined)) return false;
  return Object.hasOwn(await suggestedMarketplaces(opts), arg);
}
