import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PanelView } from '../../extension/protocol/messages';
import { REPO_ROOT } from './bundle';
import { snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

type PluginsView = Extract<PanelView, { panel: 'plugins' }>;

const plugin = (id: string) => view.page.locator(`[data-testid="plugin-item"][data-id="${id}"]`);
const marketplace = (name: string) => view.page.locator(`[data-testid="plugin-marketplace"][data-name="${name}"]`);
const postedAfterReady = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');
const none = { commands: [], agents: [], skills: [], hooks: [], mcpServers: [], outputStyles: [] };

const PLUGINS: PluginsView = {
  panel: 'plugins',
  marketplaces: [
    { name: 'team', source: 'acme/claude-plugins', path: '/home/u/.claude/plugins/marketplaces/team', plugins: 4, lastUpdated: '2025-06-01T10:00:00.000Z' },
    { name: 'company-tools', source: 'https://git.example.com/tools.git', path: '', plugins: 0, suggested: true },
  ],
  plugins: [
    {
      id: 'commit-tools@team',
      name: 'commit-tools',
      marketplace: 'team',
      description: 'Conventional commits and a pre-commit lint',
      version: '1.2.0',
      installed: true,
      installedVersion: '1.2.0',
      enabled: true,
      enabledBy: 'user',
      contributes: { ...none, commands: ['/commit-tools:commit', '/commit-tools:amend'], agents: ['commit-tools:reviewer'], hooks: ['PreToolUse: ./lint.sh'], mcpServers: ['plugin:commit-tools:git'] },
    },
    {
      id: 'docs-writer@team',
      name: 'docs-writer',
      marketplace: 'team',
      description: 'Writes and checks docs',
      version: '2.1.0',
      installed: true,
      installedVersion: '2.0.0',
      enabled: false,
      enabledBy: 'project',
      contributes: { ...none, skills: ['docs-writer:style'], outputStyles: ['Technical'] },
    },
    { id: 'formatter@team', name: 'formatter', marketplace: 'team', description: 'Formats on save', version: '0.3.0', installed: false, enabled: false },
    { id: 'broken@team', name: 'broken', marketplace: 'team', installed: false, enabled: false, error: 'plugin.json is not valid JSON (line 3)' },
  ],
  trusted: true,
};

async function open(panel: PanelView, theme: 'dark' | 'light' = 'dark'): Promise<void> {
  view = await openPage({ theme, viewport: { width: 380, height: 900 } });
  await view.send(snapshot(), { type: 'panelOpened', view: panel });
}

describe('webview /plugin panel', () => {
  it('shows the marketplaces with source, count and Update/Remove, and a suggested one with only Add', async () => {
    await open(PLUGINS);
    await expect.poll(() => view.page.getByTestId('command-panel').getAttribute('data-panel')).toBe('plugins');
    await expect.poll(() => view.page.locator('.command-panel-title').innerText()).toBe('Plugins');
    await expect.poll(() => view.page.getByTestId('plugin-marketplace').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).toEqual(['team', 'company-tools']);
    await expect.poll(() => marketplace('team').getByTestId('plugin-marketplace-source').innerText()).toBe('acme/claude-plugins');
    await expect.poll(() => marketplace('team').getByTestId('plugin-marketplace-count').innerText()).toMatch(/4 plugins/);
    await expect.poll(() => marketplace('team').getByRole('button').allInnerTexts()).toEqual(['Update', 'Remove']);
    await expect.poll(() => marketplace('company-tools').getByTestId('plugin-marketplace-suggested').innerText()).toBe("Suggested by this workspace's settings");
    await expect.poll(() => marketplace('company-tools').getByRole('button').allInnerTexts()).toEqual(['Add']);

    await marketplace('team').getByRole('button', { name: 'Update marketplace team' }).click();
    await marketplace('team').getByRole('button', { name: 'Remove marketplace team' }).click();
    await marketplace('company-tools').getByRole('button', { name: 'Add marketplace company-tools' }).focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'marketplaceAction', action: 'update', marketplace: 'team' },
      { type: 'marketplaceAction', action: 'remove', marketplace: 'team' },
      { type: 'marketplaceAction', action: 'add', marketplace: 'company-tools' },
    ]);
  });

  it('shows each plugin by marketplace with its state, version, update, settings file, contributions and error', async () => {
    await open(PLUGINS);
    await expect.poll(() => view.page.getByTestId('plugin-group').evaluateAll((els) => els.map((e) => e.getAttribute('data-marketplace')))).toEqual(['team']);
    await expect.poll(() => view.page.getByTestId('plugin-item').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-id') ?? ''} ${e.getAttribute('data-state') ?? ''}`))).toEqual([
      'commit-tools@team installed-enabled',
      'docs-writer@team installed-disabled',
      'formatter@team available',
      'broken@team available',
    ]);
    const commit = plugin('commit-tools@team');
    await expect.poll(() => commit.getByTestId('plugin-description').innerText()).toBe('Conventional commits and a pre-commit lint');
    await expect.poll(() => commit.getByTestId('plugin-version').innerText()).toBe('v1.2.0');
    await expect.poll(() => commit.getByTestId('plugin-update-available').count()).toBe(0);
    await expect.poll(() => commit.getByTestId('plugin-enabled-by').innerText()).toBe('Enabled in user settings (~/.claude/settings.json)');
    const contributes = commit.getByTestId('plugin-contributes');
    await expect.poll(() => contributes.locator('dt').allInnerTexts()).toEqual(['Commands', 'Agents', 'Hooks', 'MCP servers']);
    await expect.poll(() => contributes.locator('dd[data-kind="commands"]').innerText()).toBe('/commit-tools:commit, /commit-tools:amend');
    await expect.poll(() => contributes.locator('dd[data-kind="hooks"]').innerText()).toMatch(/^PreToolUse: \.\/lint\.sh\s*runs code$/);
    await expect.poll(() => contributes.locator('dd[data-kind="mcpServers"]').innerText()).toMatch(/^plugin:commit-tools:git\s*runs code$/);
    await expect.poll(() => contributes.getByTestId('plugin-runs-code').count()).toBe(2);

    const docs = plugin('docs-writer@team');
    await expect.poll(() => docs.getByTestId('plugin-version').innerText()).toBe('v2.0.0');
    await expect.poll(() => docs.getByTestId('plugin-update-available').innerText()).toBe('update available: 2.1.0');
    await expect.poll(() => docs.getByTestId('plugin-enabled-by').innerText()).toBe('Disabled in project settings (.claude/settings.json)');
    await expect.poll(() => docs.getByTestId('plugin-contributes').innerText()).toMatch(/Skills\s+docs-writer:style\s+Output styles\s+Technical/);
    await expect.poll(() => docs.getByTestId('plugin-runs-code').count()).toBe(0);

    await expect.poll(() => plugin('formatter@team').getByTestId('plugin-version').innerText()).toBe('v0.3.0');
    await expect.poll(() => plugin('formatter@team').getByTestId('plugin-contributes').count()).toBe(0);
    await expect.poll(() => plugin('broken@team').getByTestId('plugin-error').innerText()).toBe('plugin.json is not valid JSON (line 3)');
    // Trusted: no word about waiting for trust.
    await expect.poll(() => view.page.getByTestId('plugin-untrusted').count()).toBe(0);
    await expect.poll(() => view.page.getByTestId('plugin-trust-wait').count()).toBe(0);
  });

  it('offers the actions each state allows, named with the plugin, and posts pluginAction for each', async () => {
    await open(PLUGINS);
    const buttons = (id: string) => plugin(id).getByRole('button').allInnerTexts();
    await expect.poll(() => buttons('commit-tools@team')).toEqual(['Disable', 'Uninstall']);
    await expect.poll(() => buttons('docs-writer@team')).toEqual(['Enable', 'Update', 'Uninstall']);
    await expect.poll(() => buttons('formatter@team')).toEqual(['Install']);

    await view.page.getByRole('button', { name: 'Install formatter@team' }).click();
    await plugin('commit-tools@team').getByTestId('plugin-disable').click();
    await plugin('docs-writer@team').getByTestId('plugin-enable').click();
    await plugin('docs-writer@team').getByTestId('plugin-update').click();
    await view.page.getByRole('button', { name: 'Uninstall commit-tools@team' }).focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'pluginAction', action: 'install', plugin: 'formatter@team' },
      { type: 'pluginAction', action: 'disable', plugin: 'commit-tools@team' },
      { type: 'pluginAction', action: 'enable', plugin: 'docs-writer@team' },
      { type: 'pluginAction', action: 'update', plugin: 'docs-writer@team' },
      { type: 'pluginAction', action: 'uninstall', plugin: 'commit-tools@team' },
    ]);
  });

  it('adds a marketplace from the form with Enter, trimmed, and ignores an empty field', async () => {
    await open(PLUGINS);
    const input = view.page.getByTestId('plugin-marketplace-input');
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Folder, git URL or owner/repo');
    await expect.poll(() => view.page.getByTestId('plugin-marketplace-add').isDisabled()).toBe(true);
    await input.fill('   ');
    await input.press('Enter');
    await expect.poll(() => view.page.getByTestId('plugin-marketplace-add').isDisabled()).toBe(true);
    // The blank Enter above sent nothing: the first message is this add.
    await input.fill('  anthropics/claude-code ');
    await input.press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'marketplaceAction', action: 'add', marketplace: 'anthropics/claude-code' }]);
    await expect.poll(() => input.inputValue()).toBe('');
    await input.fill('/home/u/my-plugins');
    await view.page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'marketplaceAction', action: 'add', marketplace: 'anthropics/claude-code' },
      { type: 'marketplaceAction', action: 'add', marketplace: '/home/u/my-plugins' },
    ]);
  });

  it('shows the action in progress with a spinner and disables every action until it ends, then its notice', async () => {
    await open({ ...PLUGINS, busy: 'Installing formatter@team…' });
    await expect.poll(() => view.page.getByTestId('plugin-busy').innerText()).toBe('Installing formatter@team…');
    await expect.poll(() => view.page.getByTestId('plugin-busy').locator('.panel-spinner').count()).toBe(1);
    const actionButtons = view.page.locator('[data-testid="command-panel"] button[data-testid^="plugin-"]');
    const disabledStates = () => actionButtons.evaluateAll((els) => els.map((e) => (e as HTMLButtonElement).disabled));
    await expect.poll(async () => (await disabledStates()).length).toBe(11);
    await expect.poll(async () => (await disabledStates()).every(Boolean)).toBe(true);
    await view.page.getByTestId('plugin-marketplace-input').fill('acme/more');
    await view.page.getByTestId('plugin-marketplace-input').press('Enter');
    await plugin('formatter@team').getByTestId('plugin-install').click({ force: true });
    await expect.poll(() => view.page.getByTestId('plugin-notice').count()).toBe(0);

    // Done: the host's refreshed view has the plugin installed and says so.
    const installed = PLUGINS.plugins.map((p) => (p.id === 'formatter@team' ? { ...p, installed: true, installedVersion: '0.3.0', enabled: true, enabledBy: 'user' as const } : p));
    await view.send({ type: 'panelOpened', view: { ...PLUGINS, plugins: installed, notice: { kind: 'info', text: 'Installed formatter@team.' } } });
    await expect.poll(() => view.page.getByTestId('plugin-busy').count()).toBe(0);
    await expect.poll(() => view.page.getByTestId('plugin-notice').innerText()).toBe('Installed formatter@team.');
    await expect.poll(() => view.page.getByTestId('plugin-notice').getAttribute('data-kind')).toBe('info');
    await expect.poll(() => plugin('formatter@team').getAttribute('data-state')).toBe('installed-enabled');
    await expect.poll(async () => (await disabledStates()).some(Boolean)).toBe(false);
    // Nothing pressed while it was busy was sent: the first message is the one pressed after.
    await plugin('formatter@team').getByTestId('plugin-disable').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'pluginAction', action: 'disable', plugin: 'formatter@team' }]);
    await view.send({ type: 'panelOpened', view: { ...PLUGINS, notice: { kind: 'error', text: 'Could not clone acme/more: repository not found.' } } });
    await expect.poll(() => view.page.getByTestId('plugin-notice').getAttribute('data-kind')).toBe('error');
    await expect.poll(() => view.page.getByRole('alert').innerText()).toBe('Could not clone acme/more: repository not found.');
  });

  it('says hooks and MCP servers wait for trust in an untrusted workspace, and offers Trust Workspace…', async () => {
    await open({ ...PLUGINS, trusted: false });
    await expect.poll(() => view.page.getByTestId('plugin-untrusted').innerText()).toMatch(/not trusted[\s\S]*hooks and MCP servers[\s\S]*wait until you trust/);
    // Only the enabled plugin that runs code waits; the disabled one and the ones without hooks do not.
    await expect.poll(() => view.page.getByTestId('plugin-trust-wait').count()).toBe(1);
    await expect.poll(() => plugin('commit-tools@team').getByTestId('plugin-trust-wait').innerText()).toBe('Its hooks and MCP servers wait until you trust this workspace.');
    await view.page.getByTestId('plugin-trust').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'manageWorkspaceTrust' }]);
  });

  it('says how to add a marketplace when there is none', async () => {
    await open({ panel: 'plugins', marketplaces: [], plugins: [], trusted: true });
    await expect.poll(() => view.page.getByTestId('panel-empty').innerText()).toMatch(/No marketplaces yet\. Add one above: a folder on disk, a git URL, or a GitHub owner\/repo/);
    await expect.poll(() => view.page.getByTestId('plugin-item').count()).toBe(0);
    await expect.poll(() => view.page.getByTestId('plugin-marketplace-input').isVisible()).toBe(true);
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`looks right in a ${theme} sidebar (screenshot)`, async () => {
      await open({ ...PLUGINS, trusted: false, notice: { kind: 'error', text: 'Could not update team: git pull failed.' } }, theme);
      await expect.poll(() => view.page.getByTestId('plugin-item').count()).toBe(4);
      mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
      const png = await view.page.screenshot({ path: join(REPO_ROOT, 'test-results', `webview-plugins-panel-${theme}.png`), animations: 'disabled', fullPage: true });
      expect(png.byteLength).toBeGreaterThan(5_000);
      await expect.poll(() => view.cspViolations()).toEqual([]);
    });
  }
});
