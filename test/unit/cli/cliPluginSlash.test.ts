/**
 * /plugin in the headless CLI (cli/pluginSlash.ts): a bare `/plugin` prints the catalog of marketplaces and
 * plugins, `/plugin <subcommand>` runs `codewright plugin <subcommand>` and prints what it said; an install
 * without `--yes` shows what the plugin runs and asks for `--yes`. Nothing reaches the model.
 */
import { describe, expect, it } from 'vitest';
import { splitShellWords } from '../../../extension/cli/pluginSlash';
import { copyMarketplace } from '../plugins/marketplaceFixture';
import { cliEnv, runCli, useCliFake } from './cliHarness';

describe('splitShellWords', () => {
  it('splits on blanks and keeps quoted blanks, escapes and empty quotes', () => {
    expect(splitShellWords('  install  greet@m --yes ')).toEqual(['install', 'greet@m', '--yes']);
    expect(splitShellWords(`marketplace add "/tmp/my market" 'a b'c ""`)).toEqual(['marketplace', 'add', '/tmp/my market', 'a bc', '']);
    expect(splitShellWords(String.raw`add my\ market "say \"hi\"" 'it\s'`)).toEqual(['add', 'my market', 'say "hi"', String.raw`it\s`]);
    expect(splitShellWords('')).toEqual([]);
  });
});

describe('cli: /plugin', { timeout: 120_000 }, () => {
  const fake = useCliFake();

  it('prints the catalog, runs plugin subcommands with their output, and asks for --yes to install', async () => {
    const w = cliEnv(fake.url);
    const { dir } = copyMarketplace();
    const before = fake.requests.length;
    expect((await runCli(['-p', '/plugin'], w)).stdout).toBe('No marketplaces are added. Add one with: /plugin marketplace add <folder|git-url|owner/repo>\n');
    expect(await runCli(['-p', `/plugin marketplace add "${dir}"`], w)).toMatchObject({ code: 0, stdout: `Added the marketplace cw-fixtures (2 plugins) from ${dir}.\n` });

    const catalog = await runCli(['-p', '/plugin'], w);
    expect(catalog.code).toBe(0);
    expect(catalog.stdout).toBe(
      [
        `Marketplace cw-fixtures: ${dir}`,
        '  greet@cw-fixtures  not installed — A /greet command',
        '    adds: commands /greet:greet',
        '  audit-log@cw-fixtures  not installed — Logs each Bash command',
        '    adds: hooks PreToolUse: echo bash >> "${CLAUDE_PLUGIN_ROOT}/audit.log"',
        '',
      ].join('\n'),
    );

    const asked = await runCli(['-p', '/plugin install audit-log@cw-fixtures'], w);
    expect(asked.stdout).toContain('Once enabled it runs these hook commands:\n  PreToolUse: echo bash');
    expect(asked.stdout).toContain('codewright: not installed: there is no terminal to ask for confirmation; run again with --yes to install it.');
    const installed = await runCli(['-p', '/plugin install greet@cw-fixtures --yes'], w);
    expect(installed.stdout).toMatch(/^greet@cw-fixtures 1\.0\.0: A \/greet command\n[\s\S]*Installed greet@cw-fixtures 1\.0\.0 in .* and enabled it\.\n$/);

    const list = await runCli(['-p', '/plugin list'], w);
    expect(list.stdout).toMatch(/^Installed plugins:\n {2}greet@cw-fixtures {2}1\.0\.0 {2}enabled {2}.*\nAvailable from cw-fixtures:\n {2}audit-log@cw-fixtures {2}Logs each Bash command\n$/);
    expect((await runCli(['-p', '/plugin'], w)).stdout).toContain('  greet@cw-fixtures  enabled, 1.0.0 — A /greet command\n    adds: commands /greet:greet\n');
    expect(fake.requests.length).toBe(before);
  });
});
