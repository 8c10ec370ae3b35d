/**
 * MCP servers' tools as session tools (docs/ARCHITECTURE.md, MCP tools, resources and prompts): each tool of
 * a connected server becomes `mcp__<server>__<tool>`, sent with the server's JSON Schema verbatim, its
 * annotations as flags (`readOnlyHint` → read-only, `destructiveHint` → destructive and the dialog's warning,
 * `title` → the row's label, `openWorldHint` / `idempotentHint` → the permission question), and its call routed
 * through the hub with the server's progress shown on the row. Many tools are deferred behind ToolSearch so
 * they do not fill the context; `_meta['anthropic/alwaysLoad']` keeps one loaded.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../base/messages';
import type { PermissionResult } from '../../contracts/permissions';
import { buildTool, type AnyObject, type AnyTool, type Tools } from '../../contracts/tool';
import { mcpContentBlock } from './content';
import { presentMcpToolResult } from './present';
import { mcpProgressText } from './progress';
import { mcpToolName, type McpHub, type McpToolInfo, type McpToolResult } from '../../contracts/mcp';

/** More MCP tools than this, in total, and all of them are deferred (except those marked alwaysLoad). */
export const MCP_DEFER_TOOL_COUNT = 10;
/** ...or when their descriptions and schemas together are longer than this (about 6k tokens). */
export const MCP_DEFER_CHARS = 25_000;
/** A server's description is cut here: a server must not fill the context with one tool's text. */
export const MCP_DESCRIPTION_MAX_CHARS = 2048;
const MCP_RESULT_MAX_CHARS = 100_000;
/** The permission dialog's line for a tool whose server marks it `destructiveHint` (and not read-only). */
export const MCP_DESTRUCTIVE_WARNING = 'This tool may delete or overwrite data (the server marks it destructive)';

/** The tools of every connected server, deferred when there are many; a name taken twice keeps the first. */
export function mcpTools(hub: McpHub): Tools {
  const listed = hub
    .servers()
    .filter((s) => s.status.state === 'connected')
    .flatMap((s) => s.tools.map((info) => ({ server: s.name, info })));
  const size = listed.reduce((n, { info }) => n + (info.description?.length ?? 0) + JSON.stringify(info.inputSchema).length, 0);
  const defer = listed.length > MCP_DEFER_TOOL_COUNT || size > MCP_DEFER_CHARS;
  const seen = new Set<string>();
  const tools: AnyTool[] = [];
  for (const { server, info } of listed) {
    const name = mcpToolName(server, info.name);
    if (seen.has(name)) continue;
    seen.add(name);
    tools.push(createMcpTool(hub, server, info, { defer }));
  }
  return tools;
}

/**
 * The Zod side of the server's schema, for the executor's input check: `z.fromJSONSchema` where it can read
 * the schema, else any object (the server validates its own input and answers with an error).
 */
export function zodSchemaOf(schema: McpToolInfo['inputSchema']): AnyObject {
  try {
    return z.fromJSONSchema(schema) as unknown as AnyObject;
  } catch {
    return z.looseObject({});
  }
}

function descriptionOf(server: string, info: McpToolInfo): string {
  const text = info.description?.trim() || `Tool ${info.name} of the MCP server ${server}.`;
  return text.length > MCP_DESCRIPTION_MAX_CHARS ? `${text.slice(0, MCP_DESCRIPTION_MAX_CHARS)}… [truncated]` : text;
}

/**
 * The permission question; the hints the server gave about the tool's reach go with it. Hints of an untrusted
 * server decide nothing here: rules and the user do.
 */
function permissionMessage(server: string, info: McpToolInfo): string {
  const a = info.annotations;
  const notes = [
    a?.openWorldHint === true ? 'it reaches outside systems (the internet, other services)' : undefined,
    a?.openWorldHint === false ? 'it works only within the server' : undefined,
    a?.idempotentHint === true ? 'calling it again with the same arguments changes nothing more' : undefined,
  ].filter((n): n is string => n !== undefined);
  return `Allow the MCP server "${server}" to run its tool "${info.name}"?${notes.length ? ` The server says ${notes.join('; ')}.` : ''}`;
}

/** A short line for the tool row: the first string argument, as the model wrote it. */
function summaryOf(input: Record<string, unknown> | undefined): string | null {
  const first = Object.values(input ?? {}).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (first === undefined) return null;
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
}

