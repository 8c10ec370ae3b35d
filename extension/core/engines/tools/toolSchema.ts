/**
 * Tools as the API sees them. Each Zod schema is converted to JSON Schema once (`io: 'input'`, so
 * defaulted fields are optional) and cached: the `tools` array must stay byte-identical across the
 * requests of a session for prompt caching.
 */
import { z } from 'zod';
import type { ToolDefinition } from '../../base/messages';
import type { AnyTool, Tools, ToolPromptOptions } from '../../contracts/tool';

type JsonObjectSchema = ToolDefinition['input_schema'];

const schemaCache = new WeakMap<object, JsonObjectSchema>();

/** `z.number().int()` adds ±2^53-1 bounds: noise in every request (Zod still validates the input). */
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  if (jsonSchema['maximum'] === Number.MAX_SAFE_INTEGER) delete jsonSchema['maximum'];
  if (jsonSchema['minimum'] === Number.MIN_SAFE_INTEGER) delete jsonSchema['minimum'];
}

export function inputJSONSchemaOf(tool: AnyTool): JsonObjectSchema {
  if (tool.inputJSONSchema) return tool.inputJSONSchema;
  const cached = schemaCache.get(tool.inputSchema);
  if (cached) return cached;
  const { $schema: _dropped, ...rest } = z.toJSONSchema(tool.inputSchema, { io: 'input', override: dropSafeIntegerBounds }) as Record<string, unknown>;
  if (rest.type !== 'object') throw new Error(`Tool ${tool.name}: input schema must be an object schema`);
  const schema = rest as JsonObjectSchema;
  schemaCache.set(tool.inputSchema, schema);
  return schema;
}

/** Deferred tools are listed with `defer_loading` and loaded only when a tool_reference names them. */
export function isDeferredTool(tool: AnyTool): boolean {
  return tool.shouldDefer === true && tool.alwaysLoad !== true;
}

export async function toolDefinitions(tools: Tools, options: ToolPromptOptions): Promise<ToolDefinition[]> {
  const enabled = tools.filter((t) => t.isEnabled());
  return Promise.all(
    enabled.map(async (tool) => ({
      name: tool.name,
      description: await tool.prompt(options),
      input_schema: inputJSONSchemaOf(tool),
      ...(tool.strict ? { strict: true } : {}),
      ...(isDeferredTool(tool) ? { defer_loading: true } : {}),
    })),
  );
}
