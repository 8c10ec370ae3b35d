import { describe, expect, it } from 'vitest';
import type { TodoView, WorkItemView } from '../../extension/protocol/messages';
import { style, themeColour } from '../support/ui';
import { snapshot, toolResult, toolStarted } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const workList: WorkItemView[] = [
  { id: '1', subject: 'Read the code', status: 'completed', blockedBy: [] },
  { id: '2', subject: 'Fix the parser', activeForm: 'Fixing the parser', status: 'in_progress', owner: 'fixer', blockedBy: [] },
  { id: '3', subject: 'Ship it', status: 'pending', blockedBy: ['2'] },
];
const todos: TodoView[] = [{ content: 'A todo', status: 'pending', activeForm: 'Doing a todo' }];

const panel = () => view.page.getByTestId('worklist-panel');
const items = () => view.page.getByTestId('worklist-item');
const rows = () =>
  items().evaluateAll((els) =>
    els.map((e) => [
      e.getAttribute('data-task-id'),
      e.getAttribute('data-status'),
      e.querySelector('.worklist-mark')?.textContent,
      e.querySelector('.worklist-text')?.textContent,
      e.querySelector('[data-testid="worklist-owner"]')?.textContent ?? null,
      e.querySelector('[data-testid="worklist-blocked"]')?.textContent ?? null,
    ]),
  );

describe('webview work-list panel', () => {
  it('stays hidden while the list is empty and shows each task from workListChanged', async () => {
    view = await openPage();
    await view.send(snapshot());
    await expect.poll(() => view.page.getByTestId('message-list').count()).toBe(1);
    await expect.poll(() => panel().count()).toBe(0);
    await view.send({ type: 'workListChanged', workList });
    await expect.poll(() => rows()).toEqual([
      ['1', 'completed', '✓', 'Read the code', null, null],
      ['2', 'in_progress', '◐', 'Fixing the parser', 'fixer', null],
      ['3', 'pending', '○', 'Ship it', null, 'blocked by #2'],
    ]);
    await expect.poll(() => view.page.getByTestId('worklist-progress').innerText()).toBe('1/3 done');
    await expect.poll(() => items().nth(0).locator('.worklist-text').evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('line-through');
    await view.send({ type: 'workListChanged', workList: [] });
    await expect.poll(() => panel().count()).toBe(0);
  });

  it('sits beside the todo checklist, restored from the snapshot', async () => {
    view = await openPage();
    await view.send(snapshot([], { todos, workList }));
    await expect.poll(() => rows().then((r) => r.length)).toBe(3);
    const order = () =>
      view.page.evaluate(() => {
        const todo = document.querySelector('[data-testid="todo-panel"]');
        const work = document.querySelector('[data-testid="worklist-panel"]');
        return todo && work ? todo.nextElementSibling === work : null;
      });
    await expect.poll(order).toBe(true);
  });

  it('collapses and expands from the keyboard, showing the task in progress when collapsed', async () => {
    view = await openPage();
    await view.send(snapshot([], { workList }));
    const toggle = view.page.getByTestId('worklist-toggle');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => items().count()).toBe(0);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => toggle.innerText()).toContain('Fixing the parser');
    await view.page.keyboard.press('Space');
    await expect.poll(() => items().count()).toBe(3);
    const controlled = () => toggle.evaluate((el) => document.getElementById(el.getAttribute('aria-controls') ?? '')?.getAttribute('data-testid'));
    await expect.poll(controlled).toBe('worklist-list');
  });

  it('takes its colours from the theme', async () => {
    view = await openPage({ theme: 'light' });
    await view.send(snapshot([], { workList }));
    const current = items().nth(1).locator('.worklist-text');
    await expect.poll(() => style(current, 'color')).toBe(await themeColour(view.page, '--vscode-textLink-foreground'));
    const done = items().nth(0).locator('.worklist-text');
    await expect.poll(() => style(done, 'color')).toBe(await themeColour(view.page, '--vscode-descriptionForeground'));
  });
});

describe('webview rows of the work-list tools and Sleep', () => {
  const done = (text: string) => ({ isError: false, text, truncated: false });

  it('titles each row from its input and shows the tool’s answer when expanded', async () => {
    view = await openPage();
    await view.send(
      snapshot(),
      toolStarted('c1', 'TaskCreate', { subject: 'Fix the parser', description: 'Dates' }, 'Fix the parser'),
      toolResult('c1', done('Task #2 created: Fix the parser')),
      toolStarted('u1', 'TaskUpdate', { taskId: '2', status: 'completed' }, '#2 completed'),
      toolResult('u1', done('Updated task #2: status.')),
      toolStarted('u2', 'TaskUpdate', { taskId: '#3', status: 'deleted' }),
      toolResult('u2', done('Deleted task #3 (Ship) and its links.')),
      toolStarted('g1', 'TaskGet', { taskId: '2' }),
      toolResult('g1', done('Task #2: Fix the parser')),
      toolStarted('l1', 'TaskList', {}),
      toolResult('l1', done('#2 [completed] Fix the parser')),
      toolStarted('s1', 'Sleep', { seconds: 30 }, '30s'),
      toolResult('s1', done('Slept for 30 seconds.')),
    );
    const titles = () => view.page.getByTestId('tool').locator('.tool-title').allInnerTexts();
    await expect.poll(titles).toEqual(['Created task: Fix the parser', 'Updated task #2 → completed', 'Deleted task #3', 'Read task #2', 'Listed tasks', 'Slept 30s']);
    const created = view.page.getByTestId('tool').nth(0);
    await created.locator('.tool-header').click();
    await expect.poll(() => created.getByTestId('tool-output').innerText()).toBe('Task #2 created: Fix the parser');
  });

  it('shows a running Sleep as sleeping', async () => {
    view = await openPage();
    await view.send(snapshot(), toolStarted('s1', 'Sleep', { seconds: 5 }, '5s', 'Sleeping 5s'));
    await expect.poll(() => view.page.getByTestId('tool').locator('.tool-title').innerText()).toBe('Sleeping 5s');
  });
});
