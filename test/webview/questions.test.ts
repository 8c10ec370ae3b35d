import { describe, expect, it } from 'vitest';
import type { HostToWebview, QuestionRequest, TodoView } from '../../extension/protocol/messages';
import { colour, extras } from '../fixtures/questions';
import { snapshot, toolResult, toolStarted } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const request = (questions: QuestionRequest['questions'], requestId = 'qr-1'): QuestionRequest => ({ requestId, questions });
const asked = (r: QuestionRequest): HostToWebview => ({ type: 'questionAsked', request: r });
const card = () => view.page.getByTestId('question-card');
const option = (label: string) => view.page.locator(`[data-testid="question-option"][data-label="${label}"]`);
const answers = async () => (await view.posted()).filter((m) => (m as { type: string }).type === 'answerQuestion');
const focusedTestId = () => view.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

async function openWith(...events: HostToWebview[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot(), ...events);
}

describe('webview question card', () => {
  it('shows each question with its header chip, options and descriptions, as a focused dialog', async () => {
    await openWith(asked(request([colour, extras])));
    await card().waitFor();
    await expect.poll(() => card().getAttribute('role')).toBe('dialog');
    await expect.poll(() => focusedTestId()).toBe('question-card');
    const sections = view.page.getByTestId('question-section');
    await expect.poll(() => sections.count()).toBe(2);
    await expect.poll(() => sections.nth(0).locator('.question-chip').innerText()).toBe('Colour');
    await expect.poll(() => sections.nth(0).locator('.question-text').innerText()).toBe('Which colour should the button be?');
    await expect.poll(() => option('Red').innerText()).toContain('Warm and loud');
    await expect.poll(() => sections.nth(0).locator('input[type="radio"]').count()).toBe(3); // two options and "Other"
    await expect.poll(() => sections.nth(1).locator('input[type="checkbox"]').count()).toBe(3);
    await expect.poll(() => view.page.getByTestId('question-submit').isDisabled()).toBe(true);
  });

  it('answers a single-select question picked by click', async () => {
    await openWith(asked(request([colour])));
    await card().waitFor();
    await option('Blue').click();
    await view.page.getByTestId('question-submit').click();
    await view.page.getByTestId('question-submit').click();
    await expect.poll(() => answers()).toEqual([{ type: 'answerQuestion', requestId: 'qr-1', answers: [{ question: colour.question, selected: ['Blue'] }] }]);
  });

  it('picks with number keys, moving to the next question, and submits with Enter', async () => {
    await openWith(asked(request([colour, extras])));
    await card().waitFor();
    await view.page.keyboard.press('2'); // Blue, then on to the extras
    await view.page.keyboard.press('1'); // Lint
    await view.page.keyboard.press('3'); // CI
    await view.page.keyboard.press('1'); // Lint again: unpicked
    await view.page.keyboard.press('2'); // Tests
    await expect.poll(() => option('Blue').locator('input').isChecked()).toBe(true);
    await view.page.keyboard.press('Enter');
    await expect.poll(() => answers()).toEqual([
      {
        type: 'answerQuestion',
        requestId: 'qr-1',
        answers: [
          { question: colour.question, selected: ['Blue'] },
          { question: extras.question, selected: ['CI', 'Tests'] },
        ],
      },
    ]);
  });

  it('sends "other" text: the pick of a single-select question, an addition to a multi-select one', async () => {
    await openWith(asked(request([colour, extras])));
    await card().waitFor();
    const others = view.page.getByTestId('question-other');
    await option('Red').click();
    await others.nth(0).fill('Green, 1 2 3');
    await expect.poll(() => option('Red').locator('input').isChecked()).toBe(false);
    await option('Tests').click();
    await others.nth(1).fill('Storybook');
    await expect.poll(() => answers()).toEqual([]);
    await others.nth(1).press('Enter');
    await expect.poll(() => answers()).toEqual([
      {
        type: 'answerQuestion',
        requestId: 'qr-1',
        answers: [
          { question: colour.question, selected: [], other: 'Green, 1 2 3' },
          { question: extras.question, selected: ['Tests'], other: 'Storybook' },
        ],
      },
    ]);
  });

  it('Enter before every question is answered moves to the first unanswered one instead of sending', async () => {
    await openWith(asked(request([colour, extras])));
    await card().waitFor();
    await option('Lint').click();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => answers()).toEqual([]);
    await expect.poll(() => view.page.getByTestId('question-section').nth(0).getAttribute('class')).toContain('question-active');
  });

  it.each([
    ['Escape', () => view.page.keyboard.press('Escape')],
    ['Skip', () => view.page.getByTestId('question-skip').click()],
  ])('declines with %s', async (_name, act) => {
    await openWith(asked(request([colour])));
    await card().waitFor();
    await act();
    await expect.poll(() => answers()).toEqual([{ type: 'answerQuestion', requestId: 'qr-1', answers: [], declined: true }]);
  });

  it('closes on questionResolved and gives focus back to the composer', async () => {
    await openWith(asked(request([colour])));
    await card().waitFor();
    await view.send({ type: 'questionResolved', requestId: 'qr-1' });
    await card().waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId()).toBe('composer-input');
  });

  it('comes back, unanswered, from the snapshot of a reloaded view', async () => {
    view = await openPage();
    await view.send(snapshot([], { pendingQuestion: request([extras], 'qr-7') }));
    await card().waitFor();
    await view.page.keyboard.press('3');
    await view.page.keyboard.press('Enter');
    await expect.poll(() => answers()).toEqual([{ type: 'answerQuestion', requestId: 'qr-7', answers: [{ question: extras.question, selected: ['CI'] }] }]);
  });

  it('renders option text as text, never as markup', async () => {
    const hostile = { ...colour, question: '<img src=x onerror="window.__pwned=1">?', options: [{ label: '<b>bold</b>', description: '<script>1</script>' }, colour.options[1]!] };
    await openWith(asked(request([hostile])));
    await card().waitFor();
    await expect.poll(() => view.page.getByTestId('question-section').locator('.question-text').innerText()).toBe('<img src=x onerror="window.__pwned=1">?');
    await expect.poll(() => card().locator('b, img, script').count()).toBe(0);
  });
});

