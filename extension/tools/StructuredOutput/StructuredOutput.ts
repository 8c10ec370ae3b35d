/**
 * StructuredOutput: the headless caller's required answer shape (docs/ARCHITECTURE.md, StructuredOutput).
 * Offered only when the CLI got `--json-schema`: its input schema IS that schema (sent verbatim as the
 * API's input_schema) and the executor validates the model's input against it, so a mismatch comes back as
 * an input error listing what is wrong and the model retries. Success returns the input unchanged; the
 * CLI ends the run there and prints it.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool, type AnyTool } from '../../core/contracts/tool';
import { STRUCTURED_OUTPUT_TOOL_NAME } from '../../protocol/toolNames';
import type { CheckedSchema } from './schema';
import { STRUCTURED_OUTPUT_DESCRIPTION, STRUCTURED_OUTPUT_PROMPT } from './prompt';

export const STRUCTURED_OUTPUT_RESULT = 'Structured output provided successfully.';

export interface StructuredOutputData {
  structured_output: Record<string, unknown>;
}

/** Without a schema the tool is disabled: nothing offers it outside a `--json-schema` run. */
export function createStructuredOutputTool(schema?: CheckedSchema): AnyTool {
  return buildTool({
    name: STRUCTURED_OUTPUT_TOOL_NAME,
    searchHint: 'final answer json schema result',
    inputSchema: schema?.validator ?? z.strictObject({}),
    ...(schema ? { inputJSONSchema: schema.jsonSchema } : {}),
    maxResultSizeChars: 10_000,
    isEnabled: () => schema !== undefined,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async description() {
      return STRUCTURED_OUTPUT_DESCRIPTION;
    },
    async prompt() {
      return STRUCTURED_OUTPUT_PROMPT;
    },
    userFacingName: () => 'Structured output',
    getActivityDescription: () => 'Returning the answer',
    toAutoClassifierInput: () => '',
    async checkPermissions(input: Record<string, unknown>) {
      return { behavior: 'allow' as const, updatedInput: input };
    },
    async call(input: Record<string, unknown>) {
      return { data: { structured_output: input } satisfies StructuredOutputData };
    },
    mapToolResultToToolResultBlockParam(_output: StructuredOutputData, toolUseId: string): ToolResultBlock {
      return { type: 'tool_result', tool_use_id: toolUseId, content: STRUCTURED_OUTPUT_RESULT };
    },
  });
}
