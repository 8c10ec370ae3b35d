/** `codewright plugin …` end to end through the CLI entry, with HOME and CLAUDE_CONFIG_DIR in temp folders. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/cliHarness';
import { GIT_ENV } from '../host/node/gitRepo';
import { copyMarketplace, tempDir } from './marketplaceFixture';

function where() {
  const home = tempDir('cw-home-');
  const config = path.join(home, '.claude');
  return { config, cwd: tempDir('cw-cwd-'), env: { ...process.env, ...GIT_ENV, HOME: home, CLAUDE_CONFIG_DIR: config } };
}

describe('codewright plugin', () => {
  it('adds a git marketplace, installs with --yes, lists, disables, enables, updates and uninstalls', async () => {
    const w = where();
    const { url } = copyMarketplace({ git: true });
    const add = await runCli(['plugin', 'marketplace', 'add', url], w);
    expect(add).toMatchObject({ code: 0, stdout: `Added the marketplace cw-fixtures (2 plugins) from ${url}.\n` });
    expect((await runCli(['plugin', 'marketplace', 'list'], w)).stdout).toMatch(/^cw-fixtures {2}file:\/\/.* {2}.*marketplaces[/\\]cw-fixtures\n$/);

    const refused = await runCli(['plugin', 'install', 'audit-log@cw-fixtures'], w);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('PreToolUse: echo bash');
    expect(refused.stderr).toBe('codewright: not installed: there is no terminal to ask for confirmation; run again with --yes to install it.\n');

    const installed = await runCli(['plugin', 'install', 'audit-log@cw-fixtures', '--yes'], w);
    expect(installed.code).toBe(0);
    expect(installed.stdout).toMatch(/Installed audit-log@cw-fixtures 0\.9\.0 in .*cache[/\\]cw-fixtures[/\\]audit-log[/\\]0\.9\.0 and enabled it\./);
    const list = await runCli(['plugin', 'list'], w);
    expect(list.stdout).toMatch(/Installed plugins:\n {2}audit-log@cw-fixtures {2}0\.9\.0 {2}enabled/);
    expect(list.stdout).toContain('Available from cw-fixtures:\n  greet@cw-fixtures  A /greet command\n');

    expect((await runCli(['plugin', 'disable', 'audit-log@cw-fixtures'], w)).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(w.config, 'settings.json'), 'utf8'))).toEqual({ enabledPlugins: { 'audit-log@cw-fixtures': false } });
    expect((await runCli(['plugin', 'list'], w)).stdout).toMatch(/audit-log@cw-fixtures {2}0\.9\.0 {2}disabled/);
    expect((await runCli(['plugin', 'enable', 'audit-log@cw-fixtures'], w)).stdout).toMatch(/^Enabled audit-log@cw-fixtures in /);

    expect(await runCli(['plugin', 'marketplace', 'update'], w)).toMatchObject({ code: 0, stdout: 'Updated the marketplace cw-fixtures (2 plugins).\n' });
    expect(await runCli(['plugin', 'uninstall', 'audit-log@cw-fixtures'], w)).toMatchObject({ code: 0, stdout: 'Uninstalled audit-log@cw-fixtures.\n' });
    expect(await runCli(['plugin', 'marketplace', 'remove', 'cw-fixtures'], w)).toMatchObject({ code: 0, stdout: 'Removed the marketplace cw-fixtures.\n' });
    expect((await runCli(['plugin', 'marketplace', 'list'], w)).stdout).toBe('No marketplaces are added.\n');
  }, 150_000);

  it('says what is wrong in a sentence and exits 1', async () => {
    const w = where();
    const { dir } = copyMarketplace();
    expect(await runCli(['plugin', 'marketplace', 'add', dir], w)).toMatchObject({ code: 0 });
    expect(await runCli(['plugin', 'enable', 'greet@cw-fixtures'], w)).toMatchObject({
      code: 1,
      stderr: 'codewright: The plugin "greet@cw-fixtures" is not installed; install it first with "codewright plugin install greet@cw-fixtures".\n',
    });
    expect(await runCli(['plugin', 'install', 'nope@cw-fixtures', '--yes'], w)).toMatchObject({ code: 1, stderr: expect.stringMatching(/has no plugin named "nope"/) });
    const unknown = await runCli(['plugin', 'frobnicate'], w);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^codewright: unknown plugin command "frobnicate"\.\nUsage: codewright plugin <command>/);
  }, 150_000);
});
