import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { createCanUseTool } from '../../../../extension/core/engines/tools/permissionGate';
import type { AskUser, PermissionPrompt } from '../../../../extension/core/contracts/permissionPrompts';
import { WebError, type WebPort } from '../../../../extension/core/contracts/web';
import { NodeWeb } from '../../../../extension/host/node/web';
import { AnthropicModelClient } from '../../../../extension/llm/anthropicModelClient';
import { PageCache } from '../../../../extension/tools/WebFetch/cache';
import { createWebFetchTool } from '../../../../extension/tools/WebFetch/WebFetch';
import { startFakeAnthropic, textTurn, type FakeAnthropic } from '../../../fixtures/fake-anthropic';
import { keyed, RecordingLogger } from '../../support';
import { assistantWith, makeContext, toolUse } from '../../tool/fixtures';
import { ARTICLE, html, redirect, startPageServer, type PageServer } from './support';

let pages: PageServer;
let fake: FakeAnthropic;
let model: AnthropicModelClient;

beforeAll(async () => {
  pages = await startPageServer();
  fake = await startFakeAnthropic({ apiKey: 'sk-test' });
  model = new AnthropicModelClient({ credentials: keyed, settings: { model: () => 'unused', maxTokens: () => 1, apiBaseUrl: () => fake.url }, log: new RecordingLogger() });
});
afterAll(async () => {
  await pages.close();
  await fake.close();
});
afterEach(() => fake.setScript([]));

interface RunOptions {
  allow?: string[];
  deny?: string[];
  ask?: AskUser;
  web?: WebPort;
  cache?: PageCache;
}

async function run(input: Record<string, unknown>, opts: RunOptions = {}) {
  const tool = createWebFetchTool(opts.cache ?? new PageCache());
  const context = makeContext([tool]);
  context.discoveredToolNames.add('WebFetch');
  context.ports = { ...context.ports, web: opts.web ?? new NodeWeb(), model };
  context.setAppState((s) => ({
    ...s,
    toolPermissionContext: { ...s.toolPermissionContext, alwaysAllowRules: { session: opts.allow ?? ['WebFetch(domain:127.0.0.1)'] }, alwaysDenyRules: { session: opts.deny ?? [] } },
  }));
  const block = toolUse('WebFetch', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: createCanUseTool(createPermissionEngine(), opts.ask) });
  const result = outcome.result as ToolResultBlock;
  return { text: typeof result.content === 'string' ? result.content : JSON.stringify(result.content), isError: result.is_error === true, tool };
}

/** The text of the last request the fake API received (the small model's user message). */
function lastModelInput(): string {
  const body = fake.requests.at(-1)?.body as { messages: { content: { type: string; text?: string }[] }[] };
  return body.messages[0]!.content.map((b) => b.text ?? `[${b.type}]`).join('\n');
}

