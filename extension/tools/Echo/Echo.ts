/**
 * Echo (throwaway, issue 14): proves that a tool is its folder, its name, its renderer and its docs entry.
 * It returns its text unchanged and touches nothing.
 */
import { z } from 'zod';
import { buildTool } from '../../core/tool/Tool';
import { ECHO_TOOL_NAME } from '../../protocol/toolNames';
import { ECHO_PROMPT } from './prompt';

const inputSchema = z.strictObject({ text: z.string().max(1_000).describe('The text to return') });

export const EchoTool = buildTool({
  name: ECHO_TOOL_NAME,
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 2_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return 'Return a text unchanged';
  },
  async prompt() {
    return ECHO_PROMPT;
  },
  getToolUseSummary: (input) => input?.text?.slice(0, 40) ?? null,
  async call({ text }) {
    return { data: { text } };
  },
  mapToolResultToToolResultBlockParam: (output: { text: string }, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: output.text }),
});
