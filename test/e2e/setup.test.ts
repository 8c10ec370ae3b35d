import { describe, expect, it } from 'vitest';
import { activityBarIcon, chatFrame, openFakeWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-from-secret-storage';

describe('e2e: first run without an API key', () => {
  // No key in the environment: the only way in is the palette command, which stores it in SecretStorage.
  const wb = useWorkbench(() => openFakeWorkbench({ apiKey: API_KEY, fallback: 'echo' }, ''));

  it('shows the setup screen, takes the key through the palette flow, then chats', async () => {
    await activityBarIcon(wb.page).click();
    let chat = await chatFrame(wb.page);
    await expect.poll(() => chat.getByTestId('setup-screen').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => chat.getByTestId('setup-screen').innerText()).toMatch(/API key/i);
    await expect.poll(() => chat.getByTestId('composer-input').count()).toBe(0);

    await chat.getByTestId('set-api-key').click();
    const box = wb.page.locator('.quick-input-widget input[type="password"]');
    await box.waitFor({ state: 'visible', timeout: 15_000 });
    await box.fill(API_KEY);
    await box.press('Enter');

    chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.waitFor({ state: 'visible', timeout: 20_000 });
    await input.fill('is the key stored?');
    await input.press('Enter');
    const assistant = chat.locator('[data-testid="message"][data-role="assistant"][data-status="done"] .message-text');
    await assistant.waitFor({ timeout: 20_000 });
    await expect.poll(() => assistant.innerText()).toBe('You said: is the key stored?');
    // The fake only answers the key typed into the palette, so the request really carried it.
    expect(wb.fake.requests.at(-1)?.status).toBe(200);
  });
});
