/**
 * Claude Code plugins in the real extension host (issue 29): the fixture marketplace (a local git repository)
 * added through the window's plugin manager, the one the /plugin panel and the palette act through. /plugin
 * opens the panel with the catalog; installing asks, naming what the plugin runs; the installed command joins
 * the chat's `/` list at once, disabling takes it out, uninstalling removes its files. Claude Code's files
 * (`$CLAUDE_CONFIG_DIR`, a scratch folder per run: test/integration/run.ts, test/support/codeServer.ts)
 * hold the outcome.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { ChatEvent } from '../../../extension/conversation/events';
import type { PanelView } from '../../../extension/protocol/messages';
import { COMMANDS } from '../../../extension/ui/palette/commands';
import { until } from './until';

const EXTENSION = vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!;
const FIXTURE = path.join(EXTENSION.extensionPath, 'test/fixtures/plugin-marketplace');
const MARKET = 'cw-fixtures';

/** The fixture marketplace copied and committed to a fresh git repository; its file:// URL. */
function gitMarketplace(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cw-it-market-')), 'market');
  cpSync(FIXTURE, dir, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'marketplace');
  return pathToFileURL(dir).href;
}

describe('plugins in the real extension host', () => {
  let api: CodewrightApi;
  let configDir: string;
  const events: ChatEvent[] = [];
  let off: () => void = () => {};
  const asked: { question: string; detail: string }[] = [];
  let answer = true;
  const slashNames = () => api.session.commands.list().map((c) => c.name);

  before(async () => {
    api = await EXTENSION.activate();
    configDir = api.plugins.loaded.configDir;
    assert.ok(process.env.CLAUDE_CONFIG_DIR && configDir === path.resolve(process.env.CLAUDE_CONFIG_DIR), `the run gives the window its own Claude config folder, not the user's (${configDir})`);
    rmSync(path.join(configDir, 'plugins'), { recursive: true, force: true });
    rmSync(path.join(configDir, 'settings.json'), { force: true });
    await api.plugins.loaded.reload();
    api.plugins.manager.setConfirm(async (question, detail) => {
      asked.push({ question, detail });
      return answer;
    });
    off = api.session.onEvent((e) => void events.push(e));
  });

  after(() => {
    off();
    api.plugins.manager.setConfirm(undefined);
  });

  it('/plugin opens the plugins panel with the catalog', async () => {
    events.length = 0;
    await api.session.submit('/plugin');
    const opened = events.find((e): e is Extract<ChatEvent, { type: 'panelOpened' }> => e.type === 'panelOpened');
    assert.ok(opened, `a panel opened: ${JSON.stringify(events.map((e) => e.type))}`);
    assert.equal(opened.view.panel, 'plugins');
    const view = opened.view as Extract<PanelView, { panel: 'plugins' }>;
    assert.deepEqual(view.marketplaces, [], 'no marketplace is added yet');
    assert.equal(view.trusted, true);
  });

  it('adds the git marketplace, installs a plugin after asking, and its command joins the / list', async () => {
    const added = await api.plugins.manager.marketplace('add', gitMarketplace());
    assert.equal(added.kind, 'info', added.text);
    assert.match(added.text, /cw-fixtures \(2 plugins\)/);
    const catalog = await api.plugins.manager.catalog();
    const greet = catalog.plugins.find((p) => p.id === `greet@${MARKET}`);
    assert.ok(greet && !greet.installed && greet.description === 'A /greet command', JSON.stringify(catalog.plugins));
    assert.deepEqual(greet.contributes?.commands, ['/greet:greet'], 'what it adds is read from the marketplace before installing');
    assert.ok(!slashNames().includes('greet:greet'));

    answer = true;
    asked.length = 0;
    const installed = await api.plugins.manager.plugin('install', `greet@${MARKET}`);
    assert.equal(installed.kind, 'info', installed.text);
    assert.match(installed.text, /Installed greet@cw-fixtures 1\.0\.0/);
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.question, `Install greet@${MARKET}?`);
    assert.match(asked[0]!.detail, /runs no hook commands and starts no MCP servers/);
    await until(() => slashNames().includes('greet:greet'), 'the plugin command in the chat\'s / list');
    const listed = events.filter((e): e is Extract<ChatEvent, { type: 'commandsChanged' }> => e.type === 'commandsChanged').at(-1);
    assert.ok(listed?.commands.some((c) => c.name === 'greet:greet' && c.description === 'Say hello'), 'the webview was sent the new list');
    const record = JSON.parse(readFileSync(path.join(configDir, 'plugins', 'installed_plugins.json'), 'utf8')) as { plugins: Record<string, { installPath: string; version: string }[]> };
    const entry = record.plugins[`greet@${MARKET}`]?.[0];
    assert.ok(entry && entry.version === '1.0.0' && existsSync(path.join(entry.installPath, 'commands', 'greet.md')), JSON.stringify(record));
  });

  it('shows the hook command a plugin will run and installs nothing when the user says no', async () => {
    answer = false;
    asked.length = 0;
    const outcome = await api.plugins.manager.plugin('install', `audit-log@${MARKET}`);
    assert.match(outcome.text, /Not installed/);
    assert.match(asked[0]?.detail ?? '', /PreToolUse: echo bash >> "\$\{CLAUDE_PLUGIN_ROOT\}\/audit\.log"/);
    const catalog = await api.plugins.manager.catalog();
    assert.equal(catalog.plugins.find((p) => p.id === `audit-log@${MARKET}`)?.installed, false);
    assert.ok(!existsSync(path.join(configDir, 'plugins', 'cache', MARKET, 'audit-log')));
    answer = true;
  });

  it('the palette disables and enables it: the command leaves and rejoins the / list, the user settings say so', async () => {
    const disabled = (await vscode.commands.executeCommand(COMMANDS.disablePlugin, `greet@${MARKET}`)) as { kind: string; text: string };
    assert.equal(disabled.kind, 'info', disabled.text);
    await until(() => !slashNames().includes('greet:greet'), 'the disabled plugin\'s command to leave the / list');
    const settings = () => JSON.parse(readFileSync(path.join(configDir, 'settings.json'), 'utf8')) as { enabledPlugins?: Record<string, boolean> };
    assert.equal(settings().enabledPlugins?.[`greet@${MARKET}`], false);
    assert.equal((await api.plugins.manager.catalog()).plugins.find((p) => p.id === `greet@${MARKET}`)?.enabled, false);

    await vscode.commands.executeCommand(COMMANDS.enablePlugin, `greet@${MARKET}`);
    await until(() => slashNames().includes('greet:greet'), 'the enabled plugin\'s command back in the / list');
    assert.equal(settings().enabledPlugins?.[`greet@${MARKET}`], true);
  });

  it('uninstalls after asking: the command, the record and the cached files go', async () => {
    asked.length = 0;
    const outcome = await api.plugins.manager.plugin('uninstall', `greet@${MARKET}`);
    assert.equal(outcome.kind, 'info', outcome.text);
    assert.equal(asked[0]?.question, `Uninstall greet@${MARKET}?`);
    await until(() => !slashNames().includes('greet:greet'), 'the uninstalled plugin\'s command to leave the / list');
    assert.ok(!existsSync(path.join(configDir, 'plugins', 'cache', MARKET, 'greet', '1.0.0')), 'the installed version\'s folder is removed');
    const failed = await api.plugins.manager.plugin('enable', `greet@${MARKET}`);
    assert.equal(failed.kind, 'error');
    assert.match(failed.text, /not installed/);
  });

  it('removes the marketplace after asking', async () => {
    const outcome = await api.plugins.manager.marketplace('remove', MARKET);
    assert.equal(outcome.kind, 'info', outcome.text);
    assert.deepEqual((await api.plugins.manager.catalog()).marketplaces, []);
  });
});
