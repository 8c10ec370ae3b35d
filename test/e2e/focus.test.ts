/**
 * Where the keys go after Open Chat and New Chat in the real workbench: into the chat's prompt box, from
 * wherever focus was (the editor, the palette). The host reveals the view with focus and posts
 * `focusComposer`; the page takes window focus and puts the cursor in the box.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { runCommand } from './palette';
import { chatFrame, openFakeWorkbench, useWorkbench } from './workbench';

const RESULTS = path.join(REPO_ROOT, 'test-results');
const API_KEY = 'sk-ant-test-e2e';

/** Focus in an editor, away from the chat: a file opened from Go to File, its text clicked. */
async function focusEditor(page: Page): Promise<void> {
  await runCommand(page, 'Go to File');
  await page.locator('.quick-input-widget input').fill('hello.ts');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'hello.ts' }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await lines.waitFor({ state: 'visible' });
  await lines.click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
}

/** The chat's prompt box holds the keys: its page has window focus and the box is its active element. */
function composerHasKeys(chat: Frame): Promise<boolean> {
  return chat.evaluate(() => document.hasFocus() && document.activeElement?.getAttribute('data-testid') === 'composer-input');
}

describe('e2e: the cursor after Open Chat and New Chat', () => {
  beforeAll(() => {
    mkdirSync(RESULTS, { recursive: true });
  });
  const wb = useWorkbench(() => openFakeWorkbench({ apiKey: API_KEY }, API_KEY));

  it('puts the cursor in the prompt box on Open Chat, so what is typed next lands there', async () => {
    await focusEditor(wb.page);
    await runCommand(wb.page, 'Codewright: Open Chat');
    const chat = await chatFrame(wb.page);
    await expect.poll(() => composerHasKeys(chat), { timeout: 30_000 }).toBe(true);
    await wb.page.keyboard.type('typed after Open Chat');
    await expect.poll(() => chat.getByTestId('composer-input').inputValue()).toBe('typed after Open Chat');
    await wb.page.screenshot({ path: path.join(RESULTS, 'e2e-focus-open-chat.png') });
    await chat.getByTestId('composer-input').fill('');
  });

  it('puts it back in the prompt box on Open Chat when the open chat last had focus on a button', async () => {
    const chat = await chatFrame(wb.page);
    await chat.getByTestId('new-chat').click();
    await expect.poll(() => chat.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('new-chat');
    await focusEditor(wb.page);
    await runCommand(wb.page, 'Codewright: Open Chat');
    await expect.poll(() => composerHasKeys(chat), { timeout: 30_000 }).toBe(true);
    await wb.page.keyboard.type('typed again');
    await expect.poll(() => chat.getByTestId('composer-input').inputValue()).toBe('typed again');
    await chat.getByTestId('composer-input').fill('');
  });

  it('puts the cursor in the prompt box on New Chat, from the editor', async () => {
    await focusEditor(wb.page);
    await runCommand(wb.page, 'Codewright: New Chat');
    const chat = await chatFrame(wb.page);
    await expect.poll(() => composerHasKeys(chat), { timeout: 30_000 }).toBe(true);
    await wb.page.keyboard.type('typed after New Chat');
    await expect.poll(() => chat.getByTestId('composer-input').inputValue()).toBe('typed after New Chat');
    // Not in the editor: the file is unchanged.
    await expect.poll(() => wb.page.locator('.editor-instance .view-lines').first().innerText()).not.toContain('typed after');
  });
});
