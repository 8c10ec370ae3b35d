/**
 * TaskUpdate: changes one work-list task, links tasks in both directions, or deletes one with its links
 * (docs/ARCHITECTURE.md, Work list). Session state only: no permission, runs in plan mode.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { readWorkList, writeWorkList } from '../../core/engines/worklist/access';
import { updateItem } from '../../core/engines/worklist/store';
import { TASK_UPDATE_TOOL_NAME } from '../../protocol/toolNames';
import { metadataField, taskIdField, workListId } from '../shared/workList';
import { TASK_UPDATE_DESCRIPTION, TASK_UPDATE_PROMPT } from './prompt';
import { updateResultText, type TaskUpdateOutput } from './result';

const idList = z.array(workListId).max(100);

const inputSchema = z.strictObject({
  taskId: taskIdField,
  subject: z.string().trim().min(1, 'subject cannot be empty').max(500).optional().describe('A new title'),
  description: z.string().max(20_000).optional().describe('A new description'),
  activeForm: z.string().max(500).optional().describe('Present continuous form shown while in progress; empty clears it'),
  status: z.enum(['pending', 'in_progress', 'completed', 'deleted']).optional().describe('The new status; deleted removes the task and its links'),
  addBlocks: idList.optional().describe('Ids of tasks that cannot start until this one is completed'),
  addBlockedBy: idList.optional().describe('Ids of tasks this one waits for'),
  owner: z.string().max(200).optional().describe('The agent or teammate working on it; empty clears it'),
  metadata: metadataField.optional().describe('Merged into the task metadata; a key set to null is removed'),
});

export type TaskUpdateInput = z.infer<typeof inputSchema>;

const patchOf = ({ taskId: _id, ...patch }: TaskUpdateInput) => patch;

export const TaskUpdateTool = buildTool({
  name: TASK_UPDATE_TOOL_NAME,
  searchHint: 'work list task update status owner complete block dependency delete',
  inputSchema,
  maxResultSizeChars: 10_000,
  // It changes the session's work list: not read-only, but only the session's own state, so planning may use it.
  sessionStateOnly: true,
  async description() {
    return TASK_UPDATE_DESCRIPTION;
  },
  async prompt() {
    return TASK_UPDATE_PROMPT;
  },
  userFacingName: () => 'Update Task',
  getToolUseSummary: (input) => (typeof input?.taskId === 'string' ? `#${input.taskId}${input.status ? ` ${input.status}` : ''}` : null),
  getActivityDescription: () => 'Updating a task',
  toAutoClassifierInput: (input) => `${input.taskId} ${input.status ?? ''}`.trim(),
  async checkPermissions(input) {
    return { behavior: 'allow' as const, updatedInput: input };
  },
  async validateInput(input, context) {
    const outcome = updateItem(readWorkList(context), input.taskId, patchOf(input));
    return outcome.ok ? { result: true } : { result: false, message: outcome.error };
  },

  /** A successful update applied again; one without a stored result is left out (it may not have run). */
  restoreState(call, state) {
    const input = inputSchema.safeParse(call.input);
    if (!input.success || call.result === undefined) return state;
    const outcome = updateItem(state.workList, input.data.taskId, patchOf(input.data));
    return outcome.ok ? { ...state, workList: outcome.list } : state;
  },

  async call(input, context) {
    const before = readWorkList(context);
    const outcome = writeWorkList(context, (list) => updateItem(list, input.taskId, patchOf(input)));
    // validateInput checked the call; another agent may have changed the list since.
    if (!outcome.ok) throw new ToolError('invalid_input', outcome.error);
    return { data: { taskId: input.taskId, before, after: outcome.list, changed: outcome.changed, deleted: outcome.deleted } satisfies TaskUpdateOutput };
  },

  mapToolResultToToolResultBlockParam(output: TaskUpdateOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: updateResultText(output) };
  },
});
