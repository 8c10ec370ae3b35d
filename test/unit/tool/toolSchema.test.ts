import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getEmptyToolPermissionContext } from '../../../extension/core/contracts/permissions';
import { inputJSONSchemaOf, toolDefinitions } from '../../../extension/core/engines/tools/toolSchema';
import { buildTool } from '../../../extension/core/contracts/tool';
import { echoTool } from './fixtures';

const options = { isNonInteractiveSession: false, toolPermissionContext: getEmptyToolPermissionContext(), tools: [] };

describe('core/engines/tools/toolSchema', () => {
  it('converts the input side of the schema, without $schema', () => {
    const { tool } = echoTool();
    const schema = inputJSONSchemaOf(tool);
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string' }, times: { type: 'integer', minimum: 1, default: 1 } },
      required: ['text'],
      additionalProperties: false,
    });
  });

  it('leaves out the safe-integer bounds an int field gets, while the input is still checked against them', () => {
    const tool = buildTool({ ...echoTool().tool, inputSchema: z.strictObject({ n: z.number().int(), m: z.number().int().max(9) }) });
    expect(inputJSONSchemaOf(tool).properties).toEqual({ n: { type: 'integer' }, m: { type: 'integer', maximum: 9 } });
    expect(tool.inputSchema.safeParse({ n: Number.MAX_SAFE_INTEGER + 2, m: 1 }).success).toBe(false);
  });

  it('converts each schema once and returns the same object after', () => {
    const { tool } = echoTool();
    expect(inputJSONSchemaOf(tool)).toBe(inputJSONSchemaOf(tool));
  });

  it("uses an MCP tool's own JSON Schema verbatim", () => {
    const own = { type: 'object' as const, properties: { q: { type: 'string', description: 'query' } } };
    const mcp = buildTool({ ...echoTool().tool, name: 'mcp__srv__search', inputSchema: z.object({}).passthrough(), inputJSONSchema: own });
    expect(inputJSONSchemaOf(mcp)).toBe(own);
  });

  it('lists enabled tools, flags deferred ones, and is byte-identical across calls', async () => {
    const now = echoTool({ name: 'Now' }).tool;
    const later = buildTool({ ...echoTool().tool, name: 'Later', shouldDefer: true });
    const pinned = buildTool({ ...echoTool().tool, name: 'Pinned', shouldDefer: true, alwaysLoad: true });
    const off = buildTool({ ...echoTool().tool, name: 'Off', isEnabled: () => false });
    const defs = await toolDefinitions([now, later, pinned, off], options);
    expect(defs.map((d) => [d.name, d.defer_loading ?? false])).toEqual([
      ['Now', false],
      ['Later', true],
      ['Pinned', false],
    ]);
    expect(defs[0]?.description).toBe('Echoes the given text, `times` times.');
    expect(JSON.stringify(await toolDefinitions([now, later, pinned, off], options))).toBe(JSON.stringify(defs));
  });
});
