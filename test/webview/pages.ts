/**
 * The hooks every webview test file shares: one Chromium and one harness per file, and after each test a
 * check that nothing reached the console as an error (every test doubles as a smoke test), then the
 * pages it opened are closed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchChromium } from '../support/browser';
import { openWebview, startHarness, type Harness, type OpenOptions, type WebviewPage } from './harness';

/** Call at the top of a test file; returns how to open a webview page. */
export function useWebviewPages(): (options?: OpenOptions) => Promise<WebviewPage> {
  let browser: Browser | undefined;
  let harness: Harness | undefined;
  let opened: WebviewPage[] = [];
  beforeAll(async () => {
    [browser, harness] = await Promise.all([launchChromium(), startHarness()]);
  });
  afterAll(async () => {
    // Undefined when beforeAll failed; closing anyway would hide that first error behind a TypeError.
    await browser?.close();
    await harness?.close();
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    for (const page of pages) {
      expect(page.consoleErrors).toEqual([]);
      await page.close();
    }
  });
  return async (options) => {
    if (!browser || !harness) throw new Error('useWebviewPages: the browser did not start');
    const page = await openWebview(browser, harness, options);
    opened.push(page);
    return page;
  };
}
