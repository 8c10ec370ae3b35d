/**
 * Two chats in editor tabs, at work at the same time in the real workbench: each is asked to create its
 * own file, both wait at their own permission dialog (the status bar counts two chats at work), each is
 * allowed in its own tab and finishes with its own edit and nothing of the other's. Screenshots go to
 * test-results/. (A tab's session coming back after a reload is tested on the serializer in
 * test/integration/suite/chats.test.ts: code-server does not always show a restored page in the editor group
 * without focus.)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { eventually } from '../support/ui';
import { runCommand } from './palette';
import { EXTENSION_ID, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-chat-tabs';
const OPEN_TAB = 'Codewright: Open Chat in New Tab';

/** The pages of the chats in editor tabs (the body says `data-chat-surface="tab"`), once their app has mounted. */
async function tabFrames(page: Page): Promise<Frame[]> {
  const found: Frame[] = [];
  for (const outer of page.frames()) {
    if (!outer.url().includes(`extensionId=${EXTENSION_ID}`)) continue;
    const inner = outer.childFrames()[0];
    if (!inner) continue;
    const isTab = await inner.evaluate(() => document.body.dataset.chatSurface === 'tab' && document.querySelector('#root > *') !== null).catch(() => false);
    if (isTab) found.push(inner);
  }
  return found;
}

/** Waits for a tab page that is not one of `known` and returns it. */
async function newTab(page: Page, known: Frame[]): Promise<Frame> {
  let fresh: Frame | undefined;
  await eventually(async () => {
    fresh = (await tabFrames(page)).find((f) => !known.includes(f));
    return fresh !== undefined;
  }, 'a new chat tab').toBe(true);
  return fresh as Frame;
}

const lastAssistant = (chat: Frame) => chat.locator('[data-testid="message"][data-role="assistant"]').last();

describe('e2e: two chats in editor tabs at work at once', () => {
  // `manual`: a proposed edit does not open the diff editor beside the tabs; each tab's dialog asks.
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY, undefined, { 'codewright.diffReview.open': 'manual' }));

  async function ask(chat: Frame, prompt: string): Promise<void> {
    const input = chat.getByTestId('composer-input');
    await input.fill(prompt);
    await input.press('Enter');
    await chat.getByTestId('permission-dialog').waitFor({ state: 'visible', timeout: 60_000 });
  }

  it('runs both, each waiting at its own dialog, and each finishes with its own edit', async () => {
    const alpha = path.join(wb.workspace, 'alpha.txt');
    const beta = path.join(wb.workspace, 'beta.txt');
    // One request at a time in this order: A's and B's first turns (both then wait at their dialogs), then A's and B's ends.
    wb.fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_a', name: 'Write', input: { file_path: alpha, content: 'written by chat A\n' } }], expect: { lastUserTextIncludes: 'create alpha' } },
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Write', input: { file_path: beta, content: 'written by chat B\n' } }], expect: { lastUserTextIncludes: 'create beta' } },
      { content: [{ type: 'text', text: 'Chat A created alpha.txt.' }], expect: { toolResultIds: ['toolu_a'] } },
      { content: [{ type: 'text', text: 'Chat B created beta.txt.' }], expect: { toolResultIds: ['toolu_b'] } },
    ]);
    await runCommand(wb.page, OPEN_TAB);
    const a = await newTab(wb.page, []);
    await ask(a, 'create alpha.txt');
    await runCommand(wb.page, OPEN_TAB);
    const b = await newTab(wb.page, [a]);
    await ask(b, 'create beta.txt');

    // Both at work at once: each holds its own dialog, and the status bar counts them.
    await wb.page.locator('.statusbar-item', { hasText: '2 chats' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => a.getByTestId('permission-dialog').innerText()).toContain('alpha.txt');
    await expect.poll(() => b.getByTestId('permission-dialog').innerText()).toContain('beta.txt');
    await wb.page.locator('.tab', { hasText: 'create alpha.txt' }).first().waitFor({ state: 'visible' });
    await wb.page.locator('.tab', { hasText: 'create beta.txt' }).first().waitFor({ state: 'visible' });
    mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
    await wb.page.mouse.move(700, 850);
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-chat-tabs.png') });

    await a.getByTestId('permission-dialog').press('1');
    await expect.poll(() => lastAssistant(a).innerText(), { timeout: 60_000 }).toContain('Chat A created alpha.txt.');
    await b.getByTestId('permission-dialog').press('1');
    await expect.poll(() => lastAssistant(b).innerText(), { timeout: 60_000 }).toContain('Chat B created beta.txt.');
    expect(readFileSync(alpha, 'utf8')).toBe('written by chat A\n');
    expect(readFileSync(beta, 'utf8')).toBe('written by chat B\n');
    await expect.poll(() => a.locator('#root').innerText()).not.toContain('beta');
    await expect.poll(() => b.locator('#root').innerText()).not.toContain('alpha');
    await wb.page.locator('.statusbar-item', { hasText: '2 chats' }).waitFor({ state: 'detached', timeout: 30_000 });
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-chat-tabs-done.png') });
  });
});
