/**
 * A scripted session in the real workbench: the model reads, greps and lists files (no prompts: they only
 * read), then edits a file, which the user approves in the chat panel's inline dialog with the `1` key.
 * Screenshots of the conversation in the dark, light and high-contrast themes go to test-results/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { settled } from '../support/ui';
import { askForFriendlierGreeting, editTheGreeting, lookAtTheCode } from './greeting';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-session';
const THEMES = [
  ['dark', 'Default Dark Modern'],
  ['light', 'Default Light Modern'],
  ['high-contrast', 'Default High Contrast'],
] as const;

describe('e2e: a scripted session with Read, Grep, Bash and an approved Edit', () => {
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY));

  it('runs the tools, asks before the edit, applies it once approved, in every theme', async () => {
    const file = path.join(wb.workspace, 'hello.ts');
    wb.fake.setScript([
      lookAtTheCode(file),
      { content: [{ type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'ls -la', description: 'List files' } }], expect: { toolResultIds: ['toolu_read', 'toolu_grep'] } },
      ...editTheGreeting(file, ['toolu_bash']),
    ]);
    await activityBarIcon(wb.page).click();
    const chat = await chatFrame(wb.page);
    await askForFriendlierGreeting(chat);
    // Nothing was written while the dialog waits; the reading tools already ran without asking.
    expect(readFileSync(file, 'utf8')).toContain('Hello, ${name}!');
    for (const tool of ['Read', 'Grep', 'Bash']) {
      await expect.poll(() => chat.locator(`[data-testid="tool"][data-tool="${tool}"]`).first().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    }
    mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
    // Park the pointer on the editor so the activity bar's hover tooltip does not cover the chat.
    await wb.page.mouse.move(900, 300);
    await expect.poll(() => wb.page.locator('.monaco-hover, .workbench-hover, [role="tooltip"]').filter({ hasText: 'Codewright' }).count(), { timeout: 5_000 }).toBe(0);
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-session-dialog.png') });
    await wb.page.keyboard.press('1');

    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().innerText(), { timeout: 30_000 }).toContain('Hi there');
    expect(readFileSync(file, 'utf8')).toContain('Hi there, ${name}!');
    await expect.poll(() => chat.locator('[data-testid="tool"][data-tool="Edit"]').first().getAttribute('data-status')).toBe('done');

    mkdirSync(path.join(wb.workspace, '.vscode'), { recursive: true });
    for (const [name, theme] of THEMES) {
      writeFileSync(path.join(wb.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'workbench.colorTheme': theme }));
      const kind = name === 'high-contrast' ? 'vscode-high-contrast' : `vscode-${name}`;
      await expect.poll(() => chat.evaluate(() => document.body.className), { timeout: 30_000 }).toContain(kind);
      // The screenshot waits for both the workbench and the chat to have repainted in the new colours.
      await settled(async () => [
        await chat.evaluate(() => getComputedStyle(document.body).backgroundColor),
        await wb.page.evaluate(() => getComputedStyle(document.querySelector('.monaco-workbench') ?? document.body).backgroundColor),
      ]);
      await wb.page.screenshot({ path: path.join(REPO_ROOT, `test-results/e2e-session-${name}.png`) });
    }
  });
});
