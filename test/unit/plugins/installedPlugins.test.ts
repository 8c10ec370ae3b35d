/**
 * The installed plugins as the VS Code host loads them (host/node/plugins/installedPlugins.ts): trusted, the
 * project's `enabledPlugins` count and every part loads; untrusted, only the user-enabled plugins load and
 * without their hooks and MCP servers. An enabled plugin that is not installed is a config problem.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMarketplace } from '../../../extension/host/node/plugins/marketplaces';
import { prepareInstall } from '../../../extension/host/node/plugins/installStore';
import { loadInstalledPlugins } from '../../../extension/host/node/plugins/installedPlugins';
import { enabledPluginRoots, setPluginEnabled } from '../../../extension/host/node/plugins/pluginSettings';
import { copyMarketplace, freshConfig, tempDir } from './marketplaceFixture';

async function install(id: string, ctx: Parameters<typeof prepareInstall>[1]): Promise<void> {
  const prepared = await prepareInstall(id, ctx);
  try {
    await prepared.commit();
  } finally {
    await prepared.dispose();
  }
}

describe('installed plugins for the VS Code host', () => {
  it('loads user-enabled plugins everywhere, project-enabled ones and all hooks only when trusted', async () => {
    const paths = freshConfig();
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    await addMarketplace(copyMarketplace().dir, ctx);
    await install('greet@cw-fixtures', ctx);
    await install('audit-log@cw-fixtures', ctx);
    await setPluginEnabled(paths, 'audit-log@cw-fixtures', false);
    const ws = tempDir('cw-ws-');
    mkdirSync(path.join(ws, '.claude'));
    writeFileSync(path.join(ws, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'audit-log@cw-fixtures': true, 'gone@cw-fixtures': true } }));
    const where = { configDir: paths.configDir, workspaceRoot: ws, env: {} };

    const trusted = await loadInstalledPlugins({ ...where, trusted: true });
    expect(trusted.plugins.map((p) => p.name)).toEqual(['audit-log', 'greet']);
    expect(trusted.commands.map((c) => c.name)).toEqual(['greet:greet']);
    expect(trusted.hooks.length).toBeGreaterThan(0);
    expect(trusted.problems).toEqual([{ kind: 'plugin', path: paths.userSettings, line: 0, message: 'the plugin gone@cw-fixtures is enabled but not installed; skipped' }]);

    const untrusted = await loadInstalledPlugins({ ...where, trusted: false });
    expect(untrusted.plugins.map((p) => p.name)).toEqual(['greet']);
    expect(untrusted.commands.map((c) => c.name)).toEqual(['greet:greet']);
    expect(untrusted.problems).toEqual([]);

    // Enabled by the user: the plugin loads untrusted, but its hooks wait for trust.
    await setPluginEnabled(paths, 'audit-log@cw-fixtures', true);
    const user = await loadInstalledPlugins({ ...where, trusted: false });
    expect(user.plugins.map((p) => p.name)).toEqual(['audit-log', 'greet']);
    expect(user.hooks).toEqual([]);
    expect(user.mcpServers).toEqual([]);
  });

  it('reads only the settings files --setting-sources names', async () => {
    const paths = freshConfig();
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    await addMarketplace(copyMarketplace().dir, ctx);
    await install('greet@cw-fixtures', ctx);
    expect(await enabledPluginRoots({ configDir: paths.configDir, trusted: true, sources: ['project', 'local'] })).toEqual([]);
    expect(await enabledPluginRoots({ configDir: paths.configDir, trusted: true, sources: ['user'] })).toHaveLength(1);
  });
});
