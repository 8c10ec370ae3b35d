/**
 * Claude Code's plugin files, so a plugin installed by one is seen by the other (docs/ARCHITECTURE.md,
 * Plugins). Format facts, and where they were confirmed:
 * - `.claude-plugin/marketplace.json`: `{ name, owner: { name, email? }, metadata?: { description?, version?,
 *   pluginRoot? }, plugins: [{ name, source, description?, version?, … }] }`; `source` is a path relative to the
 *   marketplace root (`./plugins/x`) or `{ source: "github", repo }` / `{ source: "git" | "url", url }`
 *   (code.claude.com/docs plugins/marketplace-reference; the marketplace-schema.md of
 *   ivan-magda/claude-code-plugin-template; xsyetopz/claudetto wiki "Claude Code Plugins").
 * - `<config>/plugins/known_marketplaces.json`: `{ "<name>": { source: { source: "github", repo } |
 *   { source: "git", url } | { source: "directory", path }, installLocation, lastUpdated, autoUpdate? } }`;
 *   git marketplaces are cloned to `<config>/plugins/marketplaces/<name>/` (jasonkuhrt managing-marketplaces
 *   skill, DanSnow/skill-manager openspec marketplace-registration spec).
 * - `<config>/plugins/installed_plugins.json`, version 2: `{ version: 2, plugins: { "<name>@<marketplace>":
 *   [{ scope, installPath, version, installedAt, lastUpdated, gitCommitSha?, projectPath?, isLocal? }] } }`;
 *   version 1 kept one object per id (DanSnow/skill-manager plugin-installation spec, claudian's types).
 * - Installed files live in `<config>/plugins/cache/<marketplace>/<plugin>/<version>/`, the version from
 *   plugin.json, else the marketplace entry, else `unknown` (claude-plugins-official commit notes on
 *   copyPluginToVersionedCache; claude-skills-troubleshooting architecture.md).
 * - Settings: `enabledPlugins: { "<name>@<marketplace>": boolean }` and `extraKnownMarketplaces: { "<name>":
 *   { source: <marketplace source> } }` in user, project and local settings (code.claude.com/docs settings and
 *   plugins pages; anthropics/claude-code issue 16870).
 * Unknown keys are kept (loose objects), so rewriting a file Claude Code wrote loses nothing.
 */
import { z } from 'zod';

const nonEmpty = z.string().trim().min(1);

/** Where a marketplace entry's plugin comes from. */
export const pluginSourceSchema = z.union([
  nonEmpty,
  z.looseObject({ source: z.literal('github'), repo: nonEmpty, ref: z.string().optional(), sha: z.string().optional() }),
  z.looseObject({ source: z.enum(['git', 'url']), url: nonEmpty, ref: z.string().optional(), sha: z.string().optional() }),
  z.looseObject({ source: z.string(), path: z.string().optional(), url: z.string().optional(), repo: z.string().optional() }),
]);
export type PluginSource = z.infer<typeof pluginSourceSchema>;

export const marketplacePluginSchema = z.looseObject({
  name: nonEmpty,
  source: pluginSourceSchema,
  description: z.string().optional(),
  version: z.string().optional(),
  strict: z.boolean().optional(),
});
export type MarketplacePlugin = z.infer<typeof marketplacePluginSchema>;

export const marketplaceManifestSchema = z.looseObject({
  name: nonEmpty,
  owner: z.looseObject({ name: nonEmpty, email: z.string().optional() }),
  metadata: z.looseObject({ description: z.string().optional(), version: z.string().optional(), pluginRoot: z.string().optional() }).optional(),
  plugins: z.array(marketplacePluginSchema),
});
export type MarketplaceManifest = z.infer<typeof marketplaceManifestSchema>;

