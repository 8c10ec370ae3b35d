import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './bundle';
import { added, assistantMessage, busy, delta, finished, snapshot, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';
import { style, themeColour } from '../support/ui';

const openPage = useWebviewPages();
let view: WebviewPage;

const messages = () => view.page.getByTestId('message');
const input = () => view.page.getByTestId('composer-input');

async function openChat(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot(), ...events);
}

describe('webview chat', () => {
  it('posts ready once on load and shows loading until the snapshot arrives', async () => {
    view = await openPage();
    await view.page.getByTestId('loading').waitFor();
    await expect.poll(() => view.posted()).toEqual([{ type: 'ready' }]);
    await view.send(snapshot([userMessage('u1', 'hello')]));
    await expect.poll(() => view.page.getByTestId('loading').count()).toBe(0);
    await expect.poll(() => messages().allInnerTexts()).toEqual([expect.stringContaining('hello')]);
    await expect.poll(() => view.posted()).toEqual([{ type: 'ready' }]);
  });

  it('renders the messages of a snapshot in order with their role and status', async () => {
    view = await openPage();
    await view.send(
      snapshot([
        userMessage('u1', 'What does main.ts do?'),
        assistantMessage('a1', 'It boots the app.'),
        userMessage('u2', 'And tests?'),
        assistantMessage('a2', 'Partly written', 'stopped'),
      ]),
    );
    const rows = () =>
      messages().evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-role'), e.getAttribute('data-status'), e.querySelector('.message-text')?.textContent]),
      );
    await expect.poll(rows).toEqual([
      ['user', 'done', 'What does main.ts do?'],
      ['assistant', 'done', 'It boots the app.'],
      ['user', 'done', 'And tests?'],
      ['assistant', 'stopped', 'Partly written'],
    ]);
    await expect.poll(() => messages().nth(3).innerText()).toContain('Stopped');
  });

  it('sends the prompt on Enter and clears the composer', async () => {
    await openChat();
    await input().fill('Explain the reducer');
    await input().press('Enter');
    await expect.poll(() => view.posted()).toEqual([{ type: 'ready' }, { type: 'sendPrompt', text: 'Explain the reducer' }]);
    await expect.poll(() => input().inputValue()).toBe('');
  });

  it('inserts a newline on Shift+Enter instead of sending', async () => {
    await openChat();
    await input().pressSequentially('line one');
    await input().press('Shift+Enter');
    await input().pressSequentially('line two');
    await expect.poll(() => input().inputValue()).toBe('line one\nline two');
    await expect.poll(() => view.posted()).toEqual([{ type: 'ready' }]);
    await view.page.getByTestId('send-button').click();
    await expect.poll(async () => (await view.posted()).at(-1)).toEqual({ type: 'sendPrompt', text: 'line one\nline two' });
  });

  it('keeps Send disabled while the composer is empty or blank', async () => {
    await openChat();
    const send = view.page.getByTestId('send-button');
    await expect.poll(() => send.isDisabled()).toBe(true);
    await input().fill('   \n ');
    await expect.poll(() => send.isDisabled()).toBe(true);
    await input().press('Enter');
    await expect.poll(() => view.posted()).toEqual([{ type: 'ready' }]);
    await input().fill('now');
    await expect.poll(() => send.isEnabled()).toBe(true);
  });

  it('recalls the last sent prompt with the up arrow in an empty composer', async () => {
    await openChat(added(userMessage('u1', 'first prompt')), added(assistantMessage('a1', 'ok')), added(userMessage('u2', 'second prompt')));
    await input().press('ArrowUp');
    await expect.poll(() => input().inputValue()).toBe('second prompt');
  });

  it('appends streamed text to the visible assistant message and marks it stopped when stopped', async () => {
    await openChat(added(userMessage('u1', 'Count')), added(assistantMessage('a1', '', 'streaming')), busy(true));
    const reply = messages().nth(1);
    await expect.poll(() => reply.getByTestId('streaming-indicator').isVisible()).toBe(true);
    await view.send(delta('a1', 'One, '));
    // Markdown: a paragraph's trailing space is not rendered.
    await expect.poll(() => reply.locator('.message-text').textContent()).toBe('One,');
    await view.send(delta('a1', 'two, '), delta('a1', 'three'));
    await expect.poll(() => reply.locator('.message-text').textContent()).toBe('One, two, three');
    await view.send(finished('a1', 'stopped'), busy(false));
    await expect.poll(() => reply.getAttribute('data-status')).toBe('stopped');
    await expect.poll(() => reply.getByTestId('streaming-indicator').count()).toBe(0);
    await expect.poll(() => reply.innerText()).toContain('Stopped');
  });

  it('shows a failed turn in the theme error colours', async () => {
    await openChat(added(assistantMessage('a1', '', 'streaming')), finished('a1', 'error', 'Rate limited: try again in a minute.'));
    const alert = view.page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Rate limited: try again in a minute.');
    // Error text takes the list's error colour, readable where errorForeground is not (webview/styles.css).
    const errorColour = await themeColour(view.page, '--vscode-list-errorForeground');
    const errorBackground = await themeColour(view.page, '--vscode-inputValidation-errorBackground', 'backgroundColor');
    await expect.poll(() => style(alert, 'color')).toBe(errorColour);
    await expect.poll(() => style(alert, 'backgroundColor')).toBe(errorBackground);
    await alert.getByRole('button', { name: 'Show logs' }).click();
    await expect.poll(async () => (await view.posted()).at(-1)).toEqual({ type: 'showLogs' });
  });

  it('shows Stop instead of Send while busy, posts stop from the button or Escape, and queues what Enter sends', async () => {
    await openChat(busy(true));
    await expect.poll(() => view.page.getByTestId('send-button').count()).toBe(0);
    await input().fill('queued thought');
    await input().press('Enter');
    await input().press('Escape');
    await view.page.getByTestId('stop-button').click();
    // Enter while busy hands the prompt to the host, which queues it until the turn ends.
    await expect.poll(() => view.posted()).toEqual([{ type: 'ready' }, { type: 'sendPrompt', text: 'queued thought' }, { type: 'stop' }, { type: 'stop' }]);
    await expect.poll(() => input().inputValue()).toBe('');
    await view.send(busy(false));
    await expect.poll(() => view.page.getByTestId('stop-button').count()).toBe(0);
  });

  it('follows new output at the bottom but stays put once the user scrolls up', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `line ${String(i + 1)}`).join('\n');
    await openChat(added(userMessage('u1', long)), added(assistantMessage('a1', long, 'streaming')));
    const list = view.page.getByTestId('message-list');
    const gap = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    // Scrolls like a person would: the list only learns of it from the scroll event, so wait for that.
    const scrollListTo = (top: number | 'bottom') =>
      list.evaluate(
        (el, to) =>
          new Promise((resolve) => {
            el.addEventListener('scroll', resolve, { once: true });
            el.scrollTo({ top: to === 'bottom' ? el.scrollHeight : to });
          }),
        top,
      );
    await expect.poll(() => gap()).toBeLessThanOrEqual(1);
    await view.send(delta('a1', '\nmore'));
    await expect.poll(() => gap()).toBeLessThanOrEqual(1);
    await scrollListTo(0);
    await view.send(delta('a1', '\neven more'));
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
    await scrollListTo('bottom');
    await view.send(delta('a1', '\nand the end'));
    await expect.poll(() => gap()).toBeLessThanOrEqual(1);
  });

  it('keeps an unsent draft in the VS Code view state so it survives a reload', async () => {
    await openChat();
    await input().fill('half a thought');
    const saved = await view.vscodeState();
    // The session the page shows is kept beside the draft (a chat tab reopens it after a reload).
    expect(saved).toEqual({ draft: 'half a thought', sessionId: 'session-1' });
    await view.close();
    view = await openPage({ vscodeState: saved });
    await view.send(snapshot());
    await expect.poll(() => input().inputValue()).toBe('half a thought');
  });

  it('looks right in a dark sidebar (screenshot)', async () => {
    await openChat(
      added(userMessage('u1', 'Why does the build fail on Node 20?')),
      added(
        assistantMessage(
          'a1',
          'The build uses `fs.globSync`, which only exists from Node 22.\n\nReplace it with a small recursive walk, or pin Node 22 in .nvmrc.',
        ),
      ),
      added(userMessage('u2', 'Do the walk.')),
      added(assistantMessage('a2', 'Writing scripts/walk.ts', 'streaming')),
      busy(true),
    );
    const path = join(REPO_ROOT, 'test-results', 'webview-chat.png');
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    const png = await view.page.screenshot({ path, animations: 'disabled' });
    expect(png.byteLength).toBeGreaterThan(5_000);
  });
});
