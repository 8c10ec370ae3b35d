import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostToWebview, NoticeEntry } from '../../extension/protocol/messages';
import { launchChromium } from '../support/browser';
import { themeColour } from '../support/ui';
import { added, assistantMessage, delta, snapshot, userMessage } from './fixtures';
import { openWebview, startHarness, type Harness, type WebviewPage } from './harness';
import type { ThemeKind } from './theme';

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

const noticeAdded = (notice: NoticeEntry): HostToWebview => ({ type: 'noticeAdded', notice });
const MARKUP = '**not bold** <img src=x onerror=alert(1)><script>alert(2)</script>\n[a link](https://example.com)';

/** The computed left border colour of the first notice. */
const borderOf = () => view.page.getByTestId('notice').first().evaluate((el) => getComputedStyle(el).borderLeftColor);

describe('notice rows', () => {
  it("shows a hook's message as its own row, as literal text, between the rows around it", async () => {
    view = await openWebview(browser, harness);
    await view.send(snapshot([userMessage('u1', 'run the tests')]), added(assistantMessage('a1', 'Running them.', 'streaming')));
    await view.send(noticeAdded({ id: 'n1', role: 'notice', hookEvent: 'PreToolUse', toolUseId: 'toolu_1', text: MARKUP }));
    await view.send(added(assistantMessage('a2', '', 'streaming')), delta('a2', 'Done.'));
    const notice = view.page.getByTestId('notice');
    await expect.poll(() => notice.locator('.notice-label').textContent()).toBe('PreToolUse hook:');
    await expect.poll(() => notice.locator('.notice-text').textContent()).toBe(MARKUP);
    await expect.poll(() => notice.getAttribute('role')).toBe('note');
    // Plain text: no element was made from the hook's words.
    await expect.poll(() => notice.locator('strong, a, img, script').count()).toBe(0);
    await expect.poll(() => view.page.locator('#root img, #root script').count()).toBe(0);
    // In order: the reply so far, the notice, the reply after it.
    const order = () => view.page.locator('[data-testid="message"], [data-testid="notice"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-role') ?? e.getAttribute('data-source')));
    await expect.poll(order).toEqual(['user', 'assistant', 'hook', 'assistant']);
    expect(view.consoleErrors).toEqual([]);
  });

  it("shows the loop's own notice from the snapshot, labelled as a note", async () => {
    view = await openWebview(browser, harness);
    const text = 'Stopped before the next model request: the session has cost $0.0120, which reaches its budget of $0.01.';
    await view.send(snapshot([userMessage('u1', 'go'), { id: 'n1', role: 'notice', text }]));
    const notice = view.page.getByTestId('notice');
    await expect.poll(() => notice.innerText()).toBe(`Note: ${text}`);
    await expect.poll(() => notice.getAttribute('data-source')).toBe('loop');
  });

  for (const theme of ['dark', 'light', 'high-contrast'] as ThemeKind[]) {
    it(`takes its colours from the ${theme} theme: text in the foreground colour, a hook's rule in the warning colour`, async () => {
      view = await openWebview(browser, harness, { theme });
      await view.send(snapshot([userMessage('u1', 'go'), { id: 'n1', role: 'notice', hookEvent: 'PostToolUse', text: 'Formatted 3 files.' }]));
      const notice = view.page.getByTestId('notice');
      await expect.poll(() => notice.innerText()).toBe('PostToolUse hook: Formatted 3 files.');
      const foreground = await themeColour(view.page, '--vscode-foreground');
      const warning = await themeColour(view.page, '--vscode-editorWarning-foreground');
      await expect.poll(() => notice.evaluate((el) => getComputedStyle(el).color)).toBe(foreground);
      await expect.poll(borderOf).toBe(warning);
    });
  }
});
