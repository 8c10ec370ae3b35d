/**
 * TaskStop: stops a running background task (a Bash command started with run_in_background, or one that
 * outlived its timeout) by killing its whole process tree. Deferred: the model loads it through ToolSearch
 * when it has a task to stop.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/messages';
import { isLocalBashTask, killBashTask } from '../../core/tasks/localBash';
import { taskSetter } from '../../core/tasks/taskStore';
import { isTerminalTaskStatus } from '../../core/tasks/types';
import { ToolError } from '../../core/tool/errors';
import { buildTool } from '../../core/tool/Tool';
import { TASK_STOP_TOOL_NAME } from '../../protocol/toolNames';

const inputSchema = z.strictObject({
  task_id: z.string().min(1).optional().describe('The id of the background task to stop'),
  shell_id: z.string().min(1).optional().describe('Deprecated: use task_id'),
});

export interface TaskStopOutput {
  taskId: string;
  taskType: string;
  command: string;
  message: string;
}

const idOf = (input: z.infer<typeof inputSchema>) => input.task_id ?? input.shell_id;

export const TaskStopTool = buildTool({
  name: TASK_STOP_TOOL_NAME,
  aliases: ['KillShell'],
  searchHint: 'stop kill cancel background task shell process',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 10_000,
  isConcurrencySafe: () => true,
  async description() {
    return 'Stop a running background task';
  },
  async prompt() {
    return [
      'Stops a running background task by its id: a Bash command started with run_in_background, or one that moved to the background after its timeout.',
      'The task and every process it started are killed. Use it for servers and watchers you no longer need, or a command that hangs.',
      'Pass the id from the Bash result as task_id.',
    ].join('\n');
  },
  userFacingName: () => 'Stop Task',
  getToolUseSummary: (input) => idOf(input ?? {}) ?? null,
  getActivityDescription: (input) => `Stopping task ${idOf(input ?? {}) ?? ''}`.trim(),
  toAutoClassifierInput: (input) => idOf(input) ?? '',

  async validateInput(input, context) {
    const id = idOf(input);
    if (!id) return { result: false, message: 'Missing task_id: pass the id of the background task to stop.' };
    const task = context.getAppState().tasks[id];
    if (!task) return { result: false, message: `No task found with ID: ${id}. Only background tasks of this session can be stopped.` };
    if (isTerminalTaskStatus(task.status)) {
      return { result: false, message: `Task ${id} is not running (status: ${task.status}), so there is nothing to stop.` };
    }
    return { result: true };
  },

  async call(input, context) {
    const id = idOf(input)!;
    const task = context.getAppState().tasks[id];
    if (!task || isTerminalTaskStatus(task.status)) throw new ToolError('not_found', `Task ${id} is not running.`);
    if (!isLocalBashTask(task)) throw new ToolError('unavailable', `Task ${id} is a ${task.type} task, which TaskStop cannot stop yet.`);
    await killBashTask(task, taskSetter(context));
    const data: TaskStopOutput = {
      taskId: id,
      taskType: task.type,
      command: task.command,
      message: `Stopped task ${id} (${task.command}).`,
    };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: TaskStopOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.message };
  },
});
