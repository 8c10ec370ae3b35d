/**
 * Restricted Mode (an untrusted folder): a line above the chat (and the setup screen) says what waits for trust,
 * its button opens VS Code's trust editor, and it goes once the host reports the folder trusted.
 */
import { describe, expect, it } from 'vitest';
import { snapshot, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;
const notice = () => view.page.getByTestId('restricted-notice');

describe('webview restricted mode notice', () => {
  it('says the folder is not trusted and what waits, opens the trust editor, and goes when trust is granted', async () => {
    view = await openPage();
    await view.send(snapshot([userMessage('u1', 'hi')], { setup: { hasApiKey: true, keySource: 'secretStorage', workspaceTrusted: false } }));
    await expect.poll(() => notice().innerText()).toMatch(/Restricted Mode: this folder is not trusted\. The chat works; .*hooks, \.mcp\.json servers, commands, skills and agents wait/);
    await expect.poll(() => notice().getAttribute('role')).toBe('status');
    await expect.poll(() => view.page.getByTestId('composer-input').count()).toBe(1);
    await notice().getByRole('button', { name: 'Trust Workspace…' }).click();
    await expect.poll(async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready')).toEqual([{ type: 'manageWorkspaceTrust' }]);
    await view.send({ type: 'setupChanged', setup: { hasApiKey: true, keySource: 'secretStorage', workspaceTrusted: true } });
    await expect.poll(() => notice().count()).toBe(0);
  });

  it('shows above the setup screen too, and not at all in a trusted folder or from an older host', async () => {
    view = await openPage();
    await view.send(snapshot([], { setup: { hasApiKey: false, keySource: 'none', workspaceTrusted: false } }));
    await expect.poll(() => view.page.getByTestId('setup-screen').count()).toBe(1);
    await expect.poll(() => notice().count()).toBe(1);
    await view.send({ type: 'setupChanged', setup: { hasApiKey: true, keySource: 'secretStorage' } });
    await expect.poll(() => view.page.getByTestId('setup-screen').count()).toBe(0);
    await expect.poll(() => notice().count()).toBe(0);
  });
});
