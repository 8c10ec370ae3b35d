/**
 * Updating an installed plugin as Claude Code does: its marketplace is refreshed first (`git pull` for a git
 * one, marketplaces.ts `updateMarketplace`), then the plugin is fetched again through `prepareInstall`, so the
 * caller shows what the new version runs and asks before `commit`. Committing records the new version and
 * path in installed_plugins.json and deletes the old version's cache folder (installStore.ts `record`).
 */
import { isSafeName, parsePluginId } from '../../../core/engines/marketplaces/schemas';
import { prepareInstall, type PreparedInstall } from './installStore';
import { updateMarketplace, type MarketplaceContext } from './marketplaces';
import { PluginError, readInstalledPlugins } from './pluginFiles';

/** A fetched update, ready to show and commit; `from` is the version installed now. */
export type PreparedUpdate = PreparedInstall & { from?: string };

/** Refreshes the plugin's marketplace and fetches its current version; `id` must be installed (user scope). */
export async function prepareUpdate(id: string, ctx: MarketplaceContext): Promise<PreparedUpdate> {
  const parsed = parsePluginId(id);
  if (!parsed || !isSafeName(parsed.marketplace)) throw new PluginError(`"${id}" is not a plugin id: write it as <plugin>@<marketplace>.`);
  const list = (await readInstalledPlugins(ctx.paths)).plugins[id] ?? [];
  const installed = list.find((i) => i.scope === 'user');
  if (!installed) {
    const why = list.length
      ? `The plugin "${id}" is installed only for a project (scope ${list[0]!.scope}), which Codewright does not update; update it with Claude Code.`
      : `The plugin "${id}" is not installed, so there is nothing to update; install it with "codewright plugin install ${id}".`;
    throw new PluginError(why);
  }
  await updateMarketplace(parsed.marketplace, ctx);
  const prepared = await prepareInstall(id, ctx);
  return { ...prepared, from: installed.version };
}
