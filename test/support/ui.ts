/**
 * Waiting for UI state: the one place webview and e2e tests take their waits from.
 *
 * React commits and react-virtuoso measures asynchronously, so a read of the DOM right after an event sees
 * whatever frame happened to be current: it passes on one machine and fails on a slower or busier one.
 * Assert with `expect.poll(() => locator.innerText()).toContain(...)` (both vitest configs give it
 * `UI_TIMEOUT_MS`), a Playwright locator wait, or the helpers below. `eslint.config.mjs` rejects
 * `expect(await ...)` and `const x = await locator.innerText()`-style reads in test/webview and test/e2e.
 */
import type { Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_POLL_MS, UI_TIMEOUT_MS } from './uiTimeouts';

export { UI_POLL_MS, UI_TIMEOUT_MS };

/**
 * Reads a value once it has stopped changing: the same read twice, `quietMs` apart. For a baseline that a
 * later assertion compares against ("nothing visible changed"), which must not be a half-rendered frame.
 */
export async function settled<T>(read: () => Promise<T>, quietMs = 200): Promise<T> {
  let previous = await read();
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const current = await read();
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    if (Date.now() > deadline) throw new Error(`settled: the value kept changing for ${String(UI_TIMEOUT_MS)} ms`);
    previous = current;
  }
}

/**
 * Waits until the conversation list is laid out: it exists and react-virtuoso no longer hides anything in it
 * (it renders rows with `visibility: hidden` until it has measured them).
 */
export async function laidOut(target: Page | Frame, testId = 'message-list'): Promise<void> {
  await target.waitForFunction(
    (id) => {
      const list = document.querySelector(`[data-testid="${id}"]`);
      if (!list) return false;
      const hidden = [list, ...list.querySelectorAll('*')].some((e) => e instanceof HTMLElement && e.style.visibility === 'hidden');
      return !hidden;
    },
    testId,
    { timeout: UI_TIMEOUT_MS },
  );
}

/** `expect.poll` with this file's timeout, for callers outside the two UI test layers' configs. */
export function eventually<T>(read: () => Promise<T> | T, message?: string) {
  return expect.poll(read, { timeout: UI_TIMEOUT_MS, interval: UI_POLL_MS, message });
}

type Target = Page | Frame;
type ColourProperty = 'color' | 'backgroundColor';

/** What a theme variable (`--vscode-*`) resolves to as a computed colour, for comparison with `style()`. */
export function themeColour(target: Target, variable: string, property: ColourProperty = 'color'): Promise<string> {
  return target.evaluate(
    ([name, prop]) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style[prop] = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      const resolved = getComputedStyle(probe)[prop];
      probe.remove();
      return resolved;
    },
    [variable, property] as const,
  );
}

/** An element's computed colour; poll it: `await expect.poll(() => style(el, 'color')).toBe(...)`. */
export function style(locator: Locator, property: ColourProperty): Promise<string> {
  return locator.evaluate((el, prop) => getComputedStyle(el)[prop], property);
}
