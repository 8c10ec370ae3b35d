import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeAnthropic } from '../fixtures/fake-anthropic';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, type AgentWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-approval';

describe('e2e: the agent asks before it writes a file', () => {
  let wb: AgentWorkbench;
  let fake: FakeAnthropic;
  let page: Page;
  let workspace: string;

  beforeAll(async () => {
    wb = await openAgentWorkbench(API_KEY);
    ({ fake, page, workspace } = wb);
  });

  afterAll(async () => {
    await wb?.close();
  });

  async function ask(prompt: string, file: string): Promise<void> {
    fake.setScript([
      { content: [{ type: 'text', text: 'Writing the file.' }, { type: 'tool_use', id: `toolu_${file}`, name: 'Write', input: { file_path: path.join(workspace, file), content: 'written by the agent\n' } }] },
      { content: [{ type: 'text', text: 'Finished.' }] },
    ]);
    const chat = await chatFrame(page);
    const input = chat.getByTestId('composer-input');
    await input.fill(prompt);
    await input.press('Enter');
  }

  it('writes the file once the user allows it in the dialog', async () => {
    await activityBarIcon(page).click();
    await ask('create allowed.txt', 'allowed.txt');
    const chat = await chatFrame(page);
    // The chat view is showing, so its inline dialog asks, not VS Code's modal.
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => dialog.innerText()).toContain('Write');
    await expect.poll(() => dialog.locator('.diff-line[data-kind="added"]').innerText()).toContain('written by the agent');
    await expect.poll(() => page.locator('.monaco-dialog-box').count()).toBe(0);
    await page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-approval.png') });
    expect(existsSync(path.join(workspace, 'allowed.txt'))).toBe(false);
    await dialog.press('1');
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(readFileSync(path.join(workspace, 'allowed.txt'), 'utf8')).toBe('written by the agent\n');
    const results = JSON.stringify(fake.requests.at(-1)?.body.messages);
    expect(results).toContain('File created successfully at:');
  });

  it('does not write when the user cancels, and tells the model', async () => {
    await ask('create denied.txt', 'denied.txt');
    const chat = await chatFrame(page);
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    await dialog.press('Escape');
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(existsSync(path.join(workspace, 'denied.txt'))).toBe(false);
    expect(JSON.stringify(fake.requests.at(-1)?.body.messages)).toContain('The user denied Write');
  });
});
