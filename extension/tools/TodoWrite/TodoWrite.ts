/**
 * TodoWrite: replaces the session's todo list (kept in the app state per agent, so sub-agents keep their
 * own). It touches no file and runs nothing, so it needs no permission and runs in plan mode too.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { TodoItem } from '../../core/contracts/appState';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import { TODO_WRITE_DESCRIPTION, TODO_WRITE_GUIDANCE, TODO_WRITE_PROMPT } from './prompt';
import { TODO_WRITE_TOOL_NAME } from '../../protocol/toolNames';

const todoSchema = z.strictObject({
  content: z.string().min(1, 'content cannot be empty').describe('What to do, in the imperative ("Run the tests")'),
  status: z.enum(['pending', 'in_progress', 'completed']),
  activeForm: z.string().min(1, 'activeForm cannot be empty').describe('Present continuous form shown while in progress ("Running the tests")'),
});

const inputSchema = z.strictObject({
  todos: z.array(todoSchema).describe('The updated todo list'),
});

export type TodoWriteInput = z.infer<typeof inputSchema>;

export interface TodoWriteOutput {
  oldTodos: TodoItem[];
  newTodos: TodoItem[];
}

export const TODO_WRITE_RESULT =
  'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable';

/** The list's owner: the sub-agent, or the session for the main agent. */
export function todoKey(context: Pick<ToolUseContext, 'agentId' | 'sessionId'>): string {
  return context.agentId ?? context.sessionId;
}

function doneCount(todos: readonly Partial<TodoItem>[]): string {
  return `${todos.filter((t) => t.status === 'completed').length}/${todos.length} done`;
}

const todoWriteDef = {
  name: TODO_WRITE_TOOL_NAME,
  guidance: TODO_WRITE_GUIDANCE,
  searchHint: 'todo list plan steps checklist progress tasks',
  inputSchema,
  maxResultSizeChars: 100_000,
  // It writes the agent's checklist: not read-only, but only the session's own state, so planning may use it.
  sessionStateOnly: true,
  async description() {
    return TODO_WRITE_DESCRIPTION;
  },
  async prompt() {
    return TODO_WRITE_PROMPT;
  },
  userFacingName: () => 'Update Todos',
  getToolUseSummary: (input: Partial<TodoWriteInput> | undefined) => (Array.isArray(input?.todos) ? doneCount(input.todos) : null),
  getActivityDescription: () => 'Updating todos',
  toAutoClassifierInput: (input: TodoWriteInput) => `${input.todos.length} items`,
  async checkPermissions(input: TodoWriteInput) {
    return { behavior: 'allow' as const, updatedInput: input };
  },

  /** The last list a call wrote is the list as the model left it; a list with every item completed was cleared. */
  restoreState(call, state) {
    const parsed = inputSchema.safeParse(call.input);
    if (!parsed.success) return state;
    const { [call.key]: _cleared, ...others } = state.todos;
    const todos = parsed.data.todos.map((t) => ({ content: t.content, status: t.status, activeForm: t.activeForm }));
    return { ...state, todos: todos.every((t) => t.status === 'completed') ? others : { ...others, [call.key]: todos } };
  },

  async call(input: TodoWriteInput, context: ToolUseContext) {
    const key = todoKey(context);
    const oldTodos = [...(context.getAppState().todos[key] ?? [])];
    const newTodos = input.todos.map((t) => ({ content: t.content, status: t.status, activeForm: t.activeForm }));
    // A finished list is cleared, so the panel disappears once everything is done.
    const stored = newTodos.every((t) => t.status === 'completed') ? [] : newTodos;
    context.setAppState((prev) => ({ ...prev, todos: { ...prev.todos, [key]: stored } }));
    return { data: { oldTodos, newTodos } };
  },

  mapToolResultToToolResultBlockParam(_output: TodoWriteOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: TODO_WRITE_RESULT };
  },
} satisfies ToolDef<typeof inputSchema, TodoWriteOutput>;

export const TodoWriteTool = buildTool(todoWriteDef);
