import { describe, expect, it } from 'vitest';
import { added, assistantMessage, busy, delta, finished, snapshot, thinking, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const posted = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');
const reply = () => view.page.locator('[data-testid="message"][data-role="assistant"]').last();
const sentinel = () => view.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

const HOSTILE = [
  'Here is an image: <img src=x onerror="window.__xss=1;alert(1)">',
  '',
  '<script>window.__xss=2;alert(2)</script>',
  '',
  '[click me](javascript:window.__xss=3) and [data](data:text/html,<script>alert(4)</script>)',
  '',
  '![tracker](https://evil.example/pixel.png) <a href="javascript:alert(5)" onclick="window.__xss=5">raw link</a>',
  '',
  '<iframe src="javascript:alert(6)"></iframe><style>body{display:none}</style>',
].join('\n');

describe('webview markdown', () => {
  it('renders model markdown without executing anything: no HTML elements, no unsafe URLs, no CSP violations', async () => {
    view = await openPage();
    await view.send(snapshot([userMessage('u1', 'hi')]), added(assistantMessage('a1', '', 'streaming')), delta('a1', HOSTILE), finished('a1', 'done'));
    const root = view.page.locator('#root');
    await expect.poll(() => root.locator('img, script, iframe, style, object, embed').count()).toBe(0);
    // Raw HTML is shown as the literal text the model wrote.
    const text = () => reply().locator('.message-text').innerText();
    await expect.poll(text).toContain('<img src=x onerror="window.__xss=1;alert(1)">');
    await expect.poll(text).toContain('<script>window.__xss=2;alert(2)</script>');
    // Unsafe URLs are stripped; nothing carries an inline handler. (The links exist once the text above shows.)
    const unsafeLinks = () => root.locator('a').evaluateAll((els) => els.filter((a) => /^(javascript|data):/i.test(a.getAttribute('href') ?? '')).length);
    await expect.poll(unsafeLinks).toBe(0);
    await expect.poll(() => root.locator('[onclick], [onerror]').count()).toBe(0);
    for (const name of ['click me', 'data']) await root.getByText(name, { exact: true }).click();
    // Absence cannot be waited for: give a handler that wrongly ran a moment to show, then check it did not.
    await view.page.waitForTimeout(150);
    await expect.poll(() => sentinel()).toBeUndefined();
    expect(view.dialogs).toEqual([]);
    await expect.poll(() => view.cspViolations()).toEqual([]);
    // The stripped links open nothing; the remote image became a link the host vets.
    await root.getByText('tracker', { exact: true }).click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url: 'https://evil.example/pixel.png' }]);
  });

  it('sends web links to the host and relative paths as files, never navigating the webview', async () => {
    view = await openPage();
    const md = 'See [the docs](https://example.com/docs?q=1), [app](src/app.ts#L12) and [abs](/work/My%20File.ts).';
    await view.send(snapshot([assistantMessage('a1', md)]));
    const url = view.page.url();
    await view.page.getByText('the docs').click();
    await view.page.getByText('app', { exact: true }).click();
    await view.page.getByText('abs', { exact: true }).click();
    expect(view.page.url()).toBe(url);
    await expect.poll(() => posted()).toEqual([
      { type: 'openLink', url: 'https://example.com/docs?q=1' },
      { type: 'openFile', path: 'src/app.ts#L12' },
      { type: 'openFile', path: '/work/My File.ts' },
    ]);
  });

  it('highlights a fenced code block with shiki tokens under the CSP and copies it through the host', async () => {
    view = await openPage();
    const code = 'export function add(a: number, b: number): number {\n  return a + b;\n}';
    await view.send(snapshot([assistantMessage('a1', `Like this:\n\n\`\`\`ts\n${code}\n\`\`\`\n\nDone.`)]));
    const block = view.page.getByTestId('code-block');
    await block.locator('pre[data-highlighted="true"]').waitFor({ timeout: 10_000 });
    const tokens = () => block.locator('.token').evaluateAll((els) => els.map((e) => [e.textContent, (e as HTMLElement).style.color]));
    await expect.poll(async () => (await tokens()).find(([t]) => t === 'export')?.[1]).toMatch(/^(#|rgb)/);
    await expect.poll(async () => new Set((await tokens()).map(([, c]) => c)).size).toBeGreaterThan(2);
    await expect.poll(() => block.locator('code').innerText()).toBe(code);
    await block.getByTestId('copy-button').click();
    await expect.poll(() => posted()).toEqual([{ type: 'copyText', text: code }]);
    await expect.poll(() => block.getByTestId('copy-button').innerText()).toBe('Copied');
    await expect.poll(() => view.cspViolations()).toEqual([]);
  });

  it('picks the highlighting theme from the VS Code theme kind and follows a switch', async () => {
    view = await openPage({ theme: 'light' });
    await view.send(snapshot([assistantMessage('a1', '```python\nimport os\n```')]));
    const pre = view.page.locator('pre[data-highlighted="true"]');
    await pre.waitFor({ timeout: 10_000 });
    const colourOf = () => view.page.locator('.token', { hasText: 'import' }).evaluate((e) => (e as HTMLElement).style.color);
    const light = await colourOf();
    await view.page.evaluate(() => {
      document.body.classList.replace('vscode-light', 'vscode-high-contrast');
    });
    await expect.poll(colourOf, { timeout: 5000 }).not.toBe(light);
  });

  it('leaves an unknown language as plain text with a copy button', async () => {
    view = await openPage();
    await view.send(snapshot([assistantMessage('a1', '```cobol\nDISPLAY "HI".\n```')]));
    // The block starts unhighlighted either way: give the highlighter time to (wrongly) run before checking.
    await view.page.waitForTimeout(400);
    const block = view.page.getByTestId('code-block');
    await expect.poll(() => block.locator('pre').getAttribute('data-highlighted')).toBe('false');
    await expect.poll(() => block.locator('code').innerText()).toBe('DISPLAY "HI".');
  });

  it('streams thinking into an open block that collapses once the answer starts, and can be reopened', async () => {
    view = await openPage();
    await view.send(snapshot([userMessage('u1', 'why?')]), busy(true), added(assistantMessage('a1', '', 'streaming')), thinking('a1', 'Let me consider '), thinking('a1', 'the options.'));
    const toggle = reply().getByTestId('thinking').getByRole('button');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => toggle.innerText()).toContain('Thinking');
    await expect.poll(() => reply().locator('.thinking-text').innerText()).toBe('Let me consider the options.');
    await view.send(delta('a1', 'Because.'), finished('a1', 'done'), busy(false));
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => reply().locator('.thinking-text').count()).toBe(0);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => reply().locator('.thinking-text').innerText()).toBe('Let me consider the options.');
  });

  it('renders a reply streamed block by block the same as when done: a fence with blank lines stays one block', async () => {
    view = await openPage();
    await view.send(snapshot([userMessage('u1', 'go')]), busy(true), added(assistantMessage('a1', '', 'streaming')), delta('a1', '# Plan\n\nFirst **step**.\n\n'));
    await reply().locator('h1').waitFor();
    await view.send(delta('a1', '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nSecond para'), delta('a1', 'graph with a [link](src/a.ts).'));
    await expect.poll(() => reply().locator('.message-text').innerText()).toContain('Second paragraph with a link.');
    await expect.poll(() => reply().locator('pre').count()).toBe(1);
    await expect.poll(() => reply().locator('pre').innerText()).toContain('const a = 1;\n\nconst b = 2;');
    await view.send(finished('a1', 'done'), busy(false));
    await expect.poll(() => reply().getAttribute('data-status')).toBe('done');
    await expect.poll(() => reply().locator('h1').innerText()).toBe('Plan');
    await expect.poll(() => reply().locator('strong').innerText()).toBe('step');
    await expect.poll(() => reply().locator('pre').count()).toBe(1);
    await expect.poll(() => reply().locator('a.file-link').innerText()).toBe('link');
  });

  it('renders GFM tables and lists, and user text literally', async () => {
    view = await openPage();
    await view.send(snapshot([userMessage('u1', '**not bold** <b>x</b>'), assistantMessage('a1', '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- item')]));
    await expect.poll(() => view.page.locator('[data-role="user"] .message-text').innerText()).toBe('**not bold** <b>x</b>');
    await expect.poll(() => reply().locator('table td').allInnerTexts()).toEqual(['1', '2']);
    await expect.poll(() => reply().locator('li').count()).toBe(2);
    await expect.poll(() => reply().locator('input[type="checkbox"]').count()).toBe(1);
  });

  it('shows images and files attached to a prompt', async () => {
    view = await openPage();
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    await view.send(
      snapshot([
        {
          ...userMessage('u1', 'what is this?'),
          attachments: [
            { kind: 'image', name: 'shot.png', mediaType: 'image/png', data: png },
            { kind: 'file', path: '/work/src/app.ts', startLine: 3, endLine: 9 },
          ],
        },
      ]),
    );
    const img = view.page.locator('.attachment-image img');
    await expect.poll(() => img.getAttribute('alt')).toBe('shot.png');
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth)).toBe(1);
    await view.page.locator('.attachment-file button').click();
    await expect.poll(() => posted()).toEqual([{ type: 'openFile', path: '/work/src/app.ts', line: 3, endLine: 9 }]);
    await expect.poll(() => view.cspViolations()).toEqual([]);
  });
});

