/**
 * Resuming a session from History in the real workbench shows everything the agent did, as it was shown
 * while it ran: the scripted session reads, searches, runs two commands (one fails), hands a search to an
 * Explore sub-agent and edits a file (approved in the chat); then a new chat, History, and the same session
 * comes back with the same rows, their inputs and results, the sub-agent's nested row and the changed file.
 * A screenshot of the resumed chat goes to test-results/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { settled } from '../support/ui';
import { askForFriendlierGreeting, editTheGreeting, GREETING_PROMPT, lookAtTheCode } from './greeting';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-resume';
const EXPLORE_SYSTEM = 'You are a fast exploration sub-agent';
const REPORT = 'One TypeScript file: hello.ts.';

/** Each tool row as one line: its tool, status and header (label and summary). */
function toolRows(chat: Frame): Promise<string[]> {
  return chat
    .locator('[data-testid="tool"]')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-tool')}|${e.getAttribute('data-status')}|${(e.querySelector('.tool-header')?.textContent ?? '').trim()}`));
}

const messages = (chat: Frame) => chat.locator('[data-testid="message"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-role')}: ${(e.textContent ?? '').trim()}`));

describe('e2e: a session resumed from History', () => {
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY));

  it('shows every tool row with its input and result, the sub-agent and the changed file, as they were', async () => {
    const file = path.join(wb.workspace, 'hello.ts');
    wb.fake.setScript([
      lookAtTheCode(file),
      {
        content: [
          { type: 'tool_use', id: 'toolu_ls', name: 'Bash', input: { command: 'ls', description: 'List files' } },
          { type: 'tool_use', id: 'toolu_ls_bad', name: 'Bash', input: { command: 'ls no-such-dir', description: 'List a missing folder' } },
        ],
        expect: { toolResultIds: ['toolu_read', 'toolu_grep'] },
      },
      {
        content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { subagent_type: 'Explore', description: 'Find the TypeScript files', prompt: 'List the TypeScript files.' } }],
        expect: { toolResultIds: ['toolu_ls', 'toolu_ls_bad'] },
      },
      { content: [{ type: 'tool_use', id: 'toolu_glob', name: 'Glob', input: { pattern: '*.ts' } }], expect: { systemIncludes: EXPLORE_SYSTEM } },
      { content: [{ type: 'text', text: REPORT }], expect: { systemIncludes: EXPLORE_SYSTEM, toolResultIds: ['toolu_glob'] } },
      ...editTheGreeting(file, ['toolu_agent']),
    ]);
    await activityBarIcon(wb.page).click();
    await wb.page.mouse.move(900, 300);
    const chat = await chatFrame(wb.page);
    const dialog = await askForFriendlierGreeting(chat);
    // A click, not a key: the diff review may have taken the focus to the editor meanwhile.
    await dialog.getByTestId('permission-allow').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const lastReply = () => chat.locator('[data-testid="message"][data-role="assistant"]').last();
    await expect.poll(() => lastReply().innerText(), { timeout: 30_000 }).toContain('Hi there');
    await expect.poll(() => lastReply().getAttribute('data-status')).toBe('done');
    await expect.poll(() => chat.getByTestId('changed-files-count').innerText(), { timeout: 30_000 }).toBe('1 file changed');
    const liveRows = await settled(() => toolRows(chat));
    const liveMessages = await settled(() => messages(chat));
    expect(liveRows.map((r) => r.split('|').slice(0, 2).join('|'))).toEqual(['Read|done', 'Grep|done', 'Bash|done', 'Bash|error', 'Agent|done', 'Edit|done']);

    // A new chat, then the session again from History.
    await chat.getByTestId('new-chat').click();
    await expect.poll(() => chat.locator('[data-testid="tool"]').count()).toBe(0);
    await chat.getByTestId('history-button').click();
    const item = chat.getByTestId('session-item').filter({ hasText: GREETING_PROMPT });
    await item.first().click();

    await expect.poll(() => toolRows(chat), { timeout: 30_000 }).toEqual(liveRows);
    await expect.poll(() => messages(chat)).toEqual(liveMessages);
    await expect.poll(() => chat.getByTestId('changed-files-count').innerText(), { timeout: 30_000 }).toBe('1 file changed');

    // The rows' content: labels and inputs, results, the failure, the sub-agent's own row, the diff.
    const row = (tool: string, i = 0) => chat.locator(`[data-testid="tool"][data-tool="${tool}"]`).nth(i);
    await expect.poll(() => row('Read').locator('.tool-header').innerText()).toContain('hello.ts');
    await expect.poll(() => row('Grep').locator('.tool-header').innerText()).toContain('Hello');
    await expect.poll(() => row('Bash', 1).getByTestId('tool-error').innerText()).toMatch(/no-such-dir|Exit code/);
    await row('Bash').locator('.tool-header').click();
    await expect.poll(() => row('Bash').getByTestId('bash-command').innerText()).toBe('$ ls');
    await expect.poll(() => row('Bash').getByTestId('tool-output').innerText()).toContain('hello.ts');
    await row('Bash').locator('.tool-header').click();
    await row('Grep').locator('.tool-header').click();
    await expect.poll(() => row('Grep').getByTestId('tool-body').innerText()).toContain('Hello, ${name}!');
    await row('Grep').locator('.tool-header').click();

    const agent = row('Agent');
    await expect.poll(() => agent.getByTestId('agent-meta').innerText()).toContain('Explore');
    await expect.poll(() => agent.getByTestId('agent-meta').innerText()).toContain('1 tool use');
    await agent.getByTestId('agent-toggle').click();
    await expect.poll(() => agent.getByTestId('agent-child').innerText()).toContain('Glob');
    await expect.poll(() => agent.getByTestId('agent-child').getAttribute('data-status')).toBe('done');
    await expect.poll(() => agent.getByTestId('agent-report').innerText()).toContain(REPORT);
    await agent.getByTestId('agent-toggle').click();

    await row('Edit').locator('.tool-header').click();
    await expect.poll(() => row('Edit').getByTestId('diff').innerText()).toContain('Hi there, ${name}!');
    mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-resume.png') });
    // Nothing ran again: every scripted reply was used once, by the live session.
    expect(wb.fake.remaining()).toBe(0);
  });
});