/** Where a marketplace itself comes from (known_marketplaces.json, extraKnownMarketplaces). */
export const marketplaceSourceSchema = z.union([
  z.looseObject({ source: z.literal('directory'), path: nonEmpty }),
  z.looseObject({ source: z.literal('github'), repo: nonEmpty, ref: z.string().optional() }),
  z.looseObject({ source: z.literal('git'), url: nonEmpty, ref: z.string().optional() }),
  z.looseObject({ source: z.literal('url'), url: nonEmpty }),
  z.looseObject({ source: z.literal('file'), path: nonEmpty }),
]);
export type MarketplaceSource = z.infer<typeof marketplaceSourceSchema>;

export const knownMarketplaceSchema = z.looseObject({
  source: marketplaceSourceSchema,
  installLocation: nonEmpty,
  lastUpdated: z.string().optional(),
  autoUpdate: z.boolean().optional(),
});
export type KnownMarketplace = z.infer<typeof knownMarketplaceSchema>;

export const knownMarketplacesSchema = z.record(z.string(), knownMarketplaceSchema);
export type KnownMarketplaces = z.infer<typeof knownMarketplacesSchema>;

export const pluginInstallationSchema = z.looseObject({
  scope: z.string().default('user'),
  installPath: nonEmpty,
  version: z.string().default('unknown'),
  installedAt: z.string().optional(),
  lastUpdated: z.string().optional(),
  gitCommitSha: z.string().optional(),
  projectPath: z.string().optional(),
  isLocal: z.boolean().optional(),
});
export type PluginInstallation = z.infer<typeof pluginInstallationSchema>;

/** Version 2, the one written; version 1 (one installation per id) is read and turned into version 2. */
export const installedPluginsSchema = z.looseObject({
  version: z.number().optional(),
  plugins: z.record(z.string(), z.union([z.array(pluginInstallationSchema), pluginInstallationSchema])),
});
export interface InstalledPlugins {
  version: 2;
  plugins: Record<string, PluginInstallation[]>;
}

/** One `extraKnownMarketplaces` entry: `{ "source": { "source": "github", "repo": "o/r" } }` (git `url`, directory `path`). */
export const extraMarketplaceSchema = z.looseObject({ source: marketplaceSourceSchema, autoUpdate: z.boolean().optional() });
export type ExtraMarketplace = z.infer<typeof extraMarketplaceSchema>;

/** The entries that fit; one that does not (a source kind this version does not know) is left out, not the file. */
function fittingMarketplaces(all: Record<string, unknown>): Record<string, ExtraMarketplace> {
  const out: Record<string, ExtraMarketplace> = {};
  for (const [name, value] of Object.entries(all)) {
    const parsed = extraMarketplaceSchema.safeParse(value);
    if (parsed.success) out[name] = parsed.data;
  }
  return out;
}

export const pluginSettingsSchema = z.looseObject({
  enabledPlugins: z.record(z.string(), z.unknown()).optional(),
  extraKnownMarketplaces: z.record(z.string(), z.unknown()).transform(fittingMarketplaces).optional(),
});
export type PluginSettings = z.infer<typeof pluginSettingsSchema>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses `text` (the file at `file`) with `schema`; a problem becomes one sentence naming the file and key. */
export function parsePluginFile<T>(schema: z.ZodType<T>, text: string, file: string): Parsed<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}.` };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? issue.path.join('.') : 'the top level';
  return { ok: false, error: `${file} is not valid: at ${where}, ${issue.message}.` };
}

/** installed_plugins.json in version 2, whichever version was read. */
export function normalizeInstalled(raw: z.infer<typeof installedPluginsSchema>): InstalledPlugins {
  const plugins: Record<string, PluginInstallation[]> = {};
  for (const [id, entry] of Object.entries(raw.plugins)) plugins[id] = Array.isArray(entry) ? entry : [entry];
  return { ...raw, version: 2, plugins };
}

/** A plugin's id `name@marketplace` split; undefined when it is not of that shape. */
export function parsePluginId(id: string): { name: string; marketplace: string } | undefined {
  const at = id.lastIndexOf('@');
  if (at <= 0 || at === id.length - 1) return undefined;
  return { name: id.slice(0, at), marketplace: id.slice(at + 1) };
}

/** Names safe as one folder: no separators, not `.`/`..`. */
export function isSafeName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && name !== '..';
}
