import { describe, expect, it } from 'vitest';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const rows = () => view.page.locator('section[data-testid="tool"]');
const header = (i = 0) => rows().nth(i).locator('.tool-header');
const posted = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([userMessage('u1', 'go')]), busy(true), added(assistantMessage('a1', 'Looking.', 'streaming')), ...events);
}

describe('webview WebFetch and WebSearch rows', () => {
  it('shows a WebFetch row with its URL, then the status, size and the answer, the URL opening in the browser', async () => {
    const url = 'https://docs.example.com/guide';
    await open(
      toolStarted('t1', 'WebFetch', { url, prompt: 'How to install?' }, url, 'Fetching docs.example.com'),
      toolResult('t1', { isError: false, text: `URL: ${url}\nStatus: 200 OK\nSize: 5120 bytes\n\nRun npm install widgets.`, truncated: false }),
    );
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual([`Fetch ${url}`]);
    await header().click();
    const note = rows().first().locator('.web-fetch .tool-note');
    await expect.poll(() => note.innerText()).toBe(`${url} · 200 OK · 5120 bytes`);
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('Run npm install widgets.');
    await note.locator('a').click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url }]);
  });

  it('shows a WebSearch row with its query, the result links that open in the browser, and the summary', async () => {
    const links = [
      { title: 'Vitest 4.0 is out!', url: 'https://vitest.dev/blog/vitest-4' },
      { title: 'Releases', url: 'https://github.com/vitest-dev/vitest/releases' },
    ];
    const text = ['Web search results for query: "vitest 4"', '', `Links: ${JSON.stringify(links)}`, '', 'Vitest 4 is stable.'].join('\n');
    await open(toolStarted('t1', 'WebSearch', { query: 'vitest 4' }, 'vitest 4', 'Searching: vitest 4'), toolResult('t1', { isError: false, text, truncated: false }));
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual(['Web Search "vitest 4"']);
    await header().click();
    const anchors = rows().first().getByTestId('web-search-links').locator('a');
    await expect.poll(() => anchors.allInnerTexts()).toEqual(['Vitest 4.0 is out!', 'Releases']);
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('Vitest 4 is stable.');
    await anchors.nth(1).click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url: 'https://github.com/vitest-dev/vitest/releases' }]);
  });
});
