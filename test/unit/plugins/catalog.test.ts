/**
 * The /plugin catalog (host/node/plugins/catalog.ts) against the fixture marketplace and a temp config folder:
 * marketplaces with their sources, the ones the settings suggest, plugins offered and installed with their
 * state and what they add, and a row's `error` when its folder is missing or does not load.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogText } from '../../../extension/core/loop/commands/builtins/plugin';
import { buildPluginCatalog } from '../../../extension/host/node/plugins/catalog';
import { prepareInstall } from '../../../extension/host/node/plugins/installStore';
import { addMarketplace, removeMarketplace } from '../../../extension/host/node/plugins/marketplaces';
import { setPluginEnabled } from '../../../extension/host/node/plugins/pluginSettings';
import { copyMarketplace, freshConfig, tempDir } from './marketplaceFixture';

const EVERYTHING = path.resolve(__dirname, '../../fixtures/plugins/everything');

async function install(id: string, ctx: Parameters<typeof prepareInstall>[1]): Promise<string> {
  const prepared = await prepareInstall(id, ctx);
  try {
    return (await prepared.commit()).installPath;
  } finally {
    await prepared.dispose();
  }
}

/** Rewrites the marketplace's manifest with `change` applied to its plugin list. */
function editPlugins(dir: string, change: (plugins: unknown[]) => unknown[]): void {
  const file = path.join(dir, '.claude-plugin', 'marketplace.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { plugins: unknown[] };
  writeFileSync(file, JSON.stringify({ ...manifest, plugins: change(manifest.plugins) }));
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

describe('buildPluginCatalog', () => {
  it('lists a marketplace, its plugins with state and contributions, and the settings that enable them', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    await addMarketplace(dir, ctx);
    await install('greet@cw-fixtures', ctx);
    const ws = tempDir('cw-ws-');
    writeJson(path.join(ws, '.claude', 'settings.json'), { enabledPlugins: { 'audit-log@cw-fixtures': true } });

    const catalog = await buildPluginCatalog({ configDir: paths.configDir, workspaceRoot: ws, trusted: true, env: {} });
    expect(catalog.trusted).toBe(true);
    expect(catalog.marketplaces).toEqual([{ name: 'cw-fixtures', source: dir, path: dir, plugins: 2, lastUpdated: expect.stringMatching(/^\d{4}-/) as string }]);
    const empty = { commands: [], agents: [], skills: [], hooks: [], mcpServers: [], outputStyles: [] };
    expect(catalog.plugins).toEqual([
      {
        id: 'greet@cw-fixtures',
        name: 'greet',
        marketplace: 'cw-fixtures',
        description: 'A /greet command',
        version: '1.0.0',
        installed: true,
        installedVersion: '1.0.0',
        enabled: true,
        enabledBy: 'user',
        contributes: { ...empty, commands: ['/greet:greet'] },
      },
      {
        id: 'audit-log@cw-fixtures',
        name: 'audit-log',
        marketplace: 'cw-fixtures',
        description: 'Logs each Bash command',
        version: '0.9.0',
        installed: false,
        enabled: true,
        enabledBy: 'project',
        contributes: { ...empty, hooks: ['PreToolUse: echo bash >> "${CLAUDE_PLUGIN_ROOT}/audit.log"'] },
      },
    ]);

    await setPluginEnabled(paths, 'greet@cw-fixtures', false);
    const untrusted = await buildPluginCatalog({ configDir: paths.configDir, workspaceRoot: ws, trusted: false, env: {} });
    expect(untrusted.plugins.map((p) => [p.id, p.enabled, p.enabledBy ?? null])).toEqual([
      ['greet@cw-fixtures', false, 'user'],
      ['audit-log@cw-fixtures', false, null],
    ]);
    expect(catalogText(untrusted)).toContain('greet@cw-fixtures  disabled, 1.0.0 — A /greet command\n    adds: commands /greet:greet');
  });

  it('names every kind of contribution of a folder plugin, read without installing it', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    const plugin = path.join(dir, 'plugins', 'everything');
    cpSync(EVERYTHING, plugin, { recursive: true });
    mkdirSync(path.join(plugin, 'output-styles'));
    writeFileSync(path.join(plugin, 'output-styles', 'brief.md'), '---\ndescription: Short answers\n---\nBe brief.\n');
    editPlugins(dir, (plugins) => [...plugins, { name: 'everything', source: './plugins/everything' }]);
    await addMarketplace(dir, { paths, cwd: dir });

    const catalog = await buildPluginCatalog({ configDir: paths.configDir, trusted: true, env: {} });
    const everything = catalog.plugins.find((p) => p.id === 'everything@cw-fixtures')!;
    expect(everything).toMatchObject({ installed: false, version: '0.1.0', description: 'Every kind of plugin component' });
    expect(everything.error).toBeUndefined();
    expect(everything.contributes).toEqual({
      commands: ['/everything:deploy', '/everything:hello'],
      agents: ['everything:auditor'],
      skills: ['everything:greeting'],
      hooks: ['PreToolUse: node "${CLAUDE_PLUGIN_ROOT}/hooks/block.js"'],
      mcpServers: ['plugin:everything:fixture'],
      // The fixture may name styles of its own (plugin.json `outputStyles`); the default folder's is there too.
      outputStyles: expect.arrayContaining(['everything:brief']) as string[],
    });
  });

  it('suggests the extraKnownMarketplaces not added yet, the project ones only when trusted', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    await addMarketplace(dir, { paths, cwd: dir });
    const ws = tempDir('cw-ws-');
    writeJson(paths.userSettings, {
      extraKnownMarketplaces: {
        mine: { source: { source: 'git', url: 'https://example.com/mine.git' } },
        'same-folder': { source: { source: 'directory', path: dir } },
        future: { source: { source: 'npm', package: 'x' } },
      },
    });
    writeJson(path.join(ws, '.claude', 'settings.json'), { extraKnownMarketplaces: { team: { source: { source: 'github', repo: 'acme/plugins' } } } });
    writeJson(path.join(ws, '.claude', 'settings.local.json'), { extraKnownMarketplaces: { local: { source: { source: 'directory', path: './vendor/market' } } } });

    const trusted = await buildPluginCatalog({ configDir: paths.configDir, workspaceRoot: ws, trusted: true, env: {} });
    expect(trusted.marketplaces.map((m) => [m.name, m.source, m.suggested ?? false])).toEqual([
      ['cw-fixtures', dir, false],
      ['local', path.join(ws, 'vendor', 'market'), true],
      ['mine', 'https://example.com/mine.git', true],
      ['team', 'github:acme/plugins', true],
    ]);
    expect(trusted.marketplaces.find((m) => m.name === 'team')).toEqual({ name: 'team', source: 'github:acme/plugins', path: '', plugins: 0, suggested: true });
    const untrusted = await buildPluginCatalog({ configDir: paths.configDir, workspaceRoot: ws, trusted: false, env: {} });
    expect(untrusted.marketplaces.map((m) => m.name)).toEqual(['cw-fixtures', 'mine']);
    expect(catalogText(untrusted)).toContain('Marketplace mine (suggested by the workspace settings, not added): https://example.com/mine.git');
  });

  it('says why a marketplace or a plugin cannot be read, and keeps installed plugins of a removed marketplace', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    const ctx = { paths, cwd: dir };
    await addMarketplace(dir, ctx);
    const greetPath = await install('greet@cw-fixtures', ctx);
    const auditPath = await install('audit-log@cw-fixtures', ctx);
    rmSync(greetPath, { recursive: true });
    writeFileSync(path.join(dir, 'plugins', 'audit-log', '.claude-plugin', 'plugin.json'), '{ "name": ');
    editPlugins(dir, (plugins) => [
      ...plugins,
      { name: 'gone', source: './plugins/gone' },
      { name: 'remote', source: { source: 'github', repo: 'acme/remote' }, version: '2.0.0' },
    ]);

    const catalog = await buildPluginCatalog({ configDir: paths.configDir, trusted: true, env: {} });
    const byId = new Map(catalog.plugins.map((p) => [p.id, p]));
    expect(byId.get('greet@cw-fixtures')).toMatchObject({ installed: true, error: `its installed folder ${greetPath} is missing; reinstall it with "codewright plugin install greet@cw-fixtures"` });
    expect(byId.get('greet@cw-fixtures')!.contributes).toBeUndefined();
    // The installed copy still loads; the marketplace's broken copy is only the version it cannot offer.
    expect(byId.get('audit-log@cw-fixtures')).toMatchObject({ installed: true, installedVersion: '0.9.0', contributes: { hooks: [expect.stringContaining('PreToolUse: echo bash')] } });
    expect(byId.get('gone@cw-fixtures')).toMatchObject({ installed: false, error: `its folder ${path.join(dir, 'plugins', 'gone')} is missing from the marketplace "cw-fixtures"` });
    expect(byId.get('remote@cw-fixtures')).toEqual({ id: 'remote@cw-fixtures', name: 'remote', marketplace: 'cw-fixtures', version: '2.0.0', installed: false, enabled: false });

    rmSync(path.join(auditPath, '.claude-plugin', 'plugin.json'));
    writeFileSync(path.join(auditPath, '.claude-plugin', 'plugin.json'), '{ "name": "audit log" }');
    await removeMarketplace('cw-fixtures', paths);
    const orphaned = await buildPluginCatalog({ configDir: paths.configDir, trusted: true, env: {} });
    expect(orphaned.marketplaces).toEqual([]);
    expect(orphaned.plugins.map((p) => p.id)).toEqual(['audit-log@cw-fixtures', 'greet@cw-fixtures']);
    expect(orphaned.plugins[0]).toMatchObject({ marketplace: 'cw-fixtures', installed: true, enabled: true, error: expect.stringMatching(/plugin\.json:1: name: name must be kebab-case/) as string });
    expect(catalogText(orphaned)).toMatch(/^No marketplaces are added\.[^\n]*\nInstalled from marketplaces no longer added:\n {2}audit-log@cw-fixtures {2}enabled, 0\.9\.0\n {4}problem: /);
  });

  it('marks a marketplace whose folder is gone with the reason', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    await addMarketplace(dir, { paths, cwd: dir });
    rmSync(dir, { recursive: true });
    const catalog = await buildPluginCatalog({ configDir: paths.configDir, trusted: true, env: {} });
    expect(catalog.marketplaces).toEqual([
      expect.objectContaining({ name: 'cw-fixtures', path: dir, plugins: 0, error: `${dir} has no ${path.join('.claude-plugin', 'marketplace.json')}, so it is not a plugin marketplace.` }),
    ]);
    expect(catalog.plugins).toEqual([]);
  });
});
