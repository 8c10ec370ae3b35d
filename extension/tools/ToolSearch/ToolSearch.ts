/**
 * ToolSearch: how the model finds deferred tools (docs/ARCHITECTURE.md, The tool pipeline). It answers with `tool_reference` blocks;
 * the API then loads those tools' definitions, so the model can call them from its next turn on, while
 * the `tools` array (and the prompt cache) stays unchanged.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { isDeferredTool } from '../../core/engines/tools/toolSchema';
import { buildTool, type AnyTool, type ToolPromptOptions } from '../../core/contracts/tool';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { parseSelect, rankTools } from './search';
import { TOOL_SEARCH_TOOL_NAME } from '../../protocol/toolNames';

const inputSchema = z.strictObject({
  query: z
    .string()
    .min(1)
    .describe('"select:Name1,Name2", or keywords for the capability you need'),
  max_results: z.number().int().min(1).max(50).default(5).describe('Maximum number of tools to return (default 5)'),
});

export interface ToolSearchOutput {
  query: string;
  matches: string[];
  /** Names asked for with select: that exist but were already loaded, or do not exist. */
  alreadyLoaded: string[];
  unknown: string[];
  totalDeferred: number;
}

function promptOptions(context: ToolUseContext): ToolPromptOptions {
  return {
    isNonInteractiveSession: context.options.isNonInteractiveSession,
    toolPermissionContext: context.getAppState().toolPermissionContext,
    tools: context.options.tools,
  };
}

async function search(query: string, max: number, deferred: readonly AnyTool[], context: ToolUseContext) {
  const selected = parseSelect(query);
  if (selected) {
    const byName = new Map(context.options.tools.map((t) => [t.name.toLowerCase(), t]));
    const matches: string[] = [];
    const alreadyLoaded: string[] = [];
    const unknown: string[] = [];
    for (const name of selected) {
      const tool = byName.get(name.toLowerCase());
      if (!tool) unknown.push(name);
      else if (deferred.includes(tool)) matches.push(tool.name);
      else alreadyLoaded.push(tool.name);
    }
    return { matches: [...new Set(matches)], alreadyLoaded, unknown };
  }
  const options = promptOptions(context);
  const catalogue = await Promise.all(
    deferred.map(async (t) => ({ name: t.name, searchHint: t.searchHint, description: await t.prompt(options) })),
  );
  return { matches: rankTools(query, catalogue, max), alreadyLoaded: [], unknown: [] };
}

/** ToolSearch's line in the system prompt, after the line about parallel calls: how to reach deferred tools. */
const TOOL_SEARCH_GUIDANCE: ToolGuidance = {
  rank: 500,
  text: `Some tools are deferred: only their names are known until loaded. To use one, first call ${TOOL_SEARCH_TOOL_NAME} with "select:<name>" or with keywords describing what you need; it becomes callable from your next turn`,
};

export const ToolSearchTool = buildTool({
  name: TOOL_SEARCH_TOOL_NAME,
  guidance: TOOL_SEARCH_GUIDANCE,
  searchHint: 'find discover load deferred tools',
  inputSchema,
  maxResultSizeChars: 100_000,
  alwaysLoad: true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return 'Search for and load deferred tools';
  },
  async prompt(options) {
    const deferred = options.tools.filter((t) => t.isEnabled() && isDeferredTool(t)).map((t) => t.name);
    return [
      'Loads deferred tools (listed by name only; calling one before it is loaded fails). "select:Name1,Name2" loads',
      'exactly those; keywords ("notebook edit", "github issue") search names, hints and descriptions and load the best',
      'matches. Loaded tools become callable in your next turn.',
      deferred.length ? `\nDeferred tools: ${deferred.join(', ')}` : '',
    ].join('\n');
  },
  userFacingName: () => 'Tool search',
  present: ({ output, isError }) => {
    const o = output as Partial<ToolSearchOutput> | undefined;
    if (isError || typeof o?.query !== 'string' || !Array.isArray(o.matches)) return undefined;
    return { kind: 'toolSearch', query: o.query.slice(0, 2000), matches: o.matches.slice(0, 100) };
  },
  getToolUseSummary: (input) => input?.query ?? null,
  getActivityDescription: (input) => (input?.query ? `Searching tools for "${input.query}"` : 'Searching tools'),
  async call({ query, max_results }, context) {
    const deferred = context.options.tools.filter((t) => t.isEnabled() && isDeferredTool(t));
    const found = await search(query, max_results, deferred, context);
    // The model can call these from its next request on: the executor checks this set.
    for (const name of found.matches) context.discoveredToolNames.add(name);
    return { data: { query, ...found, totalDeferred: deferred.length } satisfies ToolSearchOutput };
  },
  mapToolResultToToolResultBlockParam(output: ToolSearchOutput, toolUseId: string): ToolResultBlock {
    const notes: string[] = [];
    if (output.alreadyLoaded.length) notes.push(`Already available: ${output.alreadyLoaded.join(', ')}.`);
    if (output.unknown.length) notes.push(`No such tools: ${output.unknown.join(', ')}.`);
    if (output.matches.length === 0) {
      const none = `No matching deferred tools found for "${output.query}" (${output.totalDeferred} deferred tools).`;
      return { type: 'tool_result', tool_use_id: toolUseId, content: [none, ...notes].join(' ') };
    }
    return {
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: [
        ...output.matches.map((name) => ({ type: 'tool_reference' as const, tool_name: name })),
        ...(notes.length ? [{ type: 'text' as const, text: notes.join(' ') }] : []),
      ],
    };
  },
});
