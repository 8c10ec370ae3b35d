import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fake-anthropic';
import { REPO_ROOT } from '../support/codeServer';
import { chatFrame, openWorkbench, type OpenWorkbench } from './workbench';

const WORKSPACE = path.join(REPO_ROOT, 'test/fixtures/workspace');
const RESULTS = path.join(REPO_ROOT, 'test-results');
const API_KEY = 'sk-ant-test-e2e';

/** Runs a command from the palette (F1) by its title, as a person would. */
async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const box = page.locator('.quick-input-widget input');
  await box.waitFor({ state: 'visible' });
  await box.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
}

describe('e2e: palette commands and the status bar in a real VS Code', () => {
  let fake: FakeAnthropic;
  let wb: OpenWorkbench;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    wb = await openWorkbench({ folder: WORKSPACE, env: { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: fake.url } });
    page = wb.page;
  });

  afterAll(async () => {
    await wb?.close();
    await fake?.close();
  });

  it('puts an @file#Lx-y mention of the editor selection into the chat composer', async () => {
    await runCommand(page, 'Go to File');
    await page.locator('.quick-input-widget input').fill('hello.ts');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'hello.ts' }).first().waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await editor.locator('.view-lines').click();
    // Line 2 start to line 3 end.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');

    await runCommand(page, 'Codewright: Add Selection to Chat');
    const chat = await chatFrame(page);
    const input = chat.getByTestId('composer-input');
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe('@hello.ts#L2-3 ');
    await page.screenshot({ path: path.join(RESULTS, 'palette-add-selection.png') });
  });

  it('shows the permission mode in the status bar, follows Cycle Permission Mode, and opens the chat on click', async () => {
    const item = page.locator('.statusbar-item', { hasText: 'Ask before edits' });
    await item.waitFor({ state: 'visible' });
    await runCommand(page, 'Codewright: Cycle Permission Mode');
    await page.locator('.statusbar-item', { hasText: 'Accept edits' }).waitFor({ state: 'visible' });
    // The header's mode picker follows the command.
    const chat = await chatFrame(page);
    await expect.poll(() => chat.getByTestId('mode-select').inputValue()).toBe('acceptEdits');
    await runCommand(page, 'View: Close Primary Side Bar');
    await expect.poll(() => page.locator('.part.sidebar').isVisible()).toBe(false);
    await page.locator('.statusbar-item', { hasText: 'Accept edits' }).click();
    await expect.poll(() => page.locator('.part.sidebar').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.part.sidebar .composite.title').innerText()).toContain('CODEWRIGHT');
  });

  it('adds the active file to the composer of a hidden chat once it has reloaded', async () => {
    // Focus back in the editor (the chat had it), so F1 reaches the workbench.
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await runCommand(page, 'View: Close Primary Side Bar');
    await expect.poll(() => page.locator('.part.sidebar').isVisible()).toBe(false);
    await runCommand(page, 'Codewright: Add File to Chat');
    const chat = await chatFrame(page);
    await expect.poll(() => chat.getByTestId('composer-input').inputValue(), { timeout: 20_000 }).toMatch(/@hello\.ts $/);
  });
});
