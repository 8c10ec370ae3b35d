import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMarketplace, listMarketplaces, loadMarketplace, removeMarketplace, updateMarketplace } from '../../../extension/host/node/plugins/marketplaces';
import { listInstalled, prepareInstall, uninstallPlugin } from '../../../extension/host/node/plugins/installStore';
import { enabledPluginRoots, setPluginEnabled } from '../../../extension/host/node/plugins/pluginSettings';
import { previewLines, previewPlugin } from '../../../extension/host/node/plugins/pluginPreview';
import { gitIn, stubGitEnv } from '../host/node/gitRepo';
import { copyMarketplace, freshConfig, tempDir } from './marketplaceFixture';

interface Json {
  [key: string]: Json | Json[] | string | number | boolean | null;
}
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

async function install(id: string, ctx: Parameters<typeof prepareInstall>[1]) {
  const prepared = await prepareInstall(id, ctx);
  try {
    return { preview: prepared.preview, installation: await prepared.commit() };
  } finally {
    await prepared.dispose();
  }
}

describe('plugin marketplaces and installs on disk', () => {
  stubGitEnv();

  it('adds a folder marketplace where it is, installs, enables and uninstalls a plugin', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    const ctx = { paths, cwd: path.dirname(dir) };
    const added = await addMarketplace('./market', ctx);
    expect(added.name).toBe('cw-fixtures');
    expect(json(paths.knownMarketplaces)['cw-fixtures']).toMatchObject({ source: { source: 'directory', path: dir }, installLocation: dir });
    await expect(addMarketplace(dir, ctx)).rejects.toThrow(/already added/);

    writeFileSync(paths.userSettings, JSON.stringify({ model: 'opus' }));
    const { installation } = await install('greet@cw-fixtures', ctx);
    expect(installation.installPath).toBe(path.join(paths.cacheDir, 'cw-fixtures', 'greet', '1.0.0'));
    expect(existsSync(path.join(installation.installPath, 'commands', 'greet.md'))).toBe(true);
    expect(json(paths.installedPlugins)).toMatchObject({ version: 2, plugins: { 'greet@cw-fixtures': [{ scope: 'user', version: '1.0.0', isLocal: true }] } });
    expect(json(paths.userSettings)).toEqual({ model: 'opus', enabledPlugins: { 'greet@cw-fixtures': true } });
    expect(await enabledPluginRoots({ configDir: paths.configDir, trusted: true })).toEqual([installation.installPath]);

    await setPluginEnabled(paths, 'greet@cw-fixtures', false);
    expect(await enabledPluginRoots({ configDir: paths.configDir, trusted: true })).toEqual([]);
    await setPluginEnabled(paths, 'greet@cw-fixtures', true);

    await uninstallPlugin('greet@cw-fixtures', paths);
    expect(existsSync(installation.installPath)).toBe(false);
    expect(json(paths.installedPlugins).plugins).toEqual({});
    expect(json(paths.userSettings)).toEqual({ model: 'opus', enabledPlugins: {} });
    await expect(uninstallPlugin('greet@cw-fixtures', paths)).rejects.toThrow('The plugin "greet@cw-fixtures" is not installed.');

    await removeMarketplace('cw-fixtures', paths);
    expect(await listMarketplaces(paths)).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  });

  it('clones a git marketplace, installs the hook plugin with its preview, and pulls updates', async () => {
    const paths = freshConfig();
    const { dir, url } = copyMarketplace({ git: true });
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    const added = await addMarketplace(url, ctx);
    const clone = path.join(paths.marketplacesDir, 'cw-fixtures');
    expect(added.entry).toMatchObject({ source: { source: 'git', url }, installLocation: clone });

    const { preview, installation } = await install('audit-log@cw-fixtures', ctx);
    expect(preview.hooks).toEqual([{ event: 'PreToolUse', command: 'echo bash >> "${CLAUDE_PLUGIN_ROOT}/audit.log"' }]);
    expect(previewLines('audit-log@cw-fixtures', preview).join('\n')).toMatch(/runs these hook commands:\n {2}PreToolUse: echo bash/);
    expect(installation.version).toBe('0.9.0');
    expect(installation.gitCommitSha).toMatch(/^[0-9a-f]{40}$/);

    const manifestFile = path.join(dir, '.claude-plugin', 'marketplace.json');
    const manifest = json(manifestFile);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, plugins: [...(manifest.plugins as Json[]), { name: 'third', source: './plugins/greet' }] }));
    gitIn(dir, 'commit', '-qam', 'third');
    expect((await updateMarketplace('cw-fixtures', ctx)).manifest.plugins.map((p) => p.name)).toContain('third');
    expect((await loadMarketplace('cw-fixtures', paths)).manifest.plugins).toHaveLength(3);

    await removeMarketplace('cw-fixtures', paths);
    expect(existsSync(clone)).toBe(false);
  }, 30_000);

  it('refuses what is not a marketplace, an unknown plugin and a source outside the marketplace', async () => {
    const paths = freshConfig();
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    await expect(addMarketplace(ctx.cwd, ctx)).rejects.toThrow(/has no .claude-plugin.marketplace\.json, so it is not a plugin marketplace\./);
    await expect(addMarketplace('./nope/nope/nope', ctx)).rejects.toThrow(/is neither a folder, a git URL nor a GitHub owner\/repo\./);
    await expect(prepareInstall('greet@none', ctx)).rejects.toThrow(/No marketplace named "none"/);
    await expect(prepareInstall('greet', ctx)).rejects.toThrow(/not a plugin id/);
    const { dir } = copyMarketplace();
    const file = path.join(dir, '.claude-plugin', 'marketplace.json');
    writeFileSync(file, JSON.stringify({ ...json(file), plugins: [{ name: 'evil', source: '../../etc' }] }));
    await addMarketplace(dir, ctx);
    await expect(prepareInstall('missing@cw-fixtures', ctx)).rejects.toThrow(/has no plugin named "missing"/);
    await expect(prepareInstall('evil@cw-fixtures', ctx)).rejects.toThrow(/points outside the marketplace/);
  });

  it('reads MCP servers from plugin.json and .mcp.json for the preview', async () => {
    const root = tempDir('cw-plugin-');
    mkdirSync(path.join(root, '.claude-plugin'));
    writeFileSync(path.join(root, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'p', version: '2.0.0', mcpServers: { db: { command: 'db-server', args: ['--ro'] } }, hooks: './extra-hooks.json' }));
    writeFileSync(path.join(root, 'extra-hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] } }));
    writeFileSync(path.join(root, '.mcp.json'), JSON.stringify({ mcpServers: { web: { url: 'https://mcp.example.com' } } }));
    expect(await previewPlugin(root)).toEqual({
      version: '2.0.0',
      hooks: [{ event: 'Stop', command: 'say done' }],
      mcpServers: [
        { name: 'db', command: 'db-server --ro' },
        { name: 'web', command: 'https://mcp.example.com' },
      ],
    });
  });

  it('finds enabled roots from project settings only when trusted, and lists installs', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    await addMarketplace(dir, ctx);
    const { installation } = await install('greet@cw-fixtures', ctx);
    await setPluginEnabled(paths, 'greet@cw-fixtures', false);
    const ws = tempDir('cw-ws-');
    mkdirSync(path.join(ws, '.claude'));
    writeFileSync(path.join(ws, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'greet@cw-fixtures': true, 'gone@cw-fixtures': true } }));
    expect(await enabledPluginRoots({ configDir: paths.configDir, workspaceRoot: ws, trusted: true })).toEqual([installation.installPath]);
    expect(await enabledPluginRoots({ configDir: paths.configDir, workspaceRoot: ws, trusted: false })).toEqual([]);
    expect((await listInstalled(paths)).map((p) => p.id)).toEqual(['greet@cw-fixtures']);
  });
});
