import { describe, expect, it } from 'vitest';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const row = (i = 0) => view.page.locator('section[data-testid="tool"]').nth(i);
const posted = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([userMessage('u1', 'look it up')]), busy(true), added(assistantMessage('a1', 'Searching.', 'streaming')), ...events);
}

describe('webview UrlSummary and LinkList (interim WebFetch and WebSearch rows)', () => {
  it('shows a fetched URL as host and path that opens in the browser', async () => {
    await open(
      toolStarted('t1', 'WebFetch', { url: 'https://docs.example.com/guide/setup?lang=en', prompt: 'How do I install it?' }),
      toolResult('t1', { isError: false, text: 'Run npm install example.', truncated: false }),
    );
    await row().locator('.tool-header').click();
    await expect.poll(() => row().getByTestId('url-host').innerText()).toBe('docs.example.com');
    await expect.poll(() => row().getByTestId('url-path').innerText()).toBe('/guide/setup?lang=en');
    await expect.poll(() => row().getByTestId('tool-output').innerText()).toBe('Run npm install example.');
    await row().getByTestId('url-link').press('Enter');
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url: 'https://docs.example.com/guide/setup?lang=en' }]);
  });

  it('lists search results with title and host; web links open through the host, other schemes stay text', async () => {
    const text = [
      'Web search results for query: "vitest poll"',
      '',
      `Links: ${JSON.stringify([
        { title: 'expect.poll | Vitest', url: 'https://vitest.dev/api/expect#poll' },
        { title: 'Local note', url: 'javascript:alert(1)' },
      ])}`,
    ].join('\n');
    await open(toolStarted('t1', 'WebSearch', { query: 'vitest poll' }), toolResult('t1', { isError: false, text, truncated: false }));
    await expect.poll(() => row().locator('.tool-title').innerText()).toBe('Web Search "vitest poll"');
    await row().locator('.tool-header').click();
    await expect.poll(() => row().getByTestId('link-item').allInnerTexts()).toEqual(['expect.poll | Vitest vitest.dev', 'Local note javascript:alert(1)']);
    await expect.poll(() => row().getByTestId('link-open').count()).toBe(1);
    await expect.poll(() => row().getByTestId('link-text').innerText()).toBe('Local note');
    await row().getByTestId('link-text').click();
    await row().getByTestId('link-open').click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url: 'https://vitest.dev/api/expect#poll' }]);
    await expect.poll(() => view.dialogs).toEqual([]);
  });

  it('shows the result text when a search result carries no links', async () => {
    await open(toolStarted('t1', 'WebSearch', { query: 'nothing' }), toolResult('t1', { isError: false, text: 'No results.', truncated: false }));
    await row().locator('.tool-header').click();
    await expect.poll(() => row().getByTestId('tool-output').innerText()).toBe('No results.');
    await expect.poll(() => row().getByTestId('link-list').count()).toBe(0);
  });
});
