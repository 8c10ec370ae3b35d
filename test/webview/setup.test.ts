import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { REPO_ROOT } from './bundle';
import { noKeySnapshot } from './fixtures';
import { openWebview, startHarness, type Harness, type WebviewPage } from './harness';

let browser: Browser;
let harness: Harness;
let view: WebviewPage;

beforeAll(async () => {
  [browser, harness] = await Promise.all([launchChromium(), startHarness()]);
});
afterAll(async () => {
  // Undefined when beforeAll failed; closing anyway would hide that first error behind a TypeError.
  await (browser as Browser | undefined)?.close();
  await (harness as Harness | undefined)?.close();
});
afterEach(async () => {
  expect(view.consoleErrors).toEqual([]);
  await view.close();
});

describe('webview setup screen', () => {
  it('explains what is needed when there is no API key and its button posts setApiKey', async () => {
    view = await openWebview(browser, harness);
    await view.send(noKeySnapshot());
    const screen = view.page.getByTestId('setup-screen');
    const text = await screen.innerText();
    expect(text).toContain('API key');
    expect(text).toContain('ANTHROPIC_API_KEY');
    expect(text).toContain('Codewright: Set API Key');
    expect(await view.page.getByTestId('composer-input').count()).toBe(0);
    // A first-run step, not a failure: nothing on it is announced as an alert.
    expect(await view.page.getByRole('alert').count()).toBe(0);
    await view.page.getByRole('button', { name: 'Set API Key' }).click();
    expect(await view.posted()).toEqual([{ type: 'ready' }, { type: 'setApiKey' }]);
  });

  it('switches to the chat once the host reports a key', async () => {
    view = await openWebview(browser, harness);
    await view.send(noKeySnapshot(), { type: 'setupChanged', setup: { hasApiKey: true, keySource: 'environment' } });
    expect(await view.page.getByTestId('setup-screen').count()).toBe(0);
    expect(await view.page.getByTestId('composer-input').isVisible()).toBe(true);
    expect(await view.page.getByTestId('message-list').isVisible()).toBe(true);
  });

  it('looks right in a light sidebar (screenshot)', async () => {
    view = await openWebview(browser, harness, { theme: 'light' });
    await view.send(noKeySnapshot());
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    const png = await view.page.screenshot({ path: join(REPO_ROOT, 'test-results', 'webview-setup-light.png') });
    expect(png.byteLength).toBeGreaterThan(5_000);
  });
});
