/**
 * TaskGet: one work-list task with every field (docs/ARCHITECTURE.md, Work list), or, for a background task's id,
 * its state and the output it printed since the model's last look (Background tasks). Read-only, concurrency-safe.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { readWorkList } from '../../core/engines/worklist/access';
import { formatItem } from '../../core/engines/worklist/format';
import { findItem, notFoundMessage } from '../../core/engines/worklist/store';
import { readNewTaskOutput } from '../../core/engines/tasks/outputPort';
import { backgroundTaskDetails } from '../../core/engines/tasks/taskLines';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { TASK_GET_TOOL_NAME } from '../../protocol/toolNames';
import { taskIdField, validateTaskId } from '../shared/workList';
import { TASK_GET_DESCRIPTION, TASK_GET_PROMPT } from './prompt';

const inputSchema = z.strictObject({ taskId: taskIdField.describe('A work-list task id ("3") or a background task id ("b3k9x0q2a"), as TaskList shows it') });

export interface TaskGetOutput {
  /** The task as the model reads it. */
  text: string;
}

export const TaskGetTool = buildTool({
  name: TASK_GET_TOOL_NAME,
  searchHint: 'work list task read details status blockers',
  shouldDefer: true,
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
  // Work-list ids are numbers shown as `#3`; a background task's id (`b3k9x0q2a`) is shown as it is.
  getToolUseSummary: (input) => (typeof input?.taskId === 'string' ? (/^\d+$/.test(input.taskId) ? `#${input.taskId}` : input.taskId) : null),
  getActivityDescription: () => 'Reading a task',
  toAutoClassifierInput: (input) => input.taskId,
  async checkPermissions(input) {
    return { behavior: 'allow' as const, updatedInput: input };
  },
  async validateInput(input, context) {
    if (context.getAppState().tasks[input.taskId]) return { result: true };
    return validateTaskId(input.taskId, context);
  },

  async call(input, context) {
    if (context.getAppState().tasks[input.taskId]) return { data: { text: await backgroundTask(input.taskId, context) } };
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

/** A background task and its new output; reading moves its `outputOffset`, so the next look shows only what follows. */
async function backgroundTask(taskId: string, context: ToolUseContext): Promise<string> {
  const port = context.ports.taskOutput;
  const read = port ? await readNewTaskOutput(port, context, taskId) : undefined;
  const task = context.getAppState().tasks[taskId];
  if (!task) throw new ToolError('not_found', notFoundMessage(taskId));
  return backgroundTaskDetails(task, read);
}
