/**
 * Updating an installed plugin (host/node/plugins/pluginUpdate.ts and `codewright plugin update`): the git
 * marketplace is pulled, the new version fetched and previewed, and once committed installed_plugins.json
 * names the new version and folder and the old folder is gone.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPluginCatalog } from '../../../extension/host/node/plugins/catalog';
import { prepareInstall } from '../../../extension/host/node/plugins/installStore';
import { addMarketplace } from '../../../extension/host/node/plugins/marketplaces';
import { prepareUpdate } from '../../../extension/host/node/plugins/pluginUpdate';
import { runCli } from '../cli/cliHarness';
import { GIT_ENV, gitIn, stubGitEnv } from '../host/node/gitRepo';
import { copyMarketplace, freshConfig, tempDir } from './marketplaceFixture';

/** In the marketplace repository: greet becomes 1.1.0 with a second command, committed. */
function bumpGreet(dir: string): void {
  const greet = path.join(dir, 'plugins', 'greet');
  writeFileSync(path.join(greet, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'greet', version: '1.1.0', description: 'A /greet command' }));
  writeFileSync(path.join(greet, 'commands', 'wave.md'), '---\ndescription: Wave\n---\nWave at $ARGUMENTS.\n');
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-qm', 'greet 1.1.0');
}

const installedEntry = (file: string, id: string) => (JSON.parse(readFileSync(file, 'utf8')) as { plugins: Record<string, { version: string; installPath: string }[]> }).plugins[id]![0]!;

describe('plugin update', () => {
  stubGitEnv();

  it('pulls the marketplace, previews the new version, and replaces the installed one on commit', async () => {
    const paths = freshConfig();
    const { dir, url } = copyMarketplace({ git: true });
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    await addMarketplace(url, ctx);
    const first = await prepareInstall('greet@cw-fixtures', ctx);
    const old = (await first.commit()).installPath;
    await first.dispose();
    bumpGreet(dir);

    const prepared = await prepareUpdate('greet@cw-fixtures', ctx);
    try {
      expect(prepared.from).toBe('1.0.0');
      expect(prepared.preview.version).toBe('1.1.0');
      const installation = await prepared.commit();
      expect(installation.installPath).toBe(path.join(paths.cacheDir, 'cw-fixtures', 'greet', '1.1.0'));
    } finally {
      await prepared.dispose();
    }
    expect(installedEntry(paths.installedPlugins, 'greet@cw-fixtures')).toMatchObject({ version: '1.1.0', installPath: path.join(paths.cacheDir, 'cw-fixtures', 'greet', '1.1.0') });
    expect(existsSync(old)).toBe(false);
    const catalog = await buildPluginCatalog({ configDir: paths.configDir, trusted: true, env: {} });
    expect(catalog.plugins.find((p) => p.id === 'greet@cw-fixtures')).toMatchObject({ version: '1.1.0', installedVersion: '1.1.0', contributes: { commands: ['/greet:greet', '/greet:wave'] } });
  }, 30_000);

  it('refuses an id that is not installed, or not an id, in a sentence', async () => {
    const paths = freshConfig();
    const ctx = { paths, cwd: tempDir('cw-cwd-') };
    await addMarketplace(copyMarketplace().dir, ctx);
    await expect(prepareUpdate('greet@cw-fixtures', ctx)).rejects.toThrow(
      'The plugin "greet@cw-fixtures" is not installed, so there is nothing to update; install it with "codewright plugin install greet@cw-fixtures".',
    );
    await expect(prepareUpdate('greet', ctx)).rejects.toThrow('"greet" is not a plugin id: write it as <plugin>@<marketplace>.');
  });
});

describe('codewright plugin update', () => {
  it('shows the new version, asks for --yes without a terminal, then updates; an up-to-date plugin is left alone', async () => {
    const home = tempDir('cw-home-');
    const config = path.join(home, '.claude');
    const w = { cwd: tempDir('cw-cwd-'), env: { ...process.env, ...GIT_ENV, HOME: home, CLAUDE_CONFIG_DIR: config } };
    const { dir, url } = copyMarketplace({ git: true });
    expect((await runCli(['plugin', 'marketplace', 'add', url], w)).code).toBe(0);
    expect((await runCli(['plugin', 'install', 'greet@cw-fixtures', '--yes'], w)).code).toBe(0);
    expect(await runCli(['plugin', 'update', 'greet@cw-fixtures', '--yes'], w)).toMatchObject({ code: 0, stdout: 'greet@cw-fixtures is already at version 1.0.0.\n' });
    bumpGreet(dir);

    const refused = await runCli(['plugin', 'update', 'greet@cw-fixtures'], w);
    expect(refused).toMatchObject({ code: 1, stderr: 'codewright: not updated: there is no terminal to ask for confirmation; run again with --yes to update it.\n' });
    expect(refused.stdout).toContain('greet@cw-fixtures 1.1.0: A /greet command\nIt runs no hook commands and starts no MCP servers.');

    const updated = await runCli(['plugin', 'update', 'greet@cw-fixtures', '--yes'], w);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(/Updated greet@cw-fixtures from 1\.0\.0 to 1\.1\.0 in .*cache[/\\]cw-fixtures[/\\]greet[/\\]1\.1\.0\.\n$/);
    const cache = path.join(config, 'plugins', 'cache', 'cw-fixtures', 'greet');
    expect(existsSync(path.join(cache, '1.1.0', 'commands', 'wave.md'))).toBe(true);
    expect(existsSync(path.join(cache, '1.0.0'))).toBe(false);
    expect((await runCli(['plugin', 'list'], w)).stdout).toMatch(/greet@cw-fixtures {2}1\.1\.0 {2}enabled/);
    expect(await runCli(['plugin', 'update', 'audit-log@cw-fixtures'], w)).toMatchObject({ code: 1, stderr: expect.stringContaining('is not installed, so there is nothing to update') as string });
  }, 150_000);
});