describe('webview conversation scrolling', () => {
  it('offers "Jump to latest" once the user scrolls up, and follows again after it', async () => {
    view = await openPage();
    const many = Array.from({ length: 40 }, (_, i) => (i % 2 ? assistantMessage(`a${i}`, `Answer ${i}\n\n${'text '.repeat(40)}`) : userMessage(`u${i}`, `Question ${i}`)));
    await view.send(snapshot(many), added(assistantMessage('live', '', 'streaming')), busy(true));
    const list = view.page.getByTestId('message-list');
    const gap = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    await expect.poll(() => gap()).toBeLessThanOrEqual(1);
    await expect.poll(() => view.page.getByTestId('jump-to-latest').count()).toBe(0);
    // Only the rows near the viewport exist: the list is virtualised.
    await expect.poll(() => view.page.getByTestId('message').count()).toBeLessThan(41);

    await list.evaluate((el) => new Promise((resolve) => {
      el.addEventListener('scroll', resolve, { once: true });
      el.scrollTo({ top: 0 });
    }));
    await view.send(delta('live', 'new output\n\nmore'));
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
    const jump = view.page.getByTestId('jump-to-latest');
    await expect.poll(() => jump.isVisible()).toBe(true);
    await jump.click();
    await expect.poll(gap).toBeLessThanOrEqual(1);
    await expect.poll(() => jump.count()).toBe(0);
    await view.send(delta('live', '\n\nand the end'));
    await expect.poll(() => gap()).toBeLessThanOrEqual(1);
    await expect.poll(() => reply().locator('.message-text').innerText()).toContain('and the end');
  });
});
