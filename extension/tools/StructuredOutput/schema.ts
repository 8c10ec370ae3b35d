/**
 * The JSON Schema a headless caller gives with `--json-schema` (docs/ARCHITECTURE.md, StructuredOutput): checked
 * once before the run, so a schema that is not JSON, not an object schema or uses what the validator cannot
 * check is a clear usage error instead of a model that can never succeed. Validation is Zod's
 * `z.fromJSONSchema` (draft 2020-12 and draft-07: types, properties, required, items, enum, const,
 * additionalProperties, formats, numeric and length bounds, anyOf/oneOf/allOf, $ref to $defs); `if`/`then`
 * and `not` are refused.
 */
import { z } from 'zod';
import { isRecord } from '../../core/base/isRecord';
import type { AnyObject } from '../../core/contracts/tool';

export type ObjectJsonSchema = { type: 'object'; [key: string]: unknown };

export interface CheckedSchema {
  /** The schema as the API's `input_schema` (without `$schema`). */
  jsonSchema: ObjectJsonSchema;
  /** The validator of the model's input. */
  validator: AnyObject;
}

export function parseJsonSchemaText(text: string): { ok: true; schema: CheckedSchema } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  return checkJsonSchema(value);
}

export function checkJsonSchema(value: unknown): { ok: true; schema: CheckedSchema } | { ok: false; error: string } {
  if (!isRecord(value)) return { ok: false, error: 'the schema must be a JSON object, e.g. {"type":"object","properties":{…}}' };
  if (value.type !== 'object') {
    const actual = value.type === undefined ? 'it has no "type"' : `its type is ${JSON.stringify(value.type)}`;
    return { ok: false, error: `the schema must describe an object ("type": "object"); ${actual}` };
  }
  const { $schema: _dropped, ...jsonSchema } = value;
  try {
    const validator = z.fromJSONSchema(value as Parameters<typeof z.fromJSONSchema>[0]) as unknown as AnyObject;
    return { ok: true, schema: { jsonSchema: jsonSchema as ObjectJsonSchema, validator } };
  } catch (err) {
    return { ok: false, error: `the schema cannot be used: ${err instanceof Error ? err.message : String(err)}` };
  }
}
