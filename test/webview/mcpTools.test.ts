import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ToolResultView } from '../../extension/protocol/messages';
import { REPO_ROOT } from './bundle';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const rows = () => view.page.locator('section[data-testid="tool"]');
const row = (i = 0) => rows().nth(i);
const header = (i = 0) => row(i).locator('.tool-header');
const posted = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');

/** A real PNG of the given size (a two-colour gradient), so the image decodes and has a size. */
function pngBase64(width: number, height: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of buf) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => [40 + Math.round((x / width) * 180), 90, 40 + Math.round((y / height) * 180)]).flat()]),
  );
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]).toString('base64');
}

const PNG = pngBase64(96, 48);

const MCP_RESULT: ToolResultView = {
  isError: false,
  text: 'Rendered chart for **Q3** <b>sales</b>',
  truncated: false,
  data: {
    kind: 'mcp',
    images: [{ mediaType: 'image/png', data: PNG }],
    links: [
      { uri: 'https://example.com/reports/q3?format=pdf', name: 'Q3 report', mimeType: 'application/pdf' },
      { uri: 'file:///srv/data/q3.csv', name: 'q3.csv', description: 'Raw numbers' },
    ],
  },
};

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([userMessage('u1', 'go')]), busy(true), added(assistantMessage('a1', 'Calling the server.', 'streaming')), ...events);
}

describe('webview MCP tool rows', () => {
  it('shows the server as a badge beside the tool, the arguments as JSON, and the text, image and resource links of the result', async () => {
    await open(toolStarted('t1', 'mcp__charts__render_chart', { quarter: 'Q3', series: ['sales', 'costs'] }), toolResult('t1', MCP_RESULT));
    await expect.poll(() => row().getByTestId('mcp-server-badge').innerText()).toBe('charts');
    await expect.poll(() => row().getByTestId('mcp-tool-name').innerText()).toBe('render_chart');
    await expect.poll(() => row().getAttribute('aria-label')).toBe('charts · render_chart');
    await header().click();
    await expect.poll(async () => JSON.parse(await row().getByTestId('tool-input').innerText()) as unknown).toEqual({ quarter: 'Q3', series: ['sales', 'costs'] });
    // The text as the model saw it: markup is shown, never interpreted.
    await expect.poll(() => row().getByTestId('tool-output').innerText()).toBe('Rendered chart for **Q3** <b>sales</b>');
    await expect.poll(() => row().locator('b').count()).toBe(0);
    await expect.poll(() => row().getByTestId('mcp-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await expect.poll(() => row().getByTestId('link-item').allInnerTexts()).toEqual([
      expect.stringMatching(/Q3 report\s+example\.com[\s\S]*application\/pdf/),
      expect.stringMatching(/q3\.csv\s+file:\/\/\/srv\/data\/q3\.csv[\s\S]*Raw numbers/),
    ]);
    // Only the http(s) link is a button; the file: URI is text, never followed.
    await expect.poll(() => row().getByTestId('link-open').count()).toBe(1);
    await row().getByTestId('link-open').click();
    await expect.poll(() => posted()).toEqual([{ type: 'openLink', url: 'https://example.com/reports/q3?format=pdf' }]);
    await expect.poll(() => view.cspViolations()).toEqual([]);
  });

  it('folds long arguments and opens them with the keyboard', async () => {
    const input = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${String(i)}`, i]));
    await open(toolStarted('t1', 'mcp__db__query', input), toolResult('t1', { isError: false, text: 'ok', truncated: false }));
    await header().click();
    const args = row().getByTestId('tool-args');
    await expect.poll(() => args.getAttribute('open')).toBeNull();
    await expect.poll(() => args.locator('summary').innerText()).toMatch(/Arguments \(22 lines\)/);
    await args.locator('summary').focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => args.getAttribute('open')).toBe('');
    await expect.poll(async () => JSON.parse(await row().getByTestId('tool-input').innerText()) as unknown).toEqual(input);
  });

  it('shows a failed MCP call as an error with its text and no empty image or link sections', async () => {
    await open(toolStarted('t1', 'mcp__github__create_issue', { title: 'x' }), toolResult('t1', { isError: true, text: 'MCP error -32602: title too short', truncated: false }));
    await expect.poll(() => row().getAttribute('data-status')).toBe('error');
    await expect.poll(() => row().getByTestId('tool-error').innerText()).toBe('MCP error -32602: title too short');
    await header().click();
    await expect.poll(() => row().getByTestId('tool-output').getAttribute('class')).toContain('tool-output-error');
    await expect.poll(() => row().getByTestId('mcp-image').count()).toBe(0);
    await expect.poll(() => row().getByTestId('mcp-links').count()).toBe(0);
  });

  it('lists resources from ListMcpResourcesTool and shows what ReadMcpResourceTool read', async () => {
    const list = [
      { uri: 'docs://guide/setup', name: 'Setup guide', mimeType: 'text/markdown', server: 'docs' },
      { uri: 'https://docs.example.com/api', name: 'API', server: 'docs' },
    ];
    await open(
      toolStarted('t1', 'ListMcpResourcesTool', { server: 'docs' }),
      toolResult('t1', { isError: false, text: JSON.stringify(list), truncated: false }),
      toolStarted('t2', 'ReadMcpResourceTool', { server: 'docs', uri: 'docs://guide/setup' }),
      toolResult('t2', { isError: false, text: JSON.stringify({ contents: [{ uri: 'docs://guide/setup', mimeType: 'text/markdown', text: '# Setup\nRun npm ci.' }] }), truncated: false }),
    );
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual([expect.stringMatching(/docs\s*List resources/), expect.stringMatching(/docs\s*Read resource/)]);
    await header(0).click();
    await expect.poll(() => row(0).getByTestId('link-item').allInnerTexts()).toEqual([
      expect.stringMatching(/Setup guide\s+docs:\/\/guide\/setup[\s\S]*docs · text\/markdown/),
      expect.stringMatching(/API\s+docs\.example\.com/),
    ]);
    await header(1).click();
    await expect.poll(() => row(1).getByTestId('mcp-resource-text').innerText()).toBe('# Setup\nRun npm ci.');
    await expect.poll(() => row(1).getByTestId('link-item').innerText()).toMatch(/docs:\/\/guide\/setup[\s\S]*text\/markdown/);
  });

  it('falls back to the text when a resource result is not the expected JSON', async () => {
    await open(toolStarted('t1', 'ListMcpResourcesTool', {}), toolResult('t1', { isError: false, text: 'No resources found.', truncated: false }));
    await expect.poll(() => row().locator('.tool-title').innerText()).toBe('List resources');
    await header().click();
    await expect.poll(() => row().getByTestId('tool-output').innerText()).toBe('No resources found.');
  });

  it('looks right with an MCP row open (screenshot)', async () => {
    view = await openPage({ theme: 'dark', viewport: { width: 380, height: 520 } });
    await view.send(
      snapshot([userMessage('u1', 'Chart the Q3 numbers.')]),
      added(assistantMessage('a1', 'Asking the charts server.')),
      toolStarted('t1', 'mcp__charts__render_chart', { quarter: 'Q3', series: ['sales', 'costs'] }),
      toolResult('t1', MCP_RESULT),
    );
    await header().click();
    await expect.poll(() => row().getByTestId('mcp-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    const png = await view.page.screenshot({ path: join(REPO_ROOT, 'test-results', 'webview-mcp-tool-dark.png'), animations: 'disabled' });
    expect(png.byteLength).toBeGreaterThan(5_000);
  });
});
