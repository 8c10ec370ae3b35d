import { describe, expect, it } from 'vitest';
import { added, busy, snapshot, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const input = () => view.page.getByTestId('composer-input');
const menuItems = () => view.page.getByTestId('completion-item');
const postedAfterReady = async () => (await view.posted()).slice(1);
const commands = [
  { name: 'compact', description: 'Summarize the conversation' },
  { name: 'clear', description: 'Start a new chat' },
];

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([], { commands }), ...events);
}

describe('webview composer', () => {
  it('walks back and forth through earlier prompts with the arrow keys', async () => {
    await open(added(userMessage('u1', 'first')), added(userMessage('u2', 'second')), added(userMessage('u3', 'third')));
    await input().press('ArrowUp');
    await expect.poll(() => input().inputValue()).toBe('third');
    await input().press('ArrowUp');
    await expect.poll(() => input().inputValue()).toBe('second');
    await input().press('ArrowUp');
    await input().press('ArrowUp');
    await expect.poll(() => input().inputValue()).toBe('first');
    await input().press('ArrowDown');
    await expect.poll(() => input().inputValue()).toBe('second');
    await input().press('ArrowDown');
    await input().press('ArrowDown');
    await expect.poll(() => input().inputValue()).toBe('');
  });

  it('completes slash commands with the keyboard and closes on Escape', async () => {
    await open();
    await input().pressSequentially('/');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringContaining('/compact'), expect.stringContaining('/clear')]);
    await input().press('Escape');
    await expect.poll(() => menuItems().count()).toBe(0);
    await input().pressSequentially('c');
    await expect.poll(() => menuItems().count()).toBe(2);
    await input().press('ArrowDown');
    await expect.poll(() => menuItems().nth(1).getAttribute('aria-selected')).toBe('true');
    await input().press('Enter');
    await expect.poll(() => input().inputValue()).toBe('/clear ');
    await expect.poll(() => menuItems().count()).toBe(0);
    await expect.poll(() => postedAfterReady()).toEqual([]);
    await input().press('Enter');
    // The protocol trims prompts.
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'sendPrompt', text: '/clear' }]);
  });

  it('opens the menu again for the same text typed after Escape closed it and the draft changed', async () => {
    await open();
    await input().pressSequentially('/cl');
    await expect.poll(() => menuItems().count()).toBe(1);
    await input().press('Escape');
    await expect.poll(() => menuItems().count()).toBe(0);
    await input().fill('');
    await input().pressSequentially('/cl');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringContaining('/clear')]);
  });

  it('filters slash commands as typed and accepts with Tab', async () => {
    await open();
    await input().pressSequentially('/co');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringContaining('/compact')]);
    await input().press('Tab');
    await expect.poll(() => input().inputValue()).toBe('/compact ');
  });

  it('asks the host for files after @ and inserts the chosen path', async () => {
    await open();
    await input().pressSequentially('look at @app');
    const requests = (await postedAfterReady()) as { type: string; query: string; requestId: string }[];
    const last = requests.at(-1);
    expect(last).toMatchObject({ type: 'searchFiles', query: 'app' });
    expect(requests.every((r) => r.type === 'searchFiles')).toBe(true);
    // An answer to an older query is ignored.
    await view.send({ type: 'fileSuggestions', requestId: requests[0]?.requestId ?? 'x', items: [{ path: 'stale.ts' }] });
    await expect.poll(() => menuItems().count()).toBe(requests.length === 1 ? 1 : 0);
    await view.send({ type: 'fileSuggestions', requestId: last?.requestId ?? '', items: [{ path: 'src/app.ts' }, { path: 'test/app.test.ts' }] });
    await expect.poll(() => menuItems().allInnerTexts()).toEqual(['src/app.ts', 'test/app.test.ts']);
    await input().press('ArrowDown');
    await input().press('Enter');
    await expect.poll(() => input().inputValue()).toBe('look at @test/app.test.ts ');
    await expect.poll(() => menuItems().count()).toBe(0);
  });

  it('leaves a typed line range after an @ path as it is', async () => {
    await open();
    await input().pressSequentially('see @src/a.ts#L5-10');
    await expect.poll(() => menuItems().count()).toBe(0);
    await input().press('Enter');
    await expect.poll(async () => (await postedAfterReady()).at(-1)).toEqual({ type: 'sendPrompt', text: 'see @src/a.ts#L5-10' });
  });

  it('sends what is typed while busy for the host to queue, shows the host\'s queue, and removes a chip through the host', async () => {
    await open(busy(true));
    for (const text of ['one', 'two', 'three']) {
      await input().fill(text);
      await input().press('Enter');
    }
    await expect.poll(() => input().inputValue()).toBe('');
    await expect.poll(() => postedAfterReady()).toEqual(['one', 'two', 'three'].map((text) => ({ type: 'sendPrompt', text })));
    const three = { id: 'q3', text: 'three', imageCount: 0 };
    const queue = [{ id: 'q1', text: 'one', imageCount: 0 }, { id: 'q2', text: 'two', imageCount: 2 }, three];
    await view.send({ type: 'queueChanged', queue });
    await expect.poll(() => view.page.getByTestId('queued-chip').allInnerTexts()).toEqual([
      expect.stringContaining('one'),
      expect.stringContaining('two'),
      expect.stringContaining('three'),
    ]);
    await expect.poll(() => view.page.getByTestId('queued-images').innerText()).toBe('+2 images');
    await view.page.getByTestId('queued-remove').nth(1).click();
    await expect.poll(async () => (await postedAfterReady()).at(-1)).toEqual({ type: 'removeQueued', id: 'q2' });
    // The chip goes when the host says so, not before.
    await expect.poll(() => view.page.getByTestId('queued-chip').count()).toBe(3);
    await view.send({ type: 'queueChanged', queue: [three] });
    await expect.poll(() => view.page.getByTestId('queued-chip').allInnerTexts()).toEqual([expect.stringContaining('three')]);
    // A reload restores the queue from the snapshot.
    await view.close();
    view = await openPage();
    await view.send(snapshot([], { commands, busy: true, queue: [three] }));
    await expect.poll(() => view.page.getByTestId('queued-chip').allInnerTexts()).toEqual([expect.stringContaining('three')]);
  });

  it('shows running background tasks and posts stopTask from their Stop button', async () => {
    await open({
      type: 'tasksChanged',
      tasks: [
        { id: 'b1', description: 'npm run watch', status: 'running' },
        { id: 'b2', description: 'old build', status: 'completed' },
      ],
    });
    const rows = view.page.getByTestId('task-row');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('npm run watch')]);
    await rows.getByTestId('task-stop').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'stopTask', taskId: 'b1' }]);
    await view.send({ type: 'tasksChanged', tasks: [{ id: 'b1', description: 'npm run watch', status: 'killed' }] });
    await expect.poll(() => view.page.getByTestId('task-panel').count()).toBe(0);
  });
});