describe('tools/WebFetch', () => {
  it('answers the prompt over the page markdown with the small model, headed by URL, status and size', async () => {
    pages.route('/guide', html(ARTICLE));
    fake.setScript([textTurn('Widgets install in two steps.', { expect: { lastUserTextIncludes: 'How do I install widgets?' } })]);
    const { text, isError } = await run({ url: `${pages.origin}/guide`, prompt: 'How do I install widgets?' });
    expect(isError).toBe(false);
    expect(text).toBe(`URL: ${pages.origin}/guide\nStatus: 200 OK\nSize: ${Buffer.byteLength(ARTICLE)} bytes\n\nWidgets install in two steps.`);
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: expect.stringContaining('haiku'), stream: true });
    const input = lastModelInput();
    expect(input).toContain('# Guide to Widgets');
    expect(input).toContain('## Installing widgets');
    expect(input).toMatch(/-\s+First step\n-\s+Second step/);
    expect(input).toContain(`[the full docs](${pages.origin}/docs/more)`);
    for (const dropped of ['TRACKER_SCRIPT', 'INLINE_SCRIPT', 'NAV_HOME_LINK', 'FOOTER_TEXT']) expect(input).not.toContain(dropped);
  });

  it('serves a second fetch of the same URL from the cache without an HTTP request', async () => {
    pages.route('/cached', html(ARTICLE));
    fake.setScript([textTurn('first answer'), textTurn('second answer', { expect: { lastUserTextIncludes: 'another question' } })]);
    const cache = new PageCache();
    const first = await run({ url: `${pages.origin}/cached`, prompt: 'a question' }, { cache });
    const second = await run({ url: `${pages.origin}/cached`, prompt: 'another question' }, { cache });
    expect(first.text).toContain('first answer');
    expect(second.text).toContain('(cached)');
    expect(second.text).toContain('second answer');
    expect(pages.hits.get('/cached')).toBe(1);
  });

  it('asks for an unknown domain, naming it and suggesting a domain rule', async () => {
    pages.route('/ask', html(ARTICLE));
    let prompt: PermissionPrompt | undefined;
    const { text, isError } = await run(
      { url: `${pages.origin}/ask`, prompt: 'q' },
      { allow: [], ask: async (p) => ((prompt = p), { behavior: 'deny', message: 'The user said no.', decisionReason: { type: 'other', reason: 'user' } }) },
    );
    expect(prompt?.message).toBe('Codewright wants to fetch a page from 127.0.0.1.');
    expect(prompt?.suggestions).toEqual([
      { type: 'addRules', rules: [{ toolName: 'WebFetch', ruleContent: 'domain:127.0.0.1' }], behavior: 'allow', destination: 'localSettings' },
    ]);
    expect(isError).toBe(true);
    expect(text).toContain('The user said no.');
    expect(pages.hits.get('/ask')).toBeUndefined();
  });

  it('denies by a domain deny rule without fetching, even where another rule allows', async () => {
    pages.route('/denied', html(ARTICLE));
    const { text, isError } = await run({ url: `${pages.origin}/denied`, prompt: 'q' }, { allow: ['WebFetch(domain:*)'], deny: ['WebFetch(domain:127.0.0.1)'] });
    expect(isError).toBe(true);
    expect(text).toContain('Fetching from 127.0.0.1 has been denied');
    expect(text).toContain('WebFetch(domain:127.0.0.1)');
    expect(pages.hits.get('/denied')).toBeUndefined();
  });

  it('returns a redirect to another host instead of following it', async () => {
    pages.route('/moved', redirect(`http://localhost:${pages.port}/elsewhere`, 302));
    pages.route('/elsewhere', html(ARTICLE));
    const before = fake.requests.length;
    const { text, isError } = await run({ url: `${pages.origin}/moved`, prompt: 'q' });
    expect(isError).toBe(false);
    expect(text).toContain(`REDIRECT: ${pages.origin}/moved redirects (302) to another host: http://localhost:${pages.port}/elsewhere`);
    expect(text).toContain(`call WebFetch again with url "http://localhost:${pages.port}/elsewhere"`);
    expect(pages.hits.get('/elsewhere')).toBeUndefined();
    expect(fake.requests.length).toBe(before);
  });

  it('follows redirects within the same host and reports the final URL', async () => {
    pages.route('/old', redirect('/older', 301));
    pages.route('/older', redirect(`${pages.origin}/new`, 308));
    pages.route('/new', html(ARTICLE));
    fake.setScript([textTurn('found it')]);
    const { text } = await run({ url: `${pages.origin}/old`, prompt: 'q' });
    expect(text.split('\n')[0]).toBe(`URL: ${pages.origin}/new`);
    expect(text).toContain('found it');
    expect(pages.hits.get('/new')).toBe(1);
  });

  it('fails clearly when the body passes the 10 MB cap', async () => {
    pages.route('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 11; i++) res.write(chunk);
      res.end();
    });
    const { text, isError } = await run({ url: `${pages.origin}/huge`, prompt: 'q' });
    expect(isError).toBe(true);
    expect(text).toContain('over the 10485760-byte limit');
  });

  it('answers a PDF through the model as a document, and an image without it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    pages.route('/paper.pdf', (_req, res) => void res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
    pages.route('/logo.png', (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])));
    fake.setScript([textTurn('The paper is about widgets.')]);
    const paper = await run({ url: `${pages.origin}/paper.pdf`, prompt: 'What is it about?' });
    expect(paper.text).toContain(`(A PDF document of ${pdf.byteLength} bytes.)\n\nThe paper is about widgets.`);
    expect(lastModelInput()).toContain('[document]');
    const before = fake.requests.length;
    const logo = await run({ url: `${pages.origin}/logo.png`, prompt: 'q' });
    expect(logo.text).toContain(`${pages.origin}/logo.png is an image (image/png), 7 bytes. WebFetch cannot read it as text`);
    expect(fake.requests.length).toBe(before);
  });

  it('turns a 404, a timeout and a DNS failure into clear errors', async () => {
    const missing = await run({ url: `${pages.origin}/missing`, prompt: 'q' });
    expect(missing).toMatchObject({ isError: true });
    expect(missing.text).toContain(`${pages.origin}/missing answered 404 Not Found. Check the URL.`);
    const timingOut: WebPort = { fetch: async () => Promise.reject(new WebError('timeout', 'https://slow.test/ did not answer within 30 s.')) };
    const slow = await run({ url: 'https://slow.test/', prompt: 'q' }, { web: timingOut, allow: ['WebFetch(domain:slow.test)'] });
    expect(slow.text).toContain('did not answer within 30 s. Try again later');
    const noHost: WebPort = { fetch: async () => Promise.reject(new WebError('dns', 'The host of https://nowhere.invalid/ could not be found (ENOTFOUND).')) };
    const dns = await run({ url: 'https://nowhere.invalid/', prompt: 'q' }, { web: noHost, allow: ['WebFetch(domain:nowhere.invalid)'] });
    expect(dns.text).toContain('could not be found (ENOTFOUND). Check the spelling of the domain.');
  });

  it('upgrades http to https off loopback and refuses other schemes before asking', async () => {
    const seen: string[] = [];
    const web: WebPort = { fetch: async (url) => (seen.push(url), { url, status: 200, statusText: 'OK', contentType: 'text/plain', body: Buffer.from('hello') }) };
    fake.setScript([textTurn('ok')]);
    await run({ url: 'http://docs.example.com/a', prompt: 'q' }, { web, allow: ['WebFetch(domain:docs.example.com)'] });
    expect(seen).toEqual(['https://docs.example.com/a']);
    const file = await run({ url: 'file:///etc/passwd', prompt: 'q' }, { web });
    expect(file.text).toContain('WebFetch reads http and https URLs only, not file:');
    expect(seen).toHaveLength(1);
  });
});
