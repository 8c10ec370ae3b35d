import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, hideAndShowSideBar, openFakeWorkbench, titleStop, useWorkbench } from './workbench';

const RESULTS = path.join(REPO_ROOT, 'test-results');
const REPLY = 'Hello from the fake model! This reply arrives in several streamed pieces.';
const API_KEY = 'sk-ant-test-e2e';

describe('e2e: chatting in the sidebar of a real VS Code', () => {
  beforeAll(() => {
    mkdirSync(RESULTS, { recursive: true });
  });
  const wb = useWorkbench(() => openFakeWorkbench({ apiKey: API_KEY }, API_KEY));

  it('streams the model reply into the chat after the user types a prompt', async () => {
    wb.fake.setScript([
      {
        content: [{ type: 'text', text: REPLY, chunks: 8 }],
        delayMsBetweenEvents: 120,
        expect: { lastUserTextIncludes: 'hello' },
      },
    ]);
    await activityBarIcon(wb.page).click();
    const chat = await chatFrame(wb.page);
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
      if (sample?.status === 'streaming') titleStopSeen ||= (await titleStop(wb.page).count()) > 0;
      if (sample?.status === 'done' || sample?.status === 'error') break;
      await wb.page.waitForTimeout(40);
    }
    const final = samples.at(-1);
    expect(final, JSON.stringify(wb.fake.requests.map((r) => [r.status, r.error]))).toMatchObject({ status: 'done' });
    expect(final?.text).toBe(REPLY);
    const partial = samples.filter((s) => s.status === 'streaming' && s.text.length > 0 && s.text.length < REPLY.length);
    expect(partial.length, `samples: ${JSON.stringify(samples.slice(0, 5))}`).toBeGreaterThan(0);
    for (const p of partial) expect(REPLY.startsWith(p.text), `"${p.text}" is not a prefix of the reply`).toBe(true);

    // The view title's Stop action exists only while a turn runs (when clause on codewright.busy).
    expect(titleStopSeen).toBe(true);
    await expect.poll(() => titleStop(wb.page).count(), { timeout: 10_000 }).toBe(0);

    const request = wb.fake.requests.at(-1);
    expect(request?.body).toMatchObject({
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }] }],
    });
    await wb.page.screenshot({ path: path.join(RESULTS, 'e2e-chat.png') });
  });

  it('keeps the conversation when the view is hidden and shown again', async () => {
    // Hiding discards the webview's page; showing it again reloads it, and it asks for a snapshot.
    await hideAndShowSideBar(wb.page);
    const chat = await chatFrame(wb.page);
    await expect
      .poll(() => chat.locator('[data-testid="message"]').allInnerTexts(), { timeout: 20_000 })
      .toEqual([expect.stringContaining('hello'), expect.stringContaining(REPLY)]);
  });

  it('keeps an unsent prompt, its text and a pasted image, when the view is hidden and shown again', async () => {
    let chat = await chatFrame(wb.page);
    await chat.getByTestId('composer-input').fill('half-written prompt');
    // A real 1×1 PNG, pasted as a file.
    await chat.evaluate(() => {
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'shot.png', { type: 'image/png' }));
      const target = document.querySelector('[data-testid="composer-input"]');
      target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await chat.getByTestId('composer-image').waitFor({ state: 'visible', timeout: 10_000 });
    // The report of the image to the host is a message away; give it a moment before the page goes.
    await wb.page.waitForTimeout(500);
    await hideAndShowSideBar(wb.page);
    chat = await chatFrame(wb.page);
    await expect.poll(() => chat.getByTestId('composer-input').inputValue(), { timeout: 20_000 }).toBe('half-written prompt');
    await expect.poll(() => chat.getByTestId('composer-image').count(), { timeout: 20_000 }).toBe(1);
    await chat.getByTestId('composer-image-remove').click();
    await chat.getByTestId('composer-input').fill('');
  });

  it('queues a message typed while the agent works and sends it after the turn; Stop puts a queued one back', async () => {
    const slow = (text: string, prompt: string) => ({
      content: [{ type: 'text' as const, text, chunks: 20 }],
      delayMsBetweenEvents: 300,
      expect: { lastUserTextIncludes: prompt },
    });
    wb.fake.setScript([slow('Working on the first one.', 'first task'), { content: [{ type: 'text', text: 'Second done.' }], expect: { lastUserTextIncludes: 'second task' } }]);
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    const chips = chat.getByTestId('queued-chip');
    const stopButton = chat.getByTestId('stop-button');
    const userTexts = () => chat.locator('[data-testid="message"][data-role="user"]').allInnerTexts();
    /** Sends `prompt`, then types `queued` while its turn runs; the chip shows it waiting. */
    const sendThenQueue = async (prompt: string, queued: string) => {
      await input.fill(prompt);
      await input.press('Enter');
      await stopButton.waitFor({ state: 'visible', timeout: 30_000 });
      await input.fill(queued);
      await input.press('Enter');
      await expect.poll(() => chips.allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringContaining(queued)]);
    };
    const before = wb.fake.requests.length;
    await sendThenQueue('first task', 'second task');
    await expect.poll(() => input.inputValue()).toBe('');
    // Sent by itself once the first turn ends.
    await expect.poll(() => wb.fake.requests.length, { timeout: 30_000 }).toBe(before + 2);
    await expect.poll(userTexts, { timeout: 30_000 }).toEqual([
      expect.stringContaining('hello'),
      expect.stringContaining('first task'),
      expect.stringContaining('second task'),
    ]);
    await expect.poll(() => chips.count()).toBe(0);
    await stopButton.waitFor({ state: 'detached', timeout: 30_000 });

    // Stop (Escape in the prompt box) sends nothing more: the queued message comes back to be edited.
    wb.fake.setScript([slow('A long answer that the user stops.', 'third task')]);
    await sendThenQueue('third task', 'fourth task');
    await input.press('Escape');
    await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toBe('fourth task');
    await expect.poll(() => chips.count()).toBe(0);
    await stopButton.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status')).toBe('stopped');
    // Absence cannot be waited for: give a wrongly sent prompt a second to show up, then check it did not.
    await wb.page.waitForTimeout(1_000);
    expect(wb.fake.requests.length).toBe(before + 3);
    await expect.poll(async () => (await userTexts()).some((t) => t.includes('fourth task'))).toBe(false);
    await wb.page.screenshot({ path: path.join(RESULTS, 'e2e-queue-returned.png') });
  });
});
