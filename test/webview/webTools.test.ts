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
  it('shows a WebFetch row with host, path, status, size and cache from the host data, the URL opening in the browser', async () => {
    const url = 'https://docs.example.com/guide?v=2';
    await open(
      toolStarted('t1', 'WebFetch', { url, prompt: 'How to install?' }, url, 'Fetching docs.example.com'),
      toolResult('t1', {
        isError: false,
        text: `URL: ${url}\nStatus: 200 OK\nSize: 5120 bytes (cached)\n\nRun npm install widgets.`,
        truncated: false,
        data: { kind: 'web', url, status: 200, statusText: 'OK', bytes: 5120, contentType: 'text/html', cached: true },
      }),
    );
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual([`Fetch ${url}`]);
    await header().click();
    const summary = rows().first().getByTestId('url-summary');
    await expect.poll(() => summary.getByTestId('url-host').innerText()).toBe('docs.example.com');
    await expect.poll(() => summary.getByTestId('url-path').innerText()).toBe('/guide?v=2');
    await expect.poll(() => summary.getByTestId('url-status').innerText()).toBe('200 OK');
    await expect.poll(() => summary.getByTestId('url-size').innerText()).toBe('5.0 KB');
    await expect.poll(() => summary.getByTestId('url-cached').count()).toBe(1);
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('Run npm install widgets.');
    await summary.getByTestId('url-link').click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url }]);
  });

  it('reads status and size from the text of a WebFetch result without data, and marks an HTTP error', async () => {
    const url = 'https://docs.example.com/missing';
    await open(
      toolStarted('t1', 'WebFetch', { url, prompt: 'What?' }),
      toolResult('t1', { isError: false, text: `URL: ${url}\nStatus: 404 Not Found\nSize: 300 bytes\n\nThe page does not exist.`, truncated: false }),
    );
    await header().click();
    const summary = rows().first().getByTestId('url-summary');
    await expect.poll(() => summary.getByTestId('url-status').innerText()).toBe('404 Not Found');
    await expect.poll(() => summary.getByTestId('url-status').getAttribute('class')).toContain('url-status-failed');
    await expect.poll(() => summary.getByTestId('url-size').innerText()).toBe('300 B');
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('The page does not exist.');
  });

  it('shows the target of a cross-host redirect that was not followed, both opening in the browser', async () => {
    const url = 'https://old.example.com/page';
    const target = 'https://new.example.org/page';
    await open(
      toolStarted('t1', 'WebFetch', { url, prompt: 'What?' }),
      toolResult('t1', {
        isError: false,
        text: `REDIRECT: ${url} redirects (301) to another host: ${target}\nIt was not followed.`,
        truncated: false,
        data: { kind: 'web', url, status: 301, redirect: target },
      }),
    );
    await header().click();
    const redirect = rows().first().getByTestId('web-redirect');
    await expect.poll(() => redirect.getByTestId('url-host').allInnerTexts()).toEqual(['old.example.com', 'new.example.org']);
    await expect.poll(() => redirect.getByTestId('url-status').innerText()).toBe('301');
    await expect.poll(() => redirect.innerText()).toContain('not followed');
    await redirect.getByTestId('url-link').nth(1).click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url: target }]);
  });

  it('shows a WebSearch row with its query, the result links that open in the browser, and the summary', async () => {
    const links = [
      { title: 'Vitest 4.0 is out!', url: 'https://vitest.dev/blog/vitest-4' },
      { title: 'Releases', url: 'https://github.com/vitest-dev/vitest/releases' },
      { title: 'Local notes', url: 'file:///home/me/notes.md' },
    ];
    const text = [
      'Web search results for query: "vitest 4"',
      '',
      `Links: ${JSON.stringify(links)}`,
      '',
      'Vitest 4 is stable.',
      '',
      'When you answer from these results, end your answer with a "Sources:" list of the links you used, as markdown links.',
    ].join('\n');
    await open(toolStarted('t1', 'WebSearch', { query: 'vitest 4' }, 'vitest 4', 'Searching: vitest 4'), toolResult('t1', { isError: false, text, truncated: false }));
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual(['Web Search "vitest 4"']);
    await header().click();
    const list = rows().first().getByTestId('link-list');
    await expect.poll(() => list.getByTestId('link-item').allInnerTexts()).toEqual([
      expect.stringMatching(/Vitest 4\.0 is out!\s+vitest\.dev/),
      expect.stringMatching(/Releases\s+github\.com/),
      expect.stringMatching(/Local notes\s+file:\/\/\/home\/me\/notes\.md/),
    ]);
    // Only http(s) links are buttons; the file: URI is text, never followed.
    await expect.poll(() => list.getByTestId('link-open').count()).toBe(2);
    await expect.poll(() => list.getByTestId('link-text').innerText()).toBe('Local notes');
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('Vitest 4 is stable.');
    await list.getByTestId('link-open').nth(1).click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url: 'https://github.com/vitest-dev/vitest/releases' }]);
  });
});
