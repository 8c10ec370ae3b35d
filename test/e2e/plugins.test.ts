/**
 * The /plugin panel in a real VS Code (code-server, issue 29): typed in the composer it opens the panel; a
 * folder marketplace (a scratch copy of test/fixtures/plugin-marketplace) is added from the panel's form;
 * Install asks in VS Code's modal, naming the hook command the plugin will run; once installed, its command
 * is offered when `/` is typed, and Disable takes it out again. Claude Code's files go to the throwaway
 * profile's CLAUDE_CONFIG_DIR (test/support/codeServer.ts).
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-plugins';
const shot = (name: string) => path.join(REPO_ROOT, 'test-results', name);

function marketplaceCopy(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cw-e2e-market-')), 'market');
  cpSync(path.join(REPO_ROOT, 'test/fixtures/plugin-marketplace'), dir, { recursive: true });
  return dir;
}

async function completions(chat: Frame, typed: string): Promise<string> {
  const input = chat.getByTestId('composer-input');
  await input.fill('');
  await input.pressSequentially(typed);
  return (await chat.getByTestId('completion-item').allInnerTexts()).join('\n');
}

describe('e2e: the /plugin panel', () => {
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY));

  it('adds a marketplace, installs a plugin after VS Code asks, offers its command, and disables it', async () => {
    await activityBarIcon(wb.page).click();
    await wb.page.mouse.move(900, 600);
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.click();
    await input.fill('/plugin');
    await input.press('Enter');
    const panel = chat.locator('[data-testid="command-panel"][data-panel="plugins"]');
    await panel.waitFor({ state: 'visible', timeout: 30_000 });

    await panel.getByTestId('plugin-marketplace-input').fill(marketplaceCopy());
    await panel.getByTestId('plugin-marketplace-add').click();
    const greet = panel.locator('[data-testid="plugin-item"][data-id="greet@cw-fixtures"]');
    await greet.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => greet.getAttribute('data-state')).toBe('available');
    await expect.poll(() => greet.getByTestId('plugin-contributes').innerText()).toContain('/greet:greet');
    const audit = panel.locator('[data-testid="plugin-item"][data-id="audit-log@cw-fixtures"]');
    await expect.poll(() => audit.getByTestId('plugin-contributes').innerText()).toContain('PreToolUse');
    await expect.poll(() => panel.getByTestId('plugin-notice').innerText()).toContain('Added the marketplace cw-fixtures');
    await panel.screenshot({ path: shot('e2e-plugins-panel.png') });

    // Installing a plugin with a hook: VS Code's modal names the command it will run.
    await audit.getByTestId('plugin-install').click();
    const modal = wb.page.locator('.monaco-dialog-box');
    await modal.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => modal.innerText()).toContain('Install audit-log@cw-fixtures?');
    await expect.poll(() => modal.innerText()).toContain('PreToolUse: echo bash');
    await wb.page.screenshot({ path: shot('e2e-plugins-install.png') });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => panel.getByTestId('plugin-notice').innerText()).toContain('Not installed');
    await expect.poll(() => audit.getAttribute('data-state')).toBe('available');

    await greet.getByTestId('plugin-install').click();
    await modal.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => modal.innerText()).toContain('runs no hook commands and starts no MCP servers');
    await modal.getByRole('button', { name: 'Install' }).click();
    await modal.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => greet.getAttribute('data-state'), { timeout: 30_000 }).toBe('installed-enabled');
    await expect.poll(() => panel.getByTestId('plugin-notice').innerText()).toContain('Installed greet@cw-fixtures 1.0.0');
    await panel.screenshot({ path: shot('e2e-plugins-installed.png') });

    await greet.getByTestId('plugin-disable').click();
    await expect.poll(() => greet.getAttribute('data-state'), { timeout: 30_000 }).toBe('installed-disabled');
    await panel.getByTestId('command-panel-close').click();
    await expect.poll(() => completions(chat, '/gre'), { timeout: 30_000 }).not.toContain('/greet:greet');

    // Enabled again from the panel: the command is offered when / is typed.
    await input.fill('');
    await input.fill('/plugin');
    await input.press('Enter');
    await panel.waitFor({ state: 'visible', timeout: 30_000 });
    await greet.getByTestId('plugin-enable').click();
    await expect.poll(() => greet.getAttribute('data-state'), { timeout: 30_000 }).toBe('installed-enabled');
    await panel.getByTestId('command-panel-close').click();
    await expect.poll(() => completions(chat, '/gre'), { timeout: 30_000 }).toContain('/greet:greet');
    await expect.poll(() => completions(chat, '/gre')).toContain('Say hello');
    // Nothing went to the model.
    expect(wb.fake.requests.length).toBe(0);
  });
});