describe('webview todo panel', () => {
  const todos: TodoView[] = [
    { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
    { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
    { content: 'Run the tests', status: 'pending', activeForm: 'Running the tests' },
  ];

  it('shows the list from todosChanged with each status, progress, and collapses', async () => {
    await openWith();
    await expect.poll(() => view.page.getByTestId('todo-panel').count()).toBe(0);
    await view.send({ type: 'todosChanged', todos });
    const items = view.page.getByTestId('todo-item');
    await expect.poll(() => items.evaluateAll((els) => els.map((e) => [e.getAttribute('data-status'), e.querySelector('.todo-mark')?.textContent, e.querySelector('.todo-text')?.textContent]))).toEqual([
      ['completed', '✓', 'Read the code'],
      ['in_progress', '◐', 'Fixing the bug'],
      ['pending', '○', 'Run the tests'],
    ]);
    await expect.poll(() => items.nth(0).locator('.todo-text').evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('line-through');
    await expect.poll(() => view.page.getByTestId('todo-progress').innerText()).toBe('1/3 done');
    await view.page.getByTestId('todo-toggle').click();
    await expect.poll(() => items.count()).toBe(0);
    await expect.poll(() => view.page.getByTestId('todo-toggle').innerText()).toContain('Fixing the bug');
    await view.send({ type: 'todosChanged', todos: [] });
    await expect.poll(() => view.page.getByTestId('todo-panel').count()).toBe(0);
  });

  it('restores the list from the snapshot', async () => {
    view = await openPage();
    await view.send(snapshot([], { todos }));
    await expect.poll(() => view.page.getByTestId('todo-progress').innerText()).toBe('1/3 done');
  });
});

describe('webview rows of TodoWrite and AskUserQuestion', () => {
  it('titles a TodoWrite row with its progress and lists the items when expanded', async () => {
    const input = { todos: [{ content: 'A', status: 'completed', activeForm: 'Doing A' }, { content: 'B', status: 'pending', activeForm: 'Doing B' }] };
    await openWith(toolStarted('t1', 'TodoWrite', input, '1/2 done'), toolResult('t1', { isError: false, text: 'Todos have been modified successfully.', truncated: false }));
    const row = view.page.getByTestId('tool');
    await expect.poll(() => row.locator('.tool-title').innerText()).toBe('Updated todos');
    await expect.poll(() => row.locator('.tool-summary').innerText()).toBe('1/2 done');
    await row.locator('.tool-header').click();
    const items = row.getByTestId('todo-result').locator('li');
    await expect.poll(() => items.evaluateAll((els) => els.map((e) => [e.getAttribute('data-status'), e.textContent]))).toEqual([
      ['completed', '✓A'],
      ['pending', '○B'],
    ]);
  });

  it('shows each question of an AskUserQuestion row with the answer given', async () => {
    await openWith(
      toolStarted('q1', 'AskUserQuestion', { questions: [colour, extras] }, 'Colour, Extras'),
      toolResult('q1', {
        isError: false,
        text: 'User has answered your questions: …',
        truncated: false,
        data: {
          kind: 'questions',
          declined: false,
          items: [
            { question: colour.question, header: 'Colour', selected: [], other: 'Green' },
            { question: extras.question, header: 'Extras', selected: ['Lint', 'CI'] },
          ],
        },
      }),
    );
    const row = view.page.getByTestId('tool');
    await expect.poll(() => row.locator('.tool-title').innerText()).toBe('Asked you');
    await row.locator('.tool-header').click();
    await expect.poll(() => row.getByTestId('question-answer').allInnerTexts()).toEqual(['Green', 'Lint, CI']);
  });
});
