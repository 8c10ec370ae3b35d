/**
 * Installed plugins in the headless CLI (docs/ARCHITECTURE.md, Plugins): a plugin installed with
 * `codewright plugin install … --yes` into a temp CLAUDE_CONFIG_DIR loads in the next run without
 * `--plugin-dir`: its command runs and the init line lists it; disabled, its command is unknown. A
 * `--plugin-dir` folder of the same name wins over the installed copy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyMarketplace, tempDir } from '../plugins/marketplaceFixture';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

describe('cli: installed plugins', { timeout: 90_000 }, () => {
  const fake = useCliFake();

  it("runs an installed plugin's command, lists it in the init line, and not once it is disabled", async () => {
    const w = cliEnv(fake.url);
    const { dir } = copyMarketplace();
    expect((await runCli(['plugin', 'marketplace', 'add', dir], w)).code).toBe(0);
    const installed = await runCli(['plugin', 'install', 'greet@cw-fixtures', '--yes'], w);
    expect(installed.code).toBe(0);

    fake.setScript([{ content: [{ type: 'text', text: 'Hello, world!' }], expect: { lastUserTextIncludes: 'Say hello to world.' } }]);
    const run = await runCli(['-p', '/greet:greet world', '--output-format', 'stream-json', '--verbose'], w);
    expect(run.stderr).not.toContain('plugin');
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    const init = lines.find((l) => l.subtype === 'init') as { plugins: { name: string; path: string; version?: string }[]; slash_commands: string[] };
    expect(init.plugins).toEqual([{ name: 'greet', path: expect.stringMatching(/cache[/\\]cw-fixtures[/\\]greet[/\\]1\.0\.0$/) as string, version: '1.0.0' }]);
    expect(init.slash_commands).toContain('greet:greet');
    expect(lines.at(-1)).toMatchObject({ type: 'result', result: 'Hello, world!' });

    expect((await runCli(['plugin', 'disable', 'greet@cw-fixtures'], w)).code).toBe(0);
    const requests = fake.requests.length;
    const off = await runCli(['-p', '/greet:greet world'], w);
    expect(off.code).toBe(1);
    expect(off.stderr).toContain('Unknown command: /greet:greet.');
    expect(fake.requests.length).toBe(requests);
  });

  it('lets a --plugin-dir plugin of the same name win over the installed one', async () => {
    const w = cliEnv(fake.url);
    const { dir } = copyMarketplace();
    expect((await runCli(['plugin', 'marketplace', 'add', dir], w)).code).toBe(0);
    expect((await runCli(['plugin', 'install', 'greet@cw-fixtures', '--yes'], w)).code).toBe(0);
    const local = path.join(tempDir('cw-local-greet-'), 'greet');
    mkdirSync(path.join(local, 'commands'), { recursive: true });
    writeFileSync(path.join(local, 'commands', 'greet.md'), 'Wave at $ARGUMENTS.\n');

    fake.setScript([{ content: [{ type: 'text', text: 'Waved.' }], expect: { lastUserTextIncludes: 'Wave at you.' } }]);
    const run = await runCli(['-p', '/greet:greet you', '--plugin-dir', local], w);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('Waved.');
  });
});
