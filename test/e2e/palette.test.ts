import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { runCommand } from './palette';
import { chatFrame, openFakeWorkbench, useWorkbench } from './workbench';

const RESULTS = path.join(REPO_ROOT, 'test-results');
const API_KEY = 'sk-ant-test-e2e';

describe('e2e: palette commands and the status bar in a real VS Code', () => {
  beforeAll(() => {
    mkdirSync(RESULTS, { recursive: true });
  });
  const wb = useWorkbench(() => openFakeWorkbench({ apiKey: API_KEY }, API_KEY));

  it('puts an @file#Lx-y mention of the editor selection into the chat composer', async () => {
    await runCommand(wb.page, 'Go to File');
    await wb.page.locator('.quick-input-widget input').fill('hello.ts');
    await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'hello.ts' }).first().waitFor({ state: 'visible' });
    await wb.page.keyboard.press('Enter');
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await editor.locator('.view-lines').click();
    // Line 2 start to line 3 end.
    await wb.page.keyboard.press('Control+Home');
    await wb.page.keyboard.press('ArrowDown');
    await wb.page.keyboard.press('Home');
    await wb.page.keyboard.press('Shift+ArrowDown');
    await wb.page.keyboard.press('Shift+End');

    await runCommand(wb.page, 'Codewright: Add Selection to Chat');
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe('@hello.ts#L2-3 ');
    await wb.page.screenshot({ path: path.join(RESULTS, 'palette-add-selection.png') });
  });

  it('shows the permission mode in the status bar, follows Cycle Permission Mode, and opens the chat on click', async () => {
    const item = wb.page.locator('.statusbar-item', { hasText: 'Ask before edits' });
    await item.waitFor({ state: 'visible' });
    await runCommand(wb.page, 'Codewright: Cycle Permission Mode');
    await wb.page.locator('.statusbar-item', { hasText: 'Accept edits' }).waitFor({ state: 'visible' });
    // The header's mode picker follows the command.
    const chat = await chatFrame(wb.page);
    await expect.poll(() => chat.getByTestId('mode-select').inputValue()).toBe('acceptEdits');
    await runCommand(wb.page, 'View: Close Primary Side Bar');
    await expect.poll(() => wb.page.locator('.part.sidebar').isVisible()).toBe(false);
    await wb.page.locator('.statusbar-item', { hasText: 'Accept edits' }).click();
    await expect.poll(() => wb.page.locator('.part.sidebar').isVisible()).toBe(true);
    await expect.poll(() => wb.page.locator('.part.sidebar .composite.title').innerText()).toContain('CODEWRIGHT');
  });

  it('adds the active file to the composer of a hidden chat once it has reloaded', async () => {
    // Focus back in the editor (the chat had it), so F1 reaches the workbench.
    await wb.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await runCommand(wb.page, 'View: Close Primary Side Bar');
    await expect.poll(() => wb.page.locator('.part.sidebar').isVisible()).toBe(false);
    await runCommand(wb.page, 'Codewright: Add File to Chat');
    const chat = await chatFrame(wb.page);
    await expect.poll(() => chat.getByTestId('composer-input').inputValue(), { timeout: 20_000 }).toMatch(/@hello\.ts $/);
  });
});
