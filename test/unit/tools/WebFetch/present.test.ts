/** WebFetch's chat view (tools/WebFetch/present.ts): URL, status and size, or the redirect not followed. */
import { describe, expect, it } from 'vitest';
import { presentToolResult } from '../../../../extension/conversation/toolViews/present';
import { ToolResultDataSchema } from '../../../../extension/protocol/entries';
import { presentWebFetch } from '../../../../extension/tools/WebFetch/present';
import { createWebFetchTool, type WebFetchOutput } from '../../../../extension/tools/WebFetch/WebFetch';

const answer: WebFetchOutput = {
  kind: 'answer',
  url: 'https://docs.example.com/guide',
  status: 200,
  statusText: 'OK',
  bytes: 5120,
  contentType: 'text/html; charset=utf-8',
  cached: true,
  result: 'Run npm install widgets.',
};
const args = (output: unknown) => ({ input: {}, output, text: '', isError: false });

describe('tools/WebFetch present', () => {
  it('gives the fetched URL, status, size, content type and whether it came from the cache', () => {
    const tool = createWebFetchTool();
    const block = tool.mapToolResultToToolResultBlockParam(answer, 'tu1');
    const view = presentToolResult(tool, { url: answer.url, prompt: 'How?' }, block, answer);
    expect(view.data).toEqual({ kind: 'web', url: answer.url, status: 200, statusText: 'OK', bytes: 5120, contentType: 'text/html; charset=utf-8', cached: true });
    expect(view.text).toContain('Run npm install widgets.');
  });

  it('gives the target of a cross-host redirect that was not followed', () => {
    const view = presentWebFetch(args({ kind: 'redirect', url: 'https://a.example/x', redirectUrl: 'https://b.example/y', status: 301 }));
    expect(view).toEqual({ kind: 'web', url: 'https://a.example/x', status: 301, redirect: 'https://b.example/y' });
    expect(ToolResultDataSchema.parse(view)).toEqual(view);
  });

  it('leaves out fields past the caps and gives nothing for a failed call or an unexpected output', () => {
    const view = presentWebFetch(args({ ...answer, statusText: 's'.repeat(201), contentType: '', url: 'https://e.example/' }));
    expect(view).toEqual({ kind: 'web', url: 'https://e.example/', status: 200, bytes: 5120, cached: true });
    expect(ToolResultDataSchema.safeParse(view).success).toBe(true);
    expect(presentWebFetch(args({ ...answer, url: `https://e.example/${'x'.repeat(9000)}` }))).toBeUndefined();
    expect(presentWebFetch({ input: {}, output: undefined, text: 'Error', isError: true })).toBeUndefined();
    expect(presentWebFetch(args({ kind: 'answer', url: 'https://e.example/' }))).toBeUndefined();
  });
});
