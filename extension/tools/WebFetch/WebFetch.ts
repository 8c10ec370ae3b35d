/**
 * WebFetch: fetches a URL through the web port (same-host redirects followed, cross-host ones returned),
 * converts it (convert.ts), and answers `prompt` over it with a small fast model (summarize.ts). Pages are
 * cached for 15 minutes by URL. Permission is per domain (permissions.ts). docs/TOOLS.md, WebFetch.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { WEB_FETCH_TOOL_NAME } from '../../protocol/toolNames';
import { type FetchedPage, PageCache } from './cache';
import { MAX_MARKDOWN_CHARS, MAX_URL_LENGTH } from './constants';
import { fetchPage } from './page';
import { checkWebFetchPermission } from './permissions';
import { presentWebFetch } from './present';
import { WEB_FETCH_DESCRIPTION, WEB_FETCH_PROMPT } from './prompt';
import { answerFromPage } from './summarize';
import { prepareUrl } from './url';

const inputSchema = z.strictObject({
  url: z.string().min(1).describe('The full URL to fetch (http is upgraded to https)'),
  prompt: z.string().min(1).describe('What to find out from the page'),
  offset: z.number().int().min(0).optional().describe('Character offset in the page text where reading starts, for long pages'),
});

export type WebFetchInput = z.infer<typeof inputSchema>;

export type WebFetchOutput =
  | { kind: 'answer'; url: string; status: number; statusText: string; bytes: number; contentType: string; cached: boolean; result: string }
  | { kind: 'redirect'; url: string; redirectUrl: string; status: number };

function hostOf(input: { url?: unknown } | undefined): string | undefined {
  const prepared = typeof input?.url === 'string' ? prepareUrl(input.url) : undefined;
  return prepared?.ok ? prepared.url.hostname : undefined;
}

/** The page's answer without the model where there is nothing for it to read. */
function binaryAnswer(page: FetchedPage, description: string): string {
  return `${page.url} is ${description}, ${page.bytes} bytes. WebFetch cannot read it as text; nothing was extracted.`;
}

async function answer(page: FetchedPage, input: WebFetchInput, context: ToolUseContext): Promise<string> {
  const content = page.content;
  if (content.kind === 'binary') return binaryAnswer(page, content.description);
  const model = context.ports.model;
  if (!model) throw new ToolError('unavailable', 'No model is available to read the page in this session.');
  const signal = context.abortController.signal;
  if (content.kind === 'pdf') {
    const text = await answerFromPage(model, context.options.mainLoopModel, content, input.prompt, signal);
    return `(A PDF document of ${page.bytes} bytes.)\n\n${text}`;
  }
  const offset = input.offset ?? 0;
  if (offset > 0 && offset >= content.text.length) {
    throw new ToolError('invalid_input', `offset ${offset} is past the end of the page text (${content.text.length} characters).`);
  }
  const text = content.text.slice(offset);
  const cutNote = text.length > MAX_MARKDOWN_CHARS ? `\n\n(The page text is ${content.text.length} characters; the model read from ${offset} to ${offset + MAX_MARKDOWN_CHARS}. Use offset to read on.)` : '';
  return `${await answerFromPage(model, context.options.mainLoopModel, { kind: 'text', text }, input.prompt, signal)}${cutNote}`;
}

/** A WebFetch tool with its own page cache (tests pass one with a fake clock). */
export function createWebFetchTool(cache: PageCache = new PageCache()) {
  return buildTool({
    name: WEB_FETCH_TOOL_NAME,
    searchHint: 'fetch web page url http read documentation internet',
    inputSchema,
    maxResultSizeChars: 100_000,
    shouldDefer: true,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    interruptBehavior: () => 'cancel',
    async description() {
      return WEB_FETCH_DESCRIPTION;
    },
    async prompt() {
      return WEB_FETCH_PROMPT;
    },
    userFacingName: () => 'Fetch',
    approvalVerb: () => 'Fetch',
    getToolUseSummary: (input) => input?.url ?? null,
    getActivityDescription: (input) => (hostOf(input) ? `Fetching ${hostOf(input)}` : 'Fetching a page'),
    toAutoClassifierInput: (input) => `${input.url}: ${input.prompt}`,

    async validateInput(input) {
      if (input.url.length > MAX_URL_LENGTH) return { result: false, message: `The URL is longer than ${MAX_URL_LENGTH} characters.` };
      const prepared = prepareUrl(input.url);
      return prepared.ok ? { result: true } : { result: false, message: prepared.message };
    },

    checkPermissions: (input, context) => checkWebFetchPermission(hostOf(input) ?? '', input, context),

    async call(input, context) {
      const web = context.ports.web;
      if (!web) throw new ToolError('unavailable', 'WebFetch is not available here: this host has no network access for tools.');
      const prepared = prepareUrl(input.url);
      if (!prepared.ok) throw new ToolError('invalid_input', prepared.message);
      const url = prepared.url.href;
      let page = cache.get(url);
      const cached = page !== undefined;
      if (!page) {
        const outcome = await fetchPage(web, prepared.url, context.abortController.signal);
        if (outcome.kind === 'redirect') return { data: { kind: 'redirect', url: outcome.from, redirectUrl: outcome.to, status: outcome.status } satisfies WebFetchOutput };
        page = outcome.page;
        cache.set(url, page);
      }
      const result = await answer(page, input, context);
      const data: WebFetchOutput = { kind: 'answer', url: page.url, status: page.status, statusText: page.statusText, bytes: page.bytes, contentType: page.contentType, cached, result };
      return { data };
    },

    mapToolResultToToolResultBlockParam(output: WebFetchOutput, toolUseId: string): ToolResultBlock {
      return { type: 'tool_result', tool_use_id: toolUseId, content: renderWebFetch(output) };
    },

    // The row's URL, status and size (or redirect target), which the text carries only as prose.
    present: presentWebFetch,
  });
}

/** The result text: a header with URL, status and size, then the answer; or the redirect to follow. */
export function renderWebFetch(output: WebFetchOutput): string {
  if (output.kind === 'redirect') {
    return [
      `REDIRECT: ${output.url} redirects (${output.status}) to another host: ${output.redirectUrl}`,
      `It was not followed. To read it, call WebFetch again with url "${output.redirectUrl}" and the same prompt.`,
    ].join('\n');
  }
  const status = `${output.status}${output.statusText ? ` ${output.statusText}` : ''}`;
  return [`URL: ${output.url}`, `Status: ${status}`, `Size: ${output.bytes} bytes${output.cached ? ' (cached)' : ''}`, '', output.result].join('\n');
}

export const WebFetchTool = createWebFetchTool();
