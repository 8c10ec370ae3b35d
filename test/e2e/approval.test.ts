import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-approval';

describe('e2e: the agent asks before it writes a file', () => {
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY));

  async function ask(prompt: string, file: string): Promise<void> {
    wb.fake.setScript([
      { content: [{ type: 'text', text: 'Writing the file.' }, { type: 'tool_use', id: `toolu_${file}`, name: 'Write', input: { file_path: path.join(wb.workspace, file), content: 'written by the agent\n' } }] },
      { content: [{ type: 'text', text: 'Finished.' }] },
    ]);
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.fill(prompt);
    await input.press('Enter');
  }

  it('writes the file once the user allows it in the dialog', async () => {
    await activityBarIcon(wb.page).click();
    await ask('create allowed.txt', 'allowed.txt');
    const chat = await chatFrame(wb.page);
    // The chat view is showing, so its inline dialog asks, not VS Code's modal.
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => dialog.innerText()).toContain('Write');
    await expect.poll(() => dialog.locator('.diff-line[data-kind="added"]').innerText()).toContain('written by the agent');
    await expect.poll(() => wb.page.locator('.monaco-dialog-box').count()).toBe(0);
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-approval.png') });
    expect(existsSync(path.join(wb.workspace, 'allowed.txt'))).toBe(false);
    await dialog.press('1');
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(readFileSync(path.join(wb.workspace, 'allowed.txt'), 'utf8')).toBe('written by the agent\n');
    const results = JSON.stringify(wb.fake.requests.at(-1)?.body.messages);
    expect(results).toContain('File created successfully at:');
  });

  it('does not write when the user cancels, and tells the model', async () => {
    await ask('create denied.txt', 'denied.txt');
    const chat = await chatFrame(wb.page);
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    await dialog.press('Escape');
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(existsSync(path.join(wb.workspace, 'denied.txt'))).toBe(false);
    expect(JSON.stringify(wb.fake.requests.at(-1)?.body.messages)).toContain('The user denied Write');
  });
});