export function createMcpTool(hub: McpHub, server: string, info: McpToolInfo, opts: { defer: boolean }): AnyTool {
  const readOnly = info.annotations?.readOnlyHint === true;
  // A tool that says it only reads cannot also destroy: readOnlyHint wins, as the spec says destructiveHint means nothing then.
  const destructive = !readOnly && info.annotations?.destructiveHint === true;
  const description = descriptionOf(server, info);
  const title = info.annotations?.title?.trim();
  const shown = title || info.name;
  return buildTool({
    name: mcpToolName(server, info.name),
    searchHint: `${server} ${info.name} ${info.annotations?.title ?? ''} mcp`.trim(),
    inputSchema: zodSchemaOf(info.inputSchema),
    inputJSONSchema: info.inputSchema,
    maxResultSizeChars: MCP_RESULT_MAX_CHARS,
    ...(opts.defer ? { shouldDefer: true } : {}),
    ...(info._meta?.['anthropic/alwaysLoad'] === true ? { alwaysLoad: true } : {}),
    isReadOnly: () => readOnly,
    isDestructive: () => destructive,
    // Only what the server says reads nothing may run next to other calls.
    isConcurrencySafe: () => readOnly,
    async description() {
      return description;
    },
    async prompt() {
      return description;
    },
    userFacingName: () => `${server} - ${shown} (MCP)`,
    getToolUseSummary: (input) => summaryOf(input),
    getActivityDescription: () => `Running ${shown} on ${server}`,
    ...(title ? { rowLabel: () => title } : {}),
    ...(destructive ? { destructiveWarning: () => MCP_DESTRUCTIVE_WARNING } : {}),
    toAutoClassifierInput: (input) => ({ server, tool: info.name, input, ...(info.annotations ? { annotations: info.annotations } : {}) }),
    // No opinion of its own: rules `mcp__server` and `mcp__server__tool` decide, else the user is asked.
    // A read-only hint only keeps it from plan mode's refusal (the engine still asks); it never allows a call.
    async checkPermissions(): Promise<PermissionResult> {
      return { behavior: 'passthrough', message: permissionMessage(server, info) };
    },
    async call(args: Record<string, unknown>, context, _canUseTool, _parent, onProgress) {
      const progress = onProgress && ((p: Parameters<typeof mcpProgressText>[0]) => onProgress({ toolUseID: '', data: { type: 'mcp_progress', ...p, message: mcpProgressText(p) } }));
      const result = await hub.callTool(server, info.name, args, context.abortController.signal, progress);
      const mcpMeta = {
        ...(result._meta ? { _meta: result._meta } : {}),
        ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
      };
      return { data: result, ...(Object.keys(mcpMeta).length ? { mcpMeta } : {}) };
    },
    mapToolResultToToolResultBlockParam: (output: McpToolResult, toolUseId: string) => mcpResultBlock(output, toolUseId),
    // The chat row's images and resource links (the text stays the model's).
    present: presentMcpToolResult,
  });
}

/** A tool's MCP result as a tool_result: its blocks, structured content as JSON when nothing else came, is_error kept. */
export function mcpResultBlock(output: McpToolResult, toolUseId: string): ToolResultBlock {
  const blocks = output.content.map(mcpContentBlock);
  if (blocks.length === 0 && output.structuredContent) blocks.push({ type: 'text', text: JSON.stringify(output.structuredContent) });
  const error = output.isError === true ? { is_error: true } : {};
  if (blocks.every((b) => b.type === 'text')) {
    const text = blocks.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
    return { type: 'tool_result', tool_use_id: toolUseId, content: text || '(no output)', ...error };
  }
  return { type: 'tool_result', tool_use_id: toolUseId, content: blocks, ...error };
}

/**
 * The MCP tools of a session, rebuilt only after the hub changed (a server connected, a
 * `notifications/tools/list_changed`): the next request then carries the new list, and until then the
 * same tool objects, so the `tools` array stays byte-identical for prompt caching.
 */
export class McpToolSet {
  private cached: Tools | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly hub: McpHub) {
    this.unsubscribe = hub.onDidChange(() => {
      this.cached = undefined;
    });
  }

  tools(): Tools {
    this.cached ??= mcpTools(this.hub);
    return this.cached;
  }

  dispose(): void {
    this.unsubscribe();
  }
}
