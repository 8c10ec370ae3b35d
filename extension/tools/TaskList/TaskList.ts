/** TaskList: the work list, one line per task (docs/ARCHITECTURE.md, Work list). Read-only, concurrency-safe. */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool } from '../../core/contracts/tool';
import { readWorkList } from '../../core/engines/worklist/access';
import { formatList } from '../../core/engines/worklist/format';
import { TASK_LIST_TOOL_NAME } from '../../protocol/toolNames';
import { TASK_LIST_DESCRIPTION, TASK_LIST_PROMPT } from './prompt';

const inputSchema = z.strictObject({});

export interface TaskListOutput {
  count: number;
  text: string;
}

export const TaskListTool = buildTool({
  name: TASK_LIST_TOOL_NAME,
  searchHint: 'work list tasks overview status owners blockers',
  inputSchema,
  maxResultSizeChars: 50_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return TASK_LIST_DESCRIPTION;
  },
  async prompt() {
    return TASK_LIST_PROMPT;
  },
  userFacingName: () => 'List Tasks',
  getActivityDescription: () => 'Listing tasks',
  toAutoClassifierInput: () => '',
  async checkPermissions(input) {
    return { behavior: 'allow' as const, updatedInput: input };
  },

  async call(_input, context) {
    const list = readWorkList(context);
    return { data: { count: Object.keys(list.items).length, text: formatList(list) } };
  },

  mapToolResultToToolResultBlockParam(output: TaskListOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.text };
  },
});
