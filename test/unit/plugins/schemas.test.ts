import { describe, expect, it } from 'vitest';
import {
  installedPluginsSchema,
  knownMarketplacesSchema,
  marketplaceManifestSchema,
  normalizeInstalled,
  parsePluginFile,
  parsePluginId,
} from '../../../extension/core/engines/marketplaces/schemas';
import { enabledPluginIds, extraKnownMarketplaces, resolvePluginEnablement, withoutPlugin, withPluginEnabled } from '../../../extension/core/engines/marketplaces/enabled';

describe('plugin file schemas', () => {
  it('reads a marketplace.json with relative and git sources, keeping unknown keys', () => {
    const text = JSON.stringify({
      name: 'team',
      owner: { name: 'Team' },
      extra: 1,
      plugins: [
        { name: 'a', source: './plugins/a', category: 'x' },
        { name: 'b', source: { source: 'github', repo: 'o/b' } },
        { name: 'c', source: { source: 'url', url: 'https://example.com/c.git' } },
      ],
    });
    const parsed = parsePluginFile(marketplaceManifestSchema, text, 'm.json');
    expect(parsed.ok && parsed.value.plugins.map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(parsed.ok && (parsed.value as Record<string, unknown>).extra).toBe(1);
  });

  it('says in a sentence what is wrong', () => {
    expect(parsePluginFile(marketplaceManifestSchema, '{"name":"x","plugins":[]}', 'm.json')).toEqual({ ok: false, error: expect.stringMatching(/^m\.json is not valid: at owner, .+\.$/) });
    expect(parsePluginFile(marketplaceManifestSchema, '{', 'm.json')).toEqual({ ok: false, error: expect.stringMatching(/^m\.json is not valid JSON/) });
  });

  it('reads known_marketplaces.json and both versions of installed_plugins.json', () => {
    const known = knownMarketplacesSchema.parse({ m: { source: { source: 'git', url: 'https://x/y.git' }, installLocation: '/c/plugins/marketplaces/m', lastUpdated: 'now' } });
    expect(known.m!.installLocation).toBe('/c/plugins/marketplaces/m');
    const v1 = normalizeInstalled(installedPluginsSchema.parse({ version: 1, plugins: { 'a@m': { installPath: '/p', version: '1' } } }));
    expect(v1).toEqual({ version: 2, plugins: { 'a@m': [{ scope: 'user', installPath: '/p', version: '1' }] } });
    const v2 = normalizeInstalled(installedPluginsSchema.parse({ version: 2, plugins: { 'a@m': [{ scope: 'project', installPath: '/p', version: '1', projectPath: '/w' }] } }));
    expect(v2.plugins['a@m']![0]!.projectPath).toBe('/w');
  });

  it('splits plugin ids', () => {
    expect(parsePluginId('a@m')).toEqual({ name: 'a', marketplace: 'm' });
    expect(parsePluginId('@scope/a@m')).toEqual({ name: '@scope/a', marketplace: 'm' });
    expect(parsePluginId('a')).toBeUndefined();
    expect(parsePluginId('a@')).toBeUndefined();
  });
});

describe('which plugins are enabled', () => {
  const user = { enabledPlugins: { 'a@m': true, 'b@m': true, 'c@m': false, bad: true, 'd@m': 'yes' } };
  const project = { enabledPlugins: { 'b@m': false, 'c@m': true }, extraKnownMarketplaces: { team: { source: { source: 'github' as const, repo: 'o/r' } } } };
  const local = { enabledPlugins: { 'b@m': true, 'e@m': true } };

  it('local beats project beats user in a trusted workspace', () => {
    expect(enabledPluginIds({ user, project, local, trusted: true })).toEqual(['a@m', 'b@m', 'c@m', 'e@m']);
    expect(resolvePluginEnablement({ user, project, trusted: true }).find((p) => p.id === 'b@m')).toMatchObject({ enabled: false, scope: 'project' });
    expect(extraKnownMarketplaces({ user, project, trusted: true })).toEqual({ team: { source: 'github', repo: 'o/r' } });
  });

  it('counts only user settings in an untrusted workspace', () => {
    expect(enabledPluginIds({ user, project, local, trusted: false })).toEqual(['a@m', 'b@m']);
    expect(extraKnownMarketplaces({ user, project, trusted: false })).toEqual({});
  });

  it('edits enabledPlugins keeping every other key', () => {
    const on = withPluginEnabled({ model: 'x', enabledPlugins: { 'z@m': false } }, 'a@m', true);
    expect(on).toEqual({ model: 'x', enabledPlugins: { 'z@m': false, 'a@m': true } });
    expect(withoutPlugin(on, 'a@m')).toEqual({ model: 'x', enabledPlugins: { 'z@m': false } });
  });
});
