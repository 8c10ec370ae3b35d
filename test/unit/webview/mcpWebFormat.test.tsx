import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatBytes, isWebUrl, splitUrl } from '../../../webview/tools/shared/format';
import { parseMcpToolName } from '../../../webview/tools/shared/mcpName';
import { UrlSummary } from '../../../webview/tools/shared/UrlSummary';
import { renderWebFetch } from '../../../extension/tools/WebFetch/WebFetch';
import { renderWebSearch } from '../../../extension/tools/WebSearch/WebSearch';
import { fetchHeader } from '../../../webview/tools/WebFetch';
import { searchLinks, searchSummary } from '../../../webview/tools/WebSearch';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('parseMcpToolName', () => {
  it('splits server and tool, keeping a tool name that holds `__`', () => {
    expect(parseMcpToolName('mcp__github__search_issues')).toEqual({ server: 'github', tool: 'search_issues' });
    expect(parseMcpToolName('mcp__my-db__run__raw')).toEqual({ server: 'my-db', tool: 'run__raw' });
  });

  it('rejects names that are not MCP tool names', () => {
    expect(parseMcpToolName('Read')).toBeUndefined();
    expect(parseMcpToolName('mcp__github')).toBeUndefined();
    expect(parseMcpToolName('mcp____tool')).toBeUndefined();
  });
});

describe('formatBytes', () => {
  it('reads as bytes, KB, MB and GB, 1024-based', () => {
    expect([0, 512, 1023, 1024, 2048 + 512, 150 * 1024, 5_300_000, 3 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '512 B',
      '1023 B',
      '1.0 KB',
      '2.5 KB',
      '150 KB',
      '5.1 MB',
      '3.0 GB',
    ]);
  });

  it('gives nothing for a size that is not one', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

describe('splitUrl', () => {
  it('splits a web URL into host and path with its query, and says it is web', () => {
    expect(splitUrl('https://docs.example.com:8443/a/b?q=1#top')).toEqual({ host: 'docs.example.com:8443', path: '/a/b?q=1#top', web: true });
    expect(splitUrl('http://example.com')).toEqual({ host: 'example.com', path: '/', web: true });
  });

  it('keeps other schemes out of the browser and text that is no URL undefined', () => {
    expect(isWebUrl('file:///etc/passwd')).toBe(false);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('docs://guide')).toBe(false);
    expect(splitUrl('not a url')).toBeUndefined();
  });
});

describe('UrlSummary', () => {
  it('shows host, path, status and a readable size', () => {
    const html = renderToStaticMarkup(<UrlSummary url="https://example.com/docs/page?x=1" status={200} statusText="OK" bytes={48_213} durationMs={1530} />);
    expect(text(html)).toBe('example.com /docs/page?x=1 200 OK 47.1 KB 1.5 s');
    expect(html).toContain('data-testid="url-link"');
    expect(html).not.toContain('url-status-failed');
  });

  it('marks an HTTP error and shows a URL that is not http(s) as text, not a link', () => {
    const failed = renderToStaticMarkup(<UrlSummary url="https://example.com/missing" status={404} />);
    expect(failed).toContain('url-status-failed');
    const ftp = renderToStaticMarkup(<UrlSummary url="ftp://example.com/file" bytes={10} />);
    expect(ftp).not.toContain('url-link');
    expect(text(ftp)).toBe('ftp://example.com/file 10 B');
  });
});

describe('searchLinks', () => {
  it('reads every Links line of a WebSearch result and skips what is not JSON', () => {
    const result = [
      'Web search results for query: "vitest poll"',
      '',
      'Links: [{"title":"expect.poll","url":"https://vitest.dev/api/expect#poll"}]',
      'Links: not json',
      'Links: [{"url":"https://example.com/b"}]',
    ].join('\n');
    expect(searchLinks(result)).toEqual([
      { title: 'expect.poll', url: 'https://vitest.dev/api/expect#poll' },
      { title: undefined, url: 'https://example.com/b' },
    ]);
  });
});

describe('searchSummary', () => {
  it('keeps failed searches and the summary of the text WebSearch writes, without the links and the lines for the model', () => {
    const text = renderWebSearch({
      query: 'vitest 4',
      searches: [
        { query: 'vitest 4', hits: [{ title: 'Vitest 4', url: 'https://vitest.dev/blog/vitest-4' }] },
        { query: 'vitest 4 release', hits: [], error: 'too_many_requests' },
      ],
      summary: 'Vitest 4 is stable.',
    });
    expect(searchLinks(text)).toEqual([{ title: 'Vitest 4', url: 'https://vitest.dev/blog/vitest-4' }]);
    expect(searchSummary(text)).toBe('Search "vitest 4 release" failed: too_many_requests\n\nVitest 4 is stable.');
  });
});

describe('fetchHeader', () => {
  it('reads URL, status and size from the header WebFetch writes, and gives the answer after it', () => {
    const text = renderWebFetch({ kind: 'answer', url: 'https://e.example/a', status: 404, statusText: 'Not Found', bytes: 2048, contentType: 'text/html', cached: true, result: 'Gone.\nReally.' });
    expect(fetchHeader(text)).toEqual({ summary: { url: 'https://e.example/a', status: 404, statusText: 'Not Found', bytes: 2048 }, body: 'Gone.\nReally.' });
  });

  it('leaves a text without the header (an error) whole', () => {
    expect(fetchHeader('Error: refused')).toEqual({ summary: {}, body: 'Error: refused' });
  });
});
