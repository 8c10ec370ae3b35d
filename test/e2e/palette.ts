/**
 * Running a command from the palette (F1) by its title, as a person would, without racing the quick input.
 * A webview that loads (the chat in the side bar) can take focus at any moment, and F1 pressed inside it, or
 * a palette it closes by taking focus, never shows the command. So each attempt first takes focus back from
 * any webview, then waits on the palette's real state — open, holding the title, the command's row listed —
 * and only then presses Enter; an attempt whose palette closed or never opened starts again.
 */
import type { Page } from 'playwright-core';

const ATTEMPTS = 5;

/** Moves focus out of a webview's iframe to the workbench itself, where F1 is a workbench key. */
async function focusWorkbench(page: Page): Promise<void> {
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.tagName === 'IFRAME') active.blur();
  });
}

export async function runCommand(page: Page, title: string): Promise<void> {
  const box = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    try {
      await focusWorkbench(page);
      await page.keyboard.press('F1');
      await box.waitFor({ state: 'visible', timeout: 5_000 });
      await box.fill(`>${title}`, { timeout: 5_000 });
      await row.waitFor({ state: 'visible', timeout: 10_000 });
      // Still open and still ours: nothing took focus between filling it and now.
      if ((await box.isVisible()) && (await box.inputValue()) === `>${title}`) break;
    } catch (err) {
      if (attempt >= ATTEMPTS) throw new Error(`The command palette did not offer "${title}" in ${ATTEMPTS} attempts: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (await box.isVisible()) await page.keyboard.press('Escape');
  }
  await page.keyboard.press('Enter');
}
