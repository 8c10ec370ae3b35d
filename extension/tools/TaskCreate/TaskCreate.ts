/**
 * TaskCreate: adds a pending task to the session's work list (docs/ARCHITECTURE.md, Work list). Session
 * state only, so it needs no permission and runs in plan mode; not concurrency-safe, since ids follow the
 * order of the calls.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import { writeWorkList } from '../../core/engines/worklist/access';
import { createItem } from '../../core/engines/worklist/store';
import type { WorkItem } from '../../core/contracts/worklist';
import { TASK_CREATE_TOOL_NAME } from '../../protocol/toolNames';
import { metadataField } from '../shared/workList';
import { TASK_CREATE_DESCRIPTION, TASK_CREATE_GUIDANCE, TASK_CREATE_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  subject: z.string().trim().min(1, 'subject cannot be empty').max(500).describe('A short title in the imperative ("Fix the date parser")'),
  description: z.string().max(20_000).describe('What needs doing, and how to tell it is done'),
  activeForm: z.string().max(500).optional().describe('Present continuous form shown while in progress ("Fixing the date parser")'),
  metadata: metadataField.optional().describe('Optional JSON data to keep with the task'),
});

export type TaskCreateInput = z.infer<typeof inputSchema>;

const resultText = (task: Pick<WorkItem, 'id' | 'subject'>) => `Task #${task.id} created: ${task.subject}`;
/** Reads the id back out of `resultText`. */
const CREATED = /^Task #(\d+) created: /;

export interface TaskCreateOutput {
  task: WorkItem;
}

const taskCreateDef = {
  name: TASK_CREATE_TOOL_NAME,
  guidance: TASK_CREATE_GUIDANCE,
  searchHint: 'work list task create plan split track dependencies',
  inputSchema,
  maxResultSizeChars: 10_000,
  // It writes the session's work list: not read-only, but only the session's own state, so planning may use it.
  sessionStateOnly: true,
  async description() {
    return TASK_CREATE_DESCRIPTION;
  },
  async prompt() {
    return TASK_CREATE_PROMPT;
  },
  userFacingName: () => 'Create Task',
  getToolUseSummary: (input: Partial<TaskCreateInput> | undefined) => (typeof input?.subject === 'string' ? input.subject : null),
  getActivityDescription: () => 'Creating a task',
  toAutoClassifierInput: (input: TaskCreateInput) => input.subject,
  async checkPermissions(input: TaskCreateInput) {
    return { behavior: 'allow' as const, updatedInput: input };
  },

  /** The result names the id the task got (`resultText`), so a resumed work list keeps the ids the model saw. */
  restoreState(call, state) {
    const input = inputSchema.safeParse(call.input);
    const id = call.result === undefined ? undefined : CREATED.exec(call.result)?.[1];
    if (!input.success || !id) return state;
    const list = state.workList;
    return { ...state, workList: createItem({ ...list, nextId: Math.max(list.nextId, Number(id)) }, input.data).list };
  },

  async call(input: TaskCreateInput, context: ToolUseContext) {
    const { item } = writeWorkList(context, (list) => createItem(list, input));
    return { data: { task: item } };
  },

  mapToolResultToToolResultBlockParam(output: TaskCreateOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: resultText(output.task) };
  },
} satisfies ToolDef<typeof inputSchema, TaskCreateOutput>;

export const TaskCreateTool = buildTool(taskCreateDef);
