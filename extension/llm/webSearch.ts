/**
 * The `WebSearchPort` on @anthropic-ai/sdk: one small Messages request with the API's server-side
 * `web_search_20250305` tool enabled. The API runs the searches; the reply holds `server_tool_use` blocks (the
 * queries), `web_search_tool_result` blocks (titles and links, or an error code) and the model's text.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { WebSearchOutcome, WebSearchRequest } from '../core/contracts/web';
import type { MessagesClient } from './providers/sdk';

const SEARCH_SYSTEM =
  'You search the web for a coding assistant. Run a web search for the query you are given, then sum up what ' +
  'the results say in a few sentences, naming the sources. Do not answer from memory.';

const SEARCH_MAX_TOKENS = 2048;

export function webSearchParams(request: WebSearchRequest): Anthropic.Messages.MessageCreateParamsNonStreaming {
  const tool: Anthropic.Messages.WebSearchTool20250305 = {
    type: 'web_search_20250305',
    name: 'web_search',
    max_uses: request.maxUses,
    ...(request.allowedDomains?.length ? { allowed_domains: [...request.allowedDomains] } : {}),
    ...(request.blockedDomains?.length ? { blocked_domains: [...request.blockedDomains] } : {}),
  };
  return {
    model: request.model,
    max_tokens: SEARCH_MAX_TOKENS,
    system: SEARCH_SYSTEM,
    messages: [{ role: 'user', content: `Search the web for: ${request.query}` }],
    tools: [tool],
  };
}

/** Pairs each search (server_tool_use) with its results and joins the model's text into the summary. */
export function readSearchReply(content: readonly Anthropic.Messages.ContentBlock[]): WebSearchOutcome {
  const searches: WebSearchOutcome['searches'] = [];
  const byId = new Map<string, WebSearchOutcome['searches'][number]>();
  const text: string[] = [];
  for (const block of content) {
    if (block.type === 'server_tool_use' && block.name === 'web_search') {
      const query = (block.input as { query?: unknown } | null)?.query;
      const search = { query: typeof query === 'string' ? query : '', hits: [] };
      searches.push(search);
      byId.set(block.id, search);
    } else if (block.type === 'web_search_tool_result') {
      const search = byId.get(block.tool_use_id);
      if (!search) continue;
      if (Array.isArray(block.content)) {
        search.hits = block.content.map((r) => ({ title: r.title, url: r.url, ...(r.page_age ? { pageAge: r.page_age } : {}) }));
      } else {
        Object.assign(search, { error: block.content.error_code });
      }
    } else if (block.type === 'text') {
      text.push(block.text);
    }
  }
  return { searches, summary: text.join('').trim() };
}

export async function runWebSearch(sdk: MessagesClient, request: WebSearchRequest): Promise<WebSearchOutcome> {
  const reply = await sdk.messages.create(webSearchParams(request), { signal: request.signal });
  return readSearchReply(reply.content);
}
