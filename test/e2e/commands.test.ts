import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-commands';
const shot = (name: string) => path.join(REPO_ROOT, 'test-results', name);

describe('e2e: slash commands of a Claude Code .claude setup', () => {
  // The workspace carries test/fixtures/claude-setup: commands (one broken on purpose), a skill, hooks, memory.
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY, (ws) => cpSync(path.join(REPO_ROOT, 'test/fixtures/claude-setup'), ws, { recursive: true })));

  it('lists the commands with descriptions when / is typed, reports the broken file, and opens /context in its panel', async () => {
    await activityBarIcon(wb.page).click();
    await wb.page.mouse.move(900, 600);
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('/');

    const items = chat.getByTestId('completion-item');
    const itemTexts = () => items.allInnerTexts().then((texts) => texts.join('\n'));
    await expect.poll(itemTexts, { timeout: 30_000 }).toContain('/greet');
    await expect.poll(itemTexts).toContain('Greets someone in the house style');
    await expect.poll(itemTexts).toContain('<name>');
    await expect.poll(itemTexts).toContain('/git:brief');
    await expect.poll(itemTexts).toContain('/context');
    // The broken command file is named, with its line, in the banner; the others still load.
    await expect.poll(() => chat.getByTestId('config-problem').allInnerTexts().then((t) => t.join('\n')), { timeout: 30_000 }).toMatch(/broken\.md:3/);
    await wb.page.screenshot({ path: shot('e2e-commands.png') });

    // Filtering: typed letters narrow the list.
    await input.pressSequentially('cont');
    await expect.poll(() => items.allInnerTexts()).toEqual([expect.stringContaining('/context')]);
    // Typed out in full, Enter runs it.
    await input.pressSequentially('ext');
    await input.press('Enter');
    const panel = chat.locator('[data-testid="command-panel"][data-panel="context"]');
    await panel.waitFor({ state: 'visible', timeout: 30_000 });
    await chat.getByTestId('context-bar').waitFor({ state: 'visible' });
    await expect.poll(() => chat.getByTestId('context-legend-row').count()).toBeGreaterThan(2);
    await expect.poll(() => chat.getByTestId('context-summary').innerText()).toMatch(/\d/);
    // The fixture's skill is listed in the system prompt, so its part is not empty even before the first turn.
    await expect.poll(() => chat.getByTestId('context-legend-row').filter({ hasText: 'Skills' }).innerText()).toMatch(/Skills\s+[1-9]/);
    await wb.page.screenshot({ path: shot('e2e-context.png') });
    // Nothing went to the model: /context is answered in the view.
    expect(wb.fake.requests.length).toBe(0);
  });
});
