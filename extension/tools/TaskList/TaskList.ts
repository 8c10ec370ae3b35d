/**
 * TaskList: the work list, one line per task (docs/ARCHITECTURE.md, Work list), then the session's background
 * tasks with their state (Background tasks). Read-only, concurrency-safe.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool } from '../../core/contracts/tool';
import { readWorkList } from '../../core/engines/worklist/access';
import { formatList } from '../../core/engines/worklist/format';
import { backgroundTaskLines } from '../../core/engines/tasks/taskLines';
import { TASK_LIST_TOOL_NAME } from '../../protocol/toolNames';
import { TASK_LIST_DESCRIPTION, TASK_LIST_PROMPT } from './prompt';

const inputSchema = z.strictObject({});

const BACKGROUND_HEADING = 'Background tasks (TaskGet with an id shows its output since your last look; TaskStop stops one):';

export interface TaskListOutput {
  count: number;
  text: string;
}

export const TaskListTool = buildTool({
  name: TASK_LIST_TOOL_NAME,
  searchHint: 'work list tasks overview status owners blockers',
  shouldDefer: true,
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
    const background = backgroundTaskLines(context.getAppState().tasks);
    const text = background.length ? `${formatList(list)}\n\n${BACKGROUND_HEADING}\n${background.join('\n')}` : formatList(list);
    return { data: { count: Object.keys(list.items).length, text } };
  },

  mapToolResultToToolResultBlockParam(output: TaskListOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.text };
  },
});
