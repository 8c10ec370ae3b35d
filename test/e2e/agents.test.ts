import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FakeAnthropic } from '../fixtures/fake-anthropic';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-agents';
const PLAN = '# Plan: greet politely\n\n1. Find the TypeScript files\n2. Change the greeting in `hello.ts`\n3. Run the tests';
const AGENT_PROMPT = 'List the TypeScript files in the workspace and say what each one does.';
const REPORT = 'Found one TypeScript file: hello.ts:1 defines the greeting.';
/** A line of the Explore agent's built-in system prompt: marks the requests the sub-agent makes. */
const EXPLORE_SYSTEM = 'You are a fast exploration sub-agent';

/** The last message of the last request the fake server got: the tool results of the turn's last step. */
const lastMessage = (fake: FakeAnthropic) => JSON.stringify((fake.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages?.at(-1));

/** The text of the built-in markdown preview's webview (the app lives in its outer frame's first child). */
async function markdownPreviewText(page: Page): Promise<string> {
  const texts = await Promise.all(
    page
      .frames()
      .filter((outer) => outer.url().includes('extensionId=vscode.markdown-language-features'))
      .map((outer) => outer.childFrames()[0]?.locator('body').innerText().catch(() => '') ?? ''),
  );
  return texts.join('\n');
}

const shot = (name: string) => path.join(REPO_ROOT, 'test-results', name);

describe('e2e: plan approval, a work list and a sub-agent in one session', () => {
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY));

  it('approves the plan, tracks two tasks, and shows the Explore agent and its report', async () => {
    // Every request takes the next turn, the sub-agent's included, in the order they happen.
    wb.fake.setScript([
      { content: [{ type: 'text', text: 'Let me plan first.' }, { type: 'tool_use', id: 'toolu_enter', name: 'EnterPlanMode', input: {} }] },
      { content: [{ type: 'tool_use', id: 'toolu_exit', name: 'ExitPlanMode', input: { plan: PLAN } }], expect: { toolResultIds: ['toolu_enter'] } },
      {
        content: [
          { type: 'tool_use', id: 'toolu_task1', name: 'TaskCreate', input: { subject: 'Find the TypeScript files', description: 'Ask an Explore agent', activeForm: 'Finding the TypeScript files' } },
          { type: 'tool_use', id: 'toolu_task2', name: 'TaskCreate', input: { subject: 'Change the greeting', description: 'Edit hello.ts' } },
          { type: 'tool_use', id: 'toolu_update', name: 'TaskUpdate', input: { taskId: '1', status: 'in_progress' } },
        ],
        expect: { toolResultIds: ['toolu_exit'] },
      },
      {
        content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { subagent_type: 'Explore', description: 'Find the TypeScript files', prompt: AGENT_PROMPT } }],
        expect: { toolResultIds: ['toolu_task1', 'toolu_task2', 'toolu_update'] },
      },
      // The sub-agent: its own conversation, started with the prompt, under the Explore system prompt.
      { content: [{ type: 'tool_use', id: 'toolu_glob', name: 'Glob', input: { pattern: '*.ts' } }], expect: { systemIncludes: EXPLORE_SYSTEM, lastUserTextIncludes: AGENT_PROMPT } },
      // Held back a few seconds so the row is seen while the agent runs (open, with its child row): the
      // fake server's only hook for "still running"; the assertions below wait for state, not for this.
      { content: [{ type: 'text', text: REPORT }], expect: { systemIncludes: EXPLORE_SYSTEM, toolResultIds: ['toolu_glob'] }, fault: { kind: 'slowFirstByte', ms: 4000 } },
      { content: [{ type: 'text', text: 'The plan is under way.' }], expect: { toolResultIds: ['toolu_agent'] } },
    ]);
    await activityBarIcon(wb.page).click();
    // The pointer leaves the activity bar, so its hover tooltip stays out of the screenshots.
    await wb.page.mouse.move(900, 600);
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    const modeSelect = chat.getByTestId('mode-select');
    const modeLabel = () => modeSelect.evaluate((el) => (el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : ''));
    await expect.poll(modeLabel).toBe('Ask before edits');
    await input.fill('make the greeting polite');
    await input.press('Enter');

    // 1. Plan mode, then the plan: the card in the chat and a tab in the editor.
    const card = chat.getByTestId('plan-card');
    await card.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => chat.getByTestId('plan-card-body').innerText()).toContain('Plan: greet politely');
    await expect.poll(() => chat.getByTestId('plan-card-body').innerText()).toContain('Change the greeting in hello.ts');
    await expect.poll(modeLabel).toBe('Plan');
    await expect.poll(() => modeSelect.inputValue()).toBe('plan');
    await wb.page.locator('.tabs-container .tab', { hasText: 'Plan.md' }).waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => markdownPreviewText(wb.page), { timeout: 30_000 }).toContain('Change the greeting in hello.ts');
    await wb.page.screenshot({ path: shot('e2e-plan.png') });

    // Approved from the keyboard in the mode that is not the suggested one: Enter on its button.
    await chat.getByTestId('plan-approve-acceptEdits').press('Enter');
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(modeLabel).toBe('Accept edits');
    await expect.poll(() => modeSelect.inputValue()).toBe('acceptEdits');

    // 2. The work list: two tasks, the first in progress (shown by its active form).
    const panel = chat.getByTestId('worklist-panel');
    await panel.waitFor({ state: 'visible', timeout: 30_000 });
    const items = chat.getByTestId('worklist-item');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.nth(0).innerText()).toContain('Finding the TypeScript files');
    await expect.poll(() => items.nth(0).getAttribute('data-status')).toBe('in_progress');
    await expect.poll(() => items.nth(1).innerText()).toContain('Change the greeting');
    await expect.poll(() => items.nth(1).getAttribute('data-status')).toBe('pending');
    await expect.poll(() => chat.getByTestId('worklist-progress').innerText()).toBe('0/2 done');

    // 3. The sub-agent: its type, and its own tool use nested in its row while it runs.
    const agent = chat.locator('[data-testid="tool"][data-tool="Agent"]');
    await agent.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => agent.innerText()).toContain('Find the TypeScript files');
    await expect.poll(() => agent.getByTestId('agent-meta').innerText()).toContain('Explore');
    const child = agent.getByTestId('agent-child');
    await expect.poll(() => child.innerText(), { timeout: 30_000 }).toContain('Glob');
    await expect.poll(() => child.getAttribute('data-status')).toBe('done');
    await expect.poll(() => agent.getAttribute('data-status')).toBe('running');
    await expect.poll(() => agent.getByTestId('agent-toggle').getAttribute('aria-expanded')).toBe('true');

    // Finished: the row closes; the keyboard opens it on the report, with the child row still nested.
    await expect.poll(() => agent.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const toggle = agent.getByTestId('agent-toggle');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => agent.getByTestId('agent-report').innerText()).toContain(REPORT);
    await expect.poll(() => child.innerText()).toContain('Glob');
    await expect.poll(() => agent.getByTestId('agent-meta').innerText()).toContain('1 tool use');
    await wb.page.screenshot({ path: shot('e2e-agent.png') });
    await toggle.press('Enter');
    await agent.getByTestId('agent-body').waitFor({ state: 'detached' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    // 4. The final answer; the model got the report as the Agent tool's result.
    await expect
      .poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 })
      .toBe('done');
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().innerText()).toContain('The plan is under way.');
    expect(wb.fake.remaining()).toBe(0);
    expect(lastMessage(wb.fake)).toContain('toolu_agent');
    expect(lastMessage(wb.fake)).toContain(REPORT);
    await panel.screenshot({ path: shot('e2e-worklist.png') });
  });
});
