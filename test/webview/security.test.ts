import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { settled } from '../support/ui';
import { added, assistantMessage, busy, delta, finished, snapshot, userMessage } from './fixtures';
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
  await view.close();
});

const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';

describe('webview hardening', () => {
  it('ignores malformed events without changing anything visible, and keeps working afterwards', async () => {
    view = await openWebview(browser, harness);
    await view.send(snapshot([userMessage('u1', 'hi')]), added(assistantMessage('a1', 'Hel', 'streaming')));
    await expect.poll(() => view.page.getByTestId('message').nth(1).locator('.message-text').textContent()).toBe('Hel');
    const before = await settled(() => view.page.locator('#root').innerHTML());
    await view.send(
      { type: 'assistantDelta' },
      { type: 'assistantDelta', messageId: 'a1', text: 42 },
      { type: 'launchMissiles', messageId: 'a1' },
      { type: 'messageAdded', message: { id: 'x', role: 'system', text: 'sneaky', status: 'done' } },
      { type: 'busyChanged', busy: true, extra: 'strict objects reject unknown keys' },
      'just a string',
      null,
    );
    await expect.poll(() => view.page.locator('#root').innerHTML()).toBe(before);
    await expect.poll(() => view.consoleWarnings.some((w) => w.includes('dropped malformed host message') && w.includes('messageId'))).toBe(true);
    await view.send(delta('a1', 'lo'), finished('a1', 'done'));
    await expect.poll(() => view.page.getByTestId('message').nth(1).locator('.message-text').textContent()).toBe('Hello');
    expect(view.consoleErrors).toEqual([]);
  });

  it('renders untrusted text as literal text without creating elements or running script', async () => {
    view = await openWebview(browser, harness);
    await view.send(
      snapshot([userMessage('u1', XSS)]),
      added(assistantMessage('a1', '', 'streaming')),
      delta('a1', XSS),
      added(assistantMessage('a2', '', 'streaming')),
      finished('a2', 'error', XSS),
    );
    await expect.poll(() => view.page.locator('.message-text').allTextContents()).toEqual([XSS, XSS]);
    await expect.poll(() => view.page.getByRole('alert').innerText()).toContain(XSS);
    await expect.poll(() => view.page.locator('#root img, #root script').count()).toBe(0);
    // Absence cannot be waited for: give a dialog that wrongly opened a moment to show, then check none did.
    await view.page.waitForTimeout(100);
    expect(view.dialogs).toEqual([]);
  });

  it('is served with a strict CSP and causes no violations during a whole conversation', async () => {
    view = await openWebview(browser, harness);
    const csp = () => view.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    await expect.poll(csp).toContain("default-src 'none'");
    await expect.poll(csp).toMatch(/script-src 'nonce-[^']+'/);
    await expect.poll(csp).not.toContain('unsafe-inline');
    await view.send(snapshot(), busy(true), added(userMessage('u1', 'go')), added(assistantMessage('a1', '', 'streaming')));
    await view.send(delta('a1', 'done!'), finished('a1', 'done'), busy(false));
    await view.page.getByTestId('composer-input').fill('next');
    await view.page.getByTestId('composer-input').press('Enter');
    // The stylesheet really applied: a blocked stylesheet would leave the list unstyled.
    await expect.poll(() => view.page.getByTestId('message-list').evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    await expect.poll(() => view.cspViolations()).toEqual([]);
    expect(view.consoleErrors.filter((e) => /content security policy/i.test(e))).toEqual([]);
    expect(view.consoleErrors).toEqual([]);
  });

  it('notices a CSP violation when one happens, so the check above can fail', async () => {
    view = await openWebview(browser, harness);
    await view.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.appendChild(s);
    });
    await view.page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
    await expect.poll(async () => (await view.cspViolations()).join()).toContain('script-src');
    await expect.poll(() => view.page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  });
});
