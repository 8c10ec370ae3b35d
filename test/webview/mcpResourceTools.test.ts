import { describe, expect, it } from 'vitest';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const row = (name: string) => view.page.locator(`section[data-testid="tool"][data-tool="${name}"]`);

describe('MCP resource tool rows', () => {
  it('titles the resource list by server and a read by server:uri, and shows the text when expanded', async () => {
    view = await openPage();
    await view.send(
      snapshot([userMessage('u1', 'go')]),
      busy(true),
      added(assistantMessage('a1', 'On it.', 'streaming')),
      toolStarted('t1', 'ListMcpResourcesTool', { server: 'docs' }),
      toolStarted('t2', 'ReadMcpResourceTool', { server: 'docs', uri: 'memo://greeting' }),
    );
    await expect.poll(() => row('ListMcpResourcesTool').getAttribute('aria-label')).toBe('docs · List resources');
    await expect.poll(() => row('ReadMcpResourceTool').getAttribute('aria-label')).toBe('docs · Read resource');
    await view.send(toolResult('t2', { isError: false, text: '<resource uri="memo://greeting">\nHello\n</resource>', truncated: false }));
    await expect.poll(() => row('ReadMcpResourceTool').getAttribute('data-status')).toBe('done');
    await row('ReadMcpResourceTool').locator('.tool-header').click();
    await expect.poll(() => row('ReadMcpResourceTool').innerText()).toContain('Hello');
  });

  it('shows the uri of what ReadMcpResourceTool read as text and an image blob inline, from the host data', async () => {
    // A 1×1 PNG.
    const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    view = await openPage();
    await view.send(
      snapshot([userMessage('u1', 'go')]),
      busy(true),
      added(assistantMessage('a1', 'On it.', 'streaming')),
      toolStarted('t1', 'ReadMcpResourceTool', { server: 'docs', uri: 'memo://logo' }),
      toolResult('t1', {
        isError: false,
        text: '<resource uri="memo://notes" mimeType="text/plain">\nNotes\n</resource>',
        truncated: false,
        data: {
          kind: 'mcp',
          images: [{ mediaType: 'image/png', data: pixel }],
          links: [
            { uri: 'memo://notes', mimeType: 'text/plain' },
            { uri: 'memo://logo', mimeType: 'image/png' },
          ],
        },
      }),
    );
    const read = row('ReadMcpResourceTool');
    await read.locator('.tool-header').click();
    await expect.poll(() => read.getByTestId('mcp-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect.poll(() => read.getByTestId('link-text').allInnerTexts()).toEqual(['memo://notes', 'memo://logo']);
    // memo: URIs are not web links: nothing to click.
    await expect.poll(() => read.getByTestId('link-open').count()).toBe(0);
    await expect.poll(() => read.getByTestId('tool-output').innerText()).toContain('Notes');
    await expect.poll(() => view.cspViolations()).toEqual([]);
  });
});