describe('webview composer: where the cursor goes', () => {
  const focusedTestId = () => view.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
  const blur = () => view.page.evaluate(() => void (document.activeElement as HTMLElement | null)?.blur());

  it('puts the cursor in the prompt box when the host asks (Open Chat, New Chat), so what is typed next lands there', async () => {
    await open(added(userMessage('u1', 'earlier')));
    await input().waitFor();
    await blur();
    await expect.poll(() => focusedTestId()).toBeNull();
    await view.send({ type: 'focusComposer' });
    await expect.poll(() => focusedTestId()).toBe('composer-input');
    await view.page.keyboard.type('typed next');
    await expect.poll(() => input().inputValue()).toBe('typed next');
  });

  it('puts it in the prompt box when the view itself gets focus with nothing inside focused', async () => {
    await open();
    await input().waitFor();
    await blur();
    await view.page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
    await expect.poll(() => focusedTestId()).toBe('composer-input');
  });

  it('puts it in a permission dialog waiting for an answer rather than the prompt box', async () => {
    await open({
      type: 'permissionRequested',
      request: {
        requestId: 'req-1',
        toolUseId: 'toolu_1',
        toolName: 'Bash',
        title: 'Bash',
        verb: 'Run',
        summary: 'npm test',
        message: 'Bash wants to run a command',
        warnings: [],
        suggestions: [],
        preview: { kind: 'bash', command: 'npm test' },
        waiting: 0,
      },
    });
    await expect.poll(() => focusedTestId()).toBe('permission-dialog');
    await input().focus();
    await view.send({ type: 'focusComposer' });
    await expect.poll(() => focusedTestId()).toBe('permission-dialog');
  });
});

describe('webview composer while the agent works', () => {
  const hint = () => view.page.getByTestId('composer-hint');
  const sendNow = () => view.page.getByTestId('send-now-button');

  it('says what Enter, Ctrl+Enter and Escape do, and does just that: Enter queues, Ctrl+Enter and the button interrupt', async () => {
    await open(busy(true));
    await expect.poll(() => hint().innerText()).toBe(
      'Working… Enter queues your message for the next step; Ctrl+Enter stops the running tool and sends it now; Escape stops.',
    );
    // Nothing to send yet: only Stop.
    await expect.poll(() => sendNow().count()).toBe(0);
    await input().fill('after this step');
    await input().press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'sendPrompt', text: 'after this step' }]);
    await input().fill('right now');
    await input().press('Control+Enter');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'sendPrompt', text: 'after this step' },
      { type: 'sendPrompt', text: 'right now', interrupt: true },
    ]);
    await input().fill('this too');
    await expect.poll(() => sendNow().getAttribute('aria-label')).toBe('Stop the running tool and send now (Ctrl+Enter)');
    await expect.poll(() => sendNow().innerText()).toBe('Stop tool & send');
    await sendNow().click();
    await expect.poll(async () => (await postedAfterReady()).at(-1)).toEqual({ type: 'sendPrompt', text: 'this too', interrupt: true });
    await expect.poll(() => input().inputValue()).toBe('');
    await input().press('Escape');
    await expect.poll(async () => (await postedAfterReady()).at(-1)).toEqual({ type: 'stop' });
  });

  it('sends with Ctrl+Enter like Enter when idle (there is nothing to interrupt)', async () => {
    await open();
    await input().fill('hello');
    await input().press('Control+Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'sendPrompt', text: 'hello' }]);
  });
});
