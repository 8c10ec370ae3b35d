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

const server = (name: string) => view.page.locator(`[data-testid="mcp-server"][data-name="${name}"]`);
const postedAfterReady = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');

const MCP: PanelView = {
  panel: 'mcp',
  servers: [
    { name: 'github', status: 'connected', tools: 12, resources: 3, prompts: 1, scope: 'user' },
    { name: 'docs', status: 'connecting', tools: 0, scope: 'settings' },
    {
      name: 'db',
      status: 'failed',
      tools: 0,
      resources: 0,
      prompts: 0,
      scope: 'project',
      error: 'Connection closed: the process exited with code 1',
      stderr: 'psql-mcp: could not connect to server\nis the database running?',
    },
    { name: 'repo-tools', status: 'needsApproval', tools: 0, scope: 'project' },
    { name: 'linear', status: 'needsAuth', tools: 0, scope: 'user', authUrl: 'https://mcp.linear.app/mcp' },
    { name: 'old', status: 'disabled', tools: 4 },
  ],
};

async function open(panel: PanelView, theme: 'dark' | 'light' = 'dark'): Promise<void> {
  view = await openPage({ theme, viewport: { width: 380, height: 720 } });
  await view.send(snapshot(), { type: 'panelOpened', view: panel });
}

describe('webview /mcp panel', () => {
  it('shows each server with its scope, status and counts, a spinner only while connecting', async () => {
    await open(MCP);
    await expect.poll(() => view.page.getByTestId('mcp-server').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      'connected',
      'connecting',
      'failed',
      'needsApproval',
      'needsAuth',
      'disabled',
    ]);
    await expect.poll(() => server('github').getByTestId('mcp-status').innerText()).toBe('Connected');
    await expect.poll(() => server('github').getByTestId('mcp-scope').innerText()).toBe('User');
    await expect.poll(() => server('github').getByTestId('mcp-counts').innerText()).toBe('12 tools · 3 resources · 1 prompt');
    await expect.poll(() => server('docs').getByTestId('mcp-status').innerText()).toBe('Connecting…');
    await expect.poll(() => view.page.getByTestId('mcp-spinner').count()).toBe(1);
    await expect.poll(() => server('docs').getByTestId('mcp-spinner').count()).toBe(1);
    await expect.poll(() => server('db').getByTestId('mcp-scope').innerText()).toBe('Project (.mcp.json)');
    await expect.poll(() => server('db').getByTestId('mcp-counts').innerText()).toBe('0 tools · 0 resources · 0 prompts');
    await expect.poll(() => server('repo-tools').getByTestId('mcp-hint').innerText()).toMatch(/approve/);
    await expect.poll(() => server('linear').getByTestId('mcp-status').innerText()).toBe('Needs authentication');
    await expect.poll(() => server('old').getByTestId('mcp-status').innerText()).toBe('Disabled');
    // An older host sends no scope, resources or prompts: the server still shows.
    await expect.poll(() => server('old').getByTestId('mcp-scope').count()).toBe(0);
    await expect.poll(() => server('old').getByTestId('mcp-counts').innerText()).toBe('4 tools');
  });

  it('shows a failed server’s error, and its stderr folded until opened with the keyboard', async () => {
    await open(MCP);
    await expect.poll(() => server('db').getByTestId('mcp-error').innerText()).toBe('Connection closed: the process exited with code 1');
    const stderr = server('db').getByTestId('mcp-stderr');
    await expect.poll(() => stderr.getAttribute('open')).toBeNull();
    await expect.poll(() => stderr.locator('pre').isVisible()).toBe(false);
    await stderr.locator('summary').focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => stderr.locator('pre').innerText()).toBe('psql-mcp: could not connect to server\nis the database running?');
  });

  it('posts restartMcpServer from Restart (mouse and keyboard), waits for the refresh, and offers no Restart where it cannot help', async () => {
    await open(MCP);
    await expect.poll(() => view.page.getByTestId('mcp-server').evaluateAll((els) => els.filter((e) => e.querySelector('[data-testid="mcp-restart"]')).map((e) => e.getAttribute('data-name')))).toEqual([
      'github',
      'docs',
      'db',
    ]);
    await server('db').getByTestId('mcp-restart').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'restartMcpServer', server: 'db' }]);
    await expect.poll(() => server('db').getByTestId('mcp-restart').innerText()).toBe('Restarting…');
    await expect.poll(() => server('db').getByTestId('mcp-restart').isDisabled()).toBe(true);
    await server('github').getByRole('button', { name: 'Restart github' }).focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'restartMcpServer', server: 'db' },
      { type: 'restartMcpServer', server: 'github' },
    ]);
    // The host's refreshed view: db is connecting again, and its button is back.
    const refreshed: PanelView = { panel: 'mcp', servers: MCP.servers.map((s) => (s.name === 'db' ? { name: 'db', status: 'connecting', tools: 0, scope: 'project' } : s)) };
    await view.send({ type: 'panelOpened', view: refreshed });
    await expect.poll(() => server('db').getByTestId('mcp-status').innerText()).toBe('Connecting…');
    await expect.poll(() => server('db').getByTestId('mcp-restart').innerText()).toBe('Restart');
    await expect.poll(() => server('db').getByTestId('mcp-stderr').count()).toBe(0);
  });

  it('offers Authenticate only to a server that needs a sign-in, posts authenticateMcpServer, and shows why a sign-in failed', async () => {
    await open(MCP);
    await expect.poll(() => view.page.getByTestId('mcp-server').evaluateAll((els) => els.filter((e) => e.querySelector('[data-testid="mcp-authenticate"]')).map((e) => e.getAttribute('data-name')))).toEqual(['linear']);
    await expect.poll(() => server('linear').getByTestId('mcp-hint').innerText()).toMatch(/sign in.*Authenticate opens your browser/);
    await server('linear').getByRole('button', { name: 'Authenticate linear' }).focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'authenticateMcpServer', server: 'linear' }]);
    await expect.poll(() => server('linear').getByTestId('mcp-authenticate').innerText()).toBe('Authenticating…');
    await expect.poll(() => server('linear').getByTestId('mcp-authenticate').isDisabled()).toBe(true);
    // The sign-in failed: the host's refreshed view says why, and the button is back.
    const failed: PanelView = {
      panel: 'mcp',
      servers: MCP.servers.map((s) => (s.name === 'linear' ? { ...s, error: 'The sign-in timed out after 300 s without the browser coming back.' } : s)),
    };
    await view.send({ type: 'panelOpened', view: failed });
    await expect.poll(() => server('linear').getByTestId('mcp-error').innerText()).toMatch(/timed out/);
    await expect.poll(() => server('linear').getByTestId('mcp-authenticate').innerText()).toBe('Authenticate');
    await server('linear').getByTestId('mcp-authenticate').click();
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'authenticateMcpServer', server: 'linear' },
      { type: 'authenticateMcpServer', server: 'linear' },
    ]);
    // Signed in: connected, no Authenticate any more.
    const connected: PanelView = { panel: 'mcp', servers: MCP.servers.map((s) => (s.name === 'linear' ? { name: 'linear', status: 'connected', tools: 3, scope: 'user' } : s)) };
    await view.send({ type: 'panelOpened', view: connected });
    await expect.poll(() => server('linear').getByTestId('mcp-status').innerText()).toBe('Connected');
    await expect.poll(() => server('linear').getByTestId('mcp-authenticate').count()).toBe(0);
  });

  it('says why a server is off, offers Approve… for a declined or dismissed project server and Trust Workspace… for one waiting for trust', async () => {
    const off: PanelView = {
      panel: 'mcp',
      servers: [
        { name: 'denied', status: 'disabled', disabledReason: 'declined', tools: 0, scope: 'project' },
        { name: 'closed', status: 'disabled', disabledReason: 'dismissed', tools: 0, scope: 'project' },
        { name: 'held', status: 'disabled', disabledReason: 'untrusted', tools: 0, scope: 'project' },
        { name: 'off', status: 'disabled', disabledReason: 'turnedOff', tools: 2, scope: 'dynamic' },
      ],
    };
    await open(off);
    const labels = () => view.page.getByTestId('mcp-status').evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText));
    await expect.poll(labels).toEqual(['Declined', 'Not approved', 'Waiting for trust', 'Disabled']);
    await expect.poll(() => server('denied').getByTestId('mcp-hint').innerText()).toBe('You declined this project server.');
    await expect.poll(() => server('closed').getByTestId('mcp-hint').innerText()).toMatch(/closed the question/);
    await expect.poll(() => server('held').getByTestId('mcp-hint').innerText()).toMatch(/^Workspace not trusted/);
    await expect.poll(() => server('off').getByTestId('mcp-hint').innerText()).toBe('Turned off.');
    const withButton = (testId: string) => view.page.getByTestId('mcp-server').evaluateAll((els, id) => els.filter((e) => e.querySelector(`[data-testid="${id}"]`)).map((e) => e.getAttribute('data-name')), testId);
    await expect.poll(() => withButton('mcp-approve')).toEqual(['denied', 'closed']);
    await expect.poll(() => withButton('mcp-trust')).toEqual(['held']);
    await expect.poll(() => withButton('mcp-restart')).toEqual([]);

    await server('closed').getByRole('button', { name: 'Approve closed' }).focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'approveMcpServer', server: 'closed' }]);
    await expect.poll(() => server('closed').getByTestId('mcp-approve').isDisabled()).toBe(true);
    await server('held').getByRole('button', { name: 'Trust the workspace to start held' }).click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'approveMcpServer', server: 'closed' }, { type: 'manageWorkspaceTrust' }]);
    // Approved: the host's refreshed view has it connecting, with Restart and no Approve….
    await view.send({ type: 'panelOpened', view: { ...off, servers: off.servers.map((x) => (x.name === 'closed' ? { name: 'closed', status: 'connecting', tools: 0, scope: 'project' } : x)) } });
    await expect.poll(() => server('closed').getByTestId('mcp-approve').count()).toBe(0);
    await expect.poll(() => server('closed').getByTestId('mcp-restart').count()).toBe(1);
  });

  it('points to .mcp.json when no server is configured', async () => {
    await open({ panel: 'mcp', servers: [] });
    await expect.poll(() => view.page.getByTestId('panel-empty').innerText()).toMatch(/No MCP servers are configured[\s\S]*\.mcp\.json/);
    await expect.poll(() => view.page.getByTestId('mcp-restart').count()).toBe(0);
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`looks right in a ${theme} sidebar (screenshot)`, async () => {
      await open(MCP, theme);
      await server('db').getByTestId('mcp-stderr').locator('summary').click();
      await expect.poll(() => server('db').getByTestId('mcp-stderr').locator('pre').isVisible()).toBe(true);
      mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
      const png = await view.page.screenshot({ path: join(REPO_ROOT, 'test-results', `webview-mcp-panel-${theme}.png`), animations: 'disabled' });
      expect(png.byteLength).toBeGreaterThan(5_000);
    });
  }
});
