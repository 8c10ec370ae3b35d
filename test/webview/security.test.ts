import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
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
    const before = await view.page.locator('#root').innerHTML();
    await view.send(
      { type: 'assistantDelta' },
      { type: 'assistantDelta', messageId: 'a1', text: 42 },
      { type: 'launchMissiles', messageId: 'a1' },
      { type: 'messageAdded', message: { id: 'x', role: 'system', text: 'sneaky', status: 'done' } },
      { type: 'busyChanged', busy: true, extra: 'strict objects reject unknown keys' },
      'just a string',
      null,
    );
    expect(await view.page.locator('#root').innerHTML()).toBe(before);
    expect(view.consoleWarnings.some((w) => w.includes('dropped malformed host message') && w.includes('messageId'))).toBe(true);
    await view.send(delta('a1', 'lo'), finished('a1', 'done'));
    expect(await view.page.getByTestId('message').nth(1).locator('.message-text').textContent()).toBe('Hello');
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
    const texts = await view.page.locator('.message-text').allTextContents();
    expect(texts).toEqual([XSS, XSS]);
    expect(await view.page.getByRole('alert').innerText()).toContain(XSS);
    expect(await view.page.locator('#root img, #root script').count()).toBe(0);
    await view.page.waitForTimeout(100);
    expect(view.dialogs).toEqual([]);
  });

  it('is served with a strict CSP and causes no violations during a whole conversation', async () => {
    view = await openWebview(browser, harness);
    const csp = await view.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
    await view.send(snapshot(), busy(true), added(userMessage('u1', 'go')), added(assistantMessage('a1', '', 'streaming')));
    await view.send(delta('a1', 'done!'), finished('a1', 'done'), busy(false));
    await view.page.getByTestId('composer-input').fill('next');
    await view.page.getByTestId('composer-input').press('Enter');
    // The stylesheet really applied: a blocked stylesheet would leave the list unstyled.
    expect(await view.page.getByTestId('message-list').evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    expect(await view.cspViolations()).toEqual([]);
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
    expect((await view.cspViolations()).join()).toContain('script-src');
    expect(await view.page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  });
});
