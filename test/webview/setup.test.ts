import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './bundle';
import { noKeySnapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

describe('webview setup screen', () => {
  it('explains what is needed when there is no API key and its button posts setApiKey', async () => {
    view = await openPage();
    await view.send(noKeySnapshot());
    const screen = view.page.getByTestId('setup-screen');
    const text = () => screen.innerText();
    await expect.poll(text).toContain('API key');
    await expect.poll(text).toContain('ANTHROPIC_API_KEY');
    await expect.poll(text).toContain('Codewright: Set API Key');
    await expect.poll(() => view.page.getByTestId('composer-input').count()).toBe(0);
    // A first-run step, not a failure: nothing on it is announced as an alert.
    await expect.poll(() => view.page.getByRole('alert').count()).toBe(0);
    await view.page.getByRole('button', { name: 'Set API Key' }).click();
    await expect.poll(() => view.posted()).toEqual([{ type: 'ready' }, { type: 'setApiKey' }]);
  });

  it('switches to the chat once the host reports a key', async () => {
    view = await openPage();
    await view.send(noKeySnapshot(), { type: 'setupChanged', setup: { hasApiKey: true, keySource: 'environment' } });
    await expect.poll(() => view.page.getByTestId('setup-screen').count()).toBe(0);
    await expect.poll(() => view.page.getByTestId('composer-input').isVisible()).toBe(true);
    await expect.poll(() => view.page.getByTestId('message-list').isVisible()).toBe(true);
  });

  it('looks right in a light sidebar (screenshot)', async () => {
    view = await openPage({ theme: 'light' });
    await view.send(noKeySnapshot());
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    const png = await view.page.screenshot({ path: join(REPO_ROOT, 'test-results', 'webview-setup-light.png') });
    expect(png.byteLength).toBeGreaterThan(5_000);
  });
});
