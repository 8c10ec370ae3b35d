import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colour as question, paintTodos as todos } from '../fixtures/questions';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-questions';

describe('e2e: the agent keeps a todo list and asks the user a question', () => {
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY));

  it('shows the todos, asks in the card, and sends the answer to the model', async () => {
    wb.fake.setScript([
      { content: [{ type: 'text', text: 'Planning.' }, { type: 'tool_use', id: 'toolu_todo', name: 'TodoWrite', input: { todos } }] },
      { content: [{ type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input: { questions: [question] } }] },
      { content: [{ type: 'text', text: 'Blue it is.' }] },
    ]);
    await activityBarIcon(wb.page).click();
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.fill('paint the button');
    await input.press('Enter');

    const card = chat.getByTestId('question-card');
    await card.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => card.innerText()).toContain('Which colour should the button be?');
    await expect.poll(() => chat.getByTestId('todo-progress').innerText()).toBe('0/2 done');
    await expect.poll(() => chat.getByTestId('todo-item').nth(0).innerText()).toContain('Picking a colour');
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-questions.png') });

    await card.press('2');
    await card.press('Enter');
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(JSON.stringify(wb.fake.requests.at(-1)?.body.messages)).toContain(
      'User has answered your questions: \\"Which colour should the button be?\\"=\\"Blue\\". You can now continue',
    );
  });
});
