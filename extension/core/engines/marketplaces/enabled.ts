/**
 * Which plugins are on: `enabledPlugins` of user `~/.claude/settings.json`, project `.claude/settings.json` and
 * local `.claude/settings.local.json`, the later source winning for an id it names (local over project over
 * user), as in Claude Code. A project's files count only in a trusted workspace: a cloned repository must not
 * switch a plugin (and its hooks) on by itself. Values other than `true`/`false` are ignored.
 */
import { parsePluginId, type MarketplaceSource, type PluginSettings } from './schemas';

export type PluginSettingsScope = 'user' | 'project' | 'local';

export interface PluginSettingsSources {
  user?: PluginSettings;
  project?: PluginSettings;
  local?: PluginSettings;
  /** Whether the workspace is trusted; project and local settings are skipped when it is not. */
  trusted: boolean;
}

export interface PluginEnablement {
  id: string;
  name: string;
  marketplace: string;
  enabled: boolean;
  /** The settings file that decided. */
  scope: PluginSettingsScope;
}

const ORDER: PluginSettingsScope[] = ['user', 'project', 'local'];

function scopesIn(sources: PluginSettingsSources): PluginSettingsScope[] {
  return sources.trusted ? ORDER : ['user'];
}

/** Every id some settings file names, with its resolved state, sorted by id. */
export function resolvePluginEnablement(sources: PluginSettingsSources): PluginEnablement[] {
  const out = new Map<string, PluginEnablement>();
  for (const scope of scopesIn(sources)) {
    for (const [id, value] of Object.entries(sources[scope]?.enabledPlugins ?? {})) {
      const parsed = parsePluginId(id);
      if (!parsed || typeof value !== 'boolean') continue;
      out.set(id, { id, ...parsed, enabled: value, scope });
    }
  }
  return [...out.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** The ids that are on. */
export function enabledPluginIds(sources: PluginSettingsSources): string[] {
  return resolvePluginEnablement(sources)
    .filter((p) => p.enabled)
    .map((p) => p.id);
}

/** `extraKnownMarketplaces` of the settings that count, the later source winning for a name. */
export function extraKnownMarketplaces(sources: PluginSettingsSources): Record<string, MarketplaceSource> {
  const out: Record<string, MarketplaceSource> = {};
  for (const scope of scopesIn(sources)) {
    for (const [name, entry] of Object.entries(sources[scope]?.extraKnownMarketplaces ?? {})) out[name] = entry.source;
  }
  return out;
}

/** The settings object with `id` switched on or off, every other key kept. */
export function withPluginEnabled(settings: Record<string, unknown>, id: string, enabled: boolean): Record<string, unknown> {
  const current = settings.enabledPlugins;
  const plugins = current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
  return { ...settings, enabledPlugins: { ...plugins, [id]: enabled } };
}

/** The settings object without `id` in `enabledPlugins` (after an uninstall). */
export function withoutPlugin(settings: Record<string, unknown>, id: string): Record<string, unknown> {
  const current = settings.enabledPlugins;
  if (!current || typeof current !== 'object' || Array.isArray(current) || !(id in current)) return settings;
  const rest = { ...(current as Record<string, unknown>) };
  delete rest[id];
  return { ...settings, enabledPlugins: rest };
}
