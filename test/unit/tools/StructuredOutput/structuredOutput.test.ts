import { describe, expect, it } from 'vitest';
import { toolResultText } from '../../../../extension/core/base/messages';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { inputJSONSchemaOf } from '../../../../extension/core/engines/tools/toolSchema';
import { parseJsonSchemaText } from '../../../../extension/tools/StructuredOutput/schema';
import { createStructuredOutputTool } from '../../../../extension/tools/StructuredOutput/StructuredOutput';
import { getTools } from '../../../../extension/tools/tools';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { title: { type: 'string' }, score: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { enum: ['a', 'b'] } } },
  required: ['title', 'score'],
  additionalProperties: false,
};

function checked(schema: unknown = SCHEMA) {
  const parsed = parseJsonSchemaText(JSON.stringify(schema));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.schema;
}

async function call(input: unknown) {
  const tool = createStructuredOutputTool(checked());
  const block = toolUse('StructuredOutput', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context: makeContext([tool]), canUseTool: allowAll });
  return { text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true };
}

describe('tools/StructuredOutput', () => {
  it('sends the given schema verbatim (without $schema) as its input schema', () => {
    const { $schema: _s, ...rest } = SCHEMA;
    expect(inputJSONSchemaOf(createStructuredOutputTool(checked()))).toEqual(rest);
  });

  it('is offered only with a schema', () => {
    expect(getTools().map((t) => t.name)).not.toContain('StructuredOutput');
    expect(getTools([], { structuredOutputSchema: checked() }).map((t) => t.name)).toContain('StructuredOutput');
  });

  it('accepts input that matches the schema', async () => {
    expect(await call({ title: 'ok', score: 3, tags: ['a'] })).toEqual({ text: 'Structured output provided successfully.', isError: false });
  });

  it('lists every mismatch so the model can retry', async () => {
    const { text, isError } = await call({ score: -1, tags: ['c'], extra: true });
    expect(isError).toBe(true);
    expect(text).toContain('The required parameter `title` is missing');
    expect(text).toContain('`score`');
    expect(text).toContain('`tags[0]`');
    expect(text).toContain('An unexpected parameter `extra` was provided');
  });

  it('refuses a schema that is not JSON, not an object schema, or cannot be checked', () => {
    expect(parseJsonSchemaText('{type: object}')).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
    expect(parseJsonSchemaText('[1]')).toMatchObject({ ok: false, error: expect.stringContaining('must be a JSON object') });
    expect(parseJsonSchemaText('{"type":"string"}')).toEqual({ ok: false, error: 'the schema must describe an object ("type": "object"); its type is "string"' });
    expect(parseJsonSchemaText('{"properties":{}}')).toMatchObject({ ok: false, error: expect.stringContaining('it has no "type"') });
    expect(parseJsonSchemaText('{"type":"object","properties":{"a":{"not":{"type":"string"}}}}')).toMatchObject({ ok: false, error: expect.stringContaining('cannot be used') });
  });
});
