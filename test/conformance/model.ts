/**
 * The model of the conformance runs (the fake Anthropic API's fallback, test/fixtures/fake-anthropic): it
 * calls every tool of the MCP server under test once, in the order the request lists them (a deferred one
 * is loaded with ToolSearch first), with arguments made from each tool's input schema, then ends the turn
 * naming what it called. Requests that offer no such tool (a title, a summary) get a short text answer.
 */
import type { FakeTurn, FallbackRequest } from '../fixtures/fake-anthropic';

interface ToolDef {
  name: string;
  input_schema?: { properties?: Record<string, { type?: string; default?: unknown; enum?: unknown[] }> };
  defer_loading?: boolean;
}

interface Block {
  type: string;
  name?: string;
  input?: { query?: string };
}

/** The tools of the server named `server` in the MCP config (`mcp__<server>__<tool>`). */
export function callEveryTool(server: string): (request: FallbackRequest) => FakeTurn {
  const prefix = `mcp__${server}__`;
  return ({ body }) => {
    const tools = (Array.isArray(body.tools) ? (body.tools as ToolDef[]) : []).filter((t) => t.name.startsWith(prefix));
    const blocks = assistantBlocks(body.messages);
    const called = new Set(blocks.filter((b) => b.type === 'tool_use' && b.name).map((b) => b.name!));
    const searched = new Set(blocks.filter((b) => b.type === 'tool_use' && b.name === 'ToolSearch').map((b) => b.input?.query ?? ''));
    const next = tools.find((t) => !called.has(t.name));
    if (!next) return { content: [{ type: 'text', text: tools.length ? `Called ${tools.map((t) => t.name).join(', ')}.` : 'The server offers no tools.' }] };
    const select = `select:${next.name}`;
    if (next.defer_loading && !searched.has(select)) return { content: [{ type: 'tool_use', name: 'ToolSearch', input: { query: select } }] };
    return { content: [{ type: 'tool_use', name: next.name, input: argumentsFor(next) }] };
  };
}

function assistantBlocks(messages: unknown): Block[] {
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((m: { role?: string; content?: unknown }) => (m.role === 'assistant' && Array.isArray(m.content) ? (m.content as Block[]) : []));
}

/** A value of the right type for every property: its default, else its first enum value, else 1, 2, … / "conformance" / true. */
function argumentsFor(tool: ToolDef): Record<string, unknown> {
  const props = Object.entries(tool.input_schema?.properties ?? {});
  return Object.fromEntries(props.map(([name, p], i) => [name, p.default ?? p.enum?.[0] ?? sample(p.type, i)]));
}

function sample(type: string | undefined, index: number): unknown {
  switch (type) {
    case 'number':
    case 'integer':
      return index + 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'conformance';
  }
}
