/**
 * WebSearch: the API's server-side web search. The tool sends its own small request with the
 * `web_search_20250305` server tool enabled (through `ToolPorts.webSearch`, extension/llm/webSearch.ts) and
 * returns the result links and the model's summary. docs/TOOLS.md, WebSearch.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ModelError } from '../../core/contracts/modelClient';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import type { WebSearchOutcome } from '../../core/contracts/web';
import { WEB_SEARCH_TOOL_NAME } from '../../protocol/toolNames';
import { SOURCES_REMINDER, WEB_SEARCH_DESCRIPTION, WEB_SEARCH_PROMPT } from './prompt';

/** Searches the model may run for one call (it may refine the query once or twice). */
export const MAX_SEARCHES_PER_CALL = 8;

const domainList = z.array(z.string().min(1).max(253)).max(100);

const inputSchema = z.strictObject({
  query: z.string().min(2).max(1000).describe('The search query (at least 2 characters)'),
  allowed_domains: domainList.optional().describe('Only include results from these domains'),
  blocked_domains: domainList.optional().describe('Never include results from these domains'),
});

export type WebSearchInput = z.infer<typeof inputSchema>;

export interface WebSearchOutput extends WebSearchOutcome {
  query: string;
}

export const WebSearchTool = buildTool({
  name: WEB_SEARCH_TOOL_NAME,
  searchHint: 'search the web internet google current information news docs',
  inputSchema,
  maxResultSizeChars: 100_000,
  shouldDefer: true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  async description() {
    return WEB_SEARCH_DESCRIPTION;
  },
  async prompt() {
    return WEB_SEARCH_PROMPT;
  },
  userFacingName: () => 'Web Search',
  approvalVerb: () => 'Search the web for',
  getToolUseSummary: (input) => (typeof input?.query === 'string' ? input.query : null),
  getActivityDescription: (input) => (typeof input?.query === 'string' ? `Searching: ${input.query}` : 'Searching the web'),
  toAutoClassifierInput: (input) => input.query,

  async validateInput(input) {
    if (input.allowed_domains?.length && input.blocked_domains?.length) {
      return { result: false, message: 'Give allowed_domains or blocked_domains, not both in one search.' };
    }
    return { result: true };
  },

  // Searching sends only the query to the API, which the conversation already goes to: nothing to ask about.
  checkPermissions: async (input) => ({ behavior: 'allow', updatedInput: input }),

  async call(input, context) {
    const port = context.ports.webSearch;
    if (!port) throw new ToolError('unavailable', 'WebSearch is not available here: this host offers no web search.');
    try {
      const outcome = await port.search({
        query: input.query,
        model: context.options.mainLoopModel,
        ...(input.allowed_domains?.length ? { allowedDomains: input.allowed_domains } : {}),
        ...(input.blocked_domains?.length ? { blockedDomains: input.blocked_domains } : {}),
        maxUses: MAX_SEARCHES_PER_CALL,
        signal: context.abortController.signal,
      });
      return { data: { query: input.query, ...outcome } satisfies WebSearchOutput };
    } catch (err) {
      if (err instanceof ModelError && err.kind === 'aborted') throw new ToolError('interrupted', 'The search was cancelled.');
      if (err instanceof ModelError) throw new ToolError('unavailable', `The web search failed: ${err.message}`);
      throw err;
    }
  },

  mapToolResultToToolResultBlockParam(output: WebSearchOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: renderWebSearch(output) };
  },
});

/** `Web search results for query: "…"`, then per search its links (JSON, as Claude Code gives them), then the summary. */
export function renderWebSearch(output: WebSearchOutput): string {
  const lines = [`Web search results for query: "${output.query}"`, ''];
  for (const search of output.searches) {
    if (search.error) lines.push(`Search "${search.query}" failed: ${search.error}`);
    else lines.push(`Links: ${JSON.stringify(search.hits.map((h) => ({ title: h.title, url: h.url })))}`);
  }
  if (output.searches.length === 0) lines.push('No search was run.');
  if (output.summary) lines.push('', output.summary);
  lines.push('', SOURCES_REMINDER);
  return lines.join('\n');
}
