import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fake-anthropic';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, titleStop, openWorkbench, type OpenWorkbench } from './workbench';

const WORKSPACE = path.join(REPO_ROOT, 'test/fixtures/workspace');
const RESULTS = path.join(REPO_ROOT, 'test-results');
const REPLY = 'Hello from the fake model! This reply arrives in several streamed pieces.';
const API_KEY = 'sk-ant-test-e2e';

describe('e2e: chatting in the sidebar of a real VS Code', () => {
  let fake: FakeAnthropic;
  let wb: OpenWorkbench;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    wb = await openWorkbench({
      folder: WORKSPACE,
      env: { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: fake.url },
    });
    page = wb.page;
  });

  afterAll(async () => {
    await wb?.close();
    await fake?.close();
  });

  it('streams the model reply into the chat after the user types a prompt', async () => {
    fake.setScript([
      {
        content: [{ type: 'text', text: REPLY, chunks: 8 }],
        delayMsBetweenEvents: 120,
        expect: { lastUserTextIncludes: 'hello' },
      },
    ]);
    await activityBarIcon(page).click();
    const chat = await chatFrame(page);
    const input = chat.getByTestId('composer-input');
    await input.click();
    await input.fill('hello');
    await input.press('Enter');

    await expect.poll(() => chat.locator('[data-testid="message"][data-role="user"]').allInnerTexts()).toEqual([
      expect.stringContaining('hello'),
    ]);
    // Sample the assistant message while it streams: it must be seen holding a strict, non-empty prefix of
    // the reply before it is seen complete.
    const samples: { status: string | null; text: string }[] = [];
    let titleStopSeen = false;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const sample = await chat.evaluate(() => {
        const all = document.querySelectorAll<HTMLElement>('[data-testid="message"][data-role="assistant"]');
        const last = all[all.length - 1];
        const text = last?.querySelector<HTMLElement>('.message-text')?.innerText ?? '';
        return last ? { status: last.getAttribute('data-status'), text } : null;
      });
      if (sample) samples.push(sample);
      if (sample?.status === 'streaming') titleStopSeen ||= (await titleStop(page).count()) > 0;
      if (sample?.status === 'done' || sample?.status === 'error') break;
      await page.waitForTimeout(40);
    }
    const final = samples.at(-1);
    expect(final, JSON.stringify(fake.requests.map((r) => [r.status, r.error]))).toMatchObject({ status: 'done' });
    expect(final?.text).toBe(REPLY);
    const partial = samples.filter((s) => s.status === 'streaming' && s.text.length > 0 && s.text.length < REPLY.length);
    expect(partial.length, `samples: ${JSON.stringify(samples.slice(0, 5))}`).toBeGreaterThan(0);
    for (const p of partial) expect(REPLY.startsWith(p.text), `"${p.text}" is not a prefix of the reply`).toBe(true);

    // The view title's Stop action exists only while a turn runs (when clause on codewright.busy).
    expect(titleStopSeen).toBe(true);
    await expect.poll(() => titleStop(page).count(), { timeout: 10_000 }).toBe(0);

    const request = fake.requests.at(-1);
    expect(request?.body).toMatchObject({
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }] }],
    });
    await page.screenshot({ path: path.join(RESULTS, 'e2e-chat.png') });
  });

  it('keeps the conversation when the view is hidden and shown again', async () => {
    const icon = activityBarIcon(page);
    await icon.click(); // hides the side bar
    await page.waitForTimeout(500);
    await icon.click(); // shows it again; the webview reloads and asks for a snapshot
    const chat = await chatFrame(page);
    await expect
      .poll(() => chat.locator('[data-testid="message"]').allInnerTexts(), { timeout: 20_000 })
      .toEqual([expect.stringContaining('hello'), expect.stringContaining(REPLY)]);
  });
});
