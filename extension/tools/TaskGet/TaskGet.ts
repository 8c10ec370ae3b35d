/** TaskGet: one work-list task with every field (docs/ARCHITECTURE.md, Work list). Read-only, concurrency-safe. */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { readWorkList } from '../../core/engines/worklist/access';
import { formatItem } from '../../core/engines/worklist/format';
import { findItem, notFoundMessage } from '../../core/engines/worklist/store';
import { TASK_GET_TOOL_NAME } from '../../protocol/toolNames';
import { taskIdField, validateTaskId } from '../shared/workList';
import { TASK_GET_DESCRIPTION, TASK_GET_PROMPT } from './prompt';

const inputSchema = z.strictObject({ taskId: taskIdField });

export interface TaskGetOutput {
  /** The task as the model reads it. */
  text: string;
}

export const TaskGetTool = buildTool({
  name: TASK_GET_TOOL_NAME,
  searchHint: 'work list task read details status blockers',
  inputSchema,
  maxResultSizeChars: 30_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return TASK_GET_DESCRIPTION;
  },
  async prompt() {
    return TASK_GET_PROMPT;
  },
  userFacingName: () => 'Get Task',
  getToolUseSummary: (input) => (typeof input?.taskId === 'string' ? `#${input.taskId}` : null),
  getActivityDescription: () => 'Reading a task',
  toAutoClassifierInput: (input) => input.taskId,
  async checkPermissions(input) {
    return { behavior: 'allow' as const, updatedInput: input };
  },
  async validateInput(input, context) {
    return validateTaskId(input.taskId, context);
  },

  async call(input, context) {
    const list = readWorkList(context);
    const item = findItem(list, input.taskId);
    // validateInput checked it; another agent may have deleted it since.
    if (!item) throw new ToolError('not_found', notFoundMessage(input.taskId));
    return { data: { text: formatItem(list, item) } };
  },

  mapToolResultToToolResultBlockParam(output: TaskGetOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.text };
  },
});
