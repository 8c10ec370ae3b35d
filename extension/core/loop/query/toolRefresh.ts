/**
 * The tool list mid-turn (docs/ARCHITECTURE.md, MCP tools, resources and prompts): an MCP server that
 * connects, or sends `notifications/tools/list_changed`, while the model works changes the session's tools.
 * After each tool round the loop asks `refreshTools`; a different list goes out with the very next request,
 * and the same list (the same tool objects) leaves the request untouched, so the prompt cache holds.
 */
import type { ToolDefinition } from '../../base/messages';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { Tools } from '../../contracts/tool';

/** The wire definitions of a tool list, as the session builds them for its first request. */
export type ToolDefinitionsFor = (tools: Tools) => Promise<readonly ToolDefinition[]>;

/** The context and definitions for the next request when the tool list changed; undefined when it did not. */
export async function refreshedTools(
  context: ToolUseContext,
  definitionsFor: ToolDefinitionsFor | undefined,
): Promise<{ context: ToolUseContext; definitions: readonly ToolDefinition[] } | undefined> {
  const refresh = context.options.refreshTools;
  if (!refresh || !definitionsFor) return undefined;
  const tools = refresh();
  if (sameTools(tools, context.options.tools)) return undefined;
  const definitions = await definitionsFor(tools);
  const prefix = context.options.requestPrefix;
  const options = { ...context.options, tools, ...(prefix ? { requestPrefix: { ...prefix, tools: definitions } } : {}) };
  return { context: { ...context, options }, definitions };
}

function sameTools(a: Tools, b: Tools): boolean {
  return a === b || (a.length === b.length && a.every((tool, i) => tool === b[i]));
}
