/**
 * Marketplaces the settings suggest (`extraKnownMarketplaces`): `addSuggestedMarketplace` adds one by its
 * name from the source written there, and `codewright plugin marketplace add <name>` does so for a bare name
 * that is not a folder, while `owner/repo` stays a GitHub source.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addSuggestedMarketplace, listMarketplaces } from '../../../extension/host/node/plugins/marketplaces';
import { isSuggestedName } from '../../../extension/host/node/plugins/suggestedMarketplaces';
import { runCli } from '../cli/cliHarness';
import { GIT_ENV, stubGitEnv } from '../host/node/gitRepo';
import { copyMarketplace, freshConfig, tempDir } from './marketplaceFixture';

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

/** A workspace whose project settings suggest `name` from `source`. */
function workspaceSuggesting(name: string, source: unknown): string {
  const ws = tempDir('cw-ws-');
  writeJson(path.join(ws, '.claude', 'settings.json'), { extraKnownMarketplaces: { [name]: { source } } });
  return ws;
}

describe('addSuggestedMarketplace', () => {
  stubGitEnv();

  it('adds a git marketplace the project settings suggest, only in a trusted workspace', async () => {
    const paths = freshConfig();
    const { url } = copyMarketplace({ git: true });
    const ws = workspaceSuggesting('cw-fixtures', { source: 'git', url });
    const opts = { configDir: paths.configDir, cwd: ws, workspaceRoot: ws };
    await expect(addSuggestedMarketplace('cw-fixtures', { ...opts, trusted: false })).rejects.toThrow(
      'No marketplace named "cw-fixtures" is suggested by extraKnownMarketplaces in the user settings (the workspace is not trusted, so its settings do not count).',
    );
    const added = await addSuggestedMarketplace('cw-fixtures', { ...opts, trusted: true });
    expect(added).toMatchObject({ name: 'cw-fixtures', entry: { source: { source: 'git', url }, installLocation: path.join(paths.marketplacesDir, 'cw-fixtures') } });
    expect(added.manifest.plugins).toHaveLength(2);
    await expect(addSuggestedMarketplace('cw-fixtures', { ...opts, trusted: true })).rejects.toThrow(/A marketplace named "cw-fixtures" is already added/);
  }, 30_000);

  it('reads a relative folder against the workspace, and tells a suggested name from a path or owner/repo', async () => {
    const paths = freshConfig();
    const { dir } = copyMarketplace();
    const ws = path.dirname(dir);
    writeJson(path.join(ws, '.claude', 'settings.local.json'), { extraKnownMarketplaces: { team: { source: { source: 'directory', path: './market' } } } });
    const opts = { configDir: paths.configDir, cwd: tempDir('cw-cwd-'), workspaceRoot: ws, trusted: true };
    expect(await isSuggestedName('team', opts)).toBe(true);
    expect(await isSuggestedName('acme/team', opts)).toBe(false);
    expect(await isSuggestedName('./team', opts)).toBe(false);
    expect(await isSuggestedName('other', opts)).toBe(false);
    mkdirSync(path.join(opts.cwd, 'team'));
    expect(await isSuggestedName('team', opts)).toBe(false);

    await addSuggestedMarketplace('team', opts);
    expect(await listMarketplaces(paths)).toEqual([['cw-fixtures', expect.objectContaining({ source: { source: 'directory', path: dir }, installLocation: dir })]]);
  });
});

describe('codewright plugin marketplace add <suggested name>', () => {
  it('adds the marketplace the workspace settings suggest by that name, and says so for an unknown name', async () => {
    const home = tempDir('cw-home-');
    const config = path.join(home, '.claude');
    const { dir } = copyMarketplace();
    const cwd = workspaceSuggesting('team', { source: 'directory', path: dir });
    const w = { cwd, env: { ...process.env, ...GIT_ENV, HOME: home, CLAUDE_CONFIG_DIR: config } };
    expect(await runCli(['plugin', 'marketplace', 'add', 'team'], w)).toMatchObject({ code: 0, stdout: `Added the marketplace cw-fixtures (2 plugins) from ${dir}.\n` });
    const known = JSON.parse(readFileSync(path.join(config, 'plugins', 'known_marketplaces.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(known)).toEqual(['cw-fixtures']);
    expect(await runCli(['plugin', 'marketplace', 'add', 'nobody'], w)).toMatchObject({ code: 1, stderr: 'codewright: nobody is neither a folder, a git URL nor a GitHub owner/repo.\n' });
  }, 60_000);
});
