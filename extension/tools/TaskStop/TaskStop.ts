/**
 * TaskStop: stops a running background task (a Bash command started with run_in_background, or one that
 * outlived its timeout: its whole process tree is killed) through the task registry, which dispatches on the
 * task's type. Deferred: the model loads it through ToolSearch
 * when it has a task to stop.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { isLocalBashTask } from '../../core/engines/tasks/localBash';
import { isTaskTypeInBuild, taskRegistry } from '../../core/engines/tasks/registry';
import { taskSetter } from '../../core/engines/tasks/taskStore';
import { isTerminalTaskStatus, type TaskStateBase } from '../../core/contracts/tasks';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
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

/** What the result names the task by: a command's text, else the task's description. */
const whatOf = (task: TaskStateBase) => (isLocalBashTask(task) ? task.command : task.description);

const notInBuild = (id: string, task: TaskStateBase) =>
  `Task ${id} is a ${task.type} task, and ${task.type} tasks are not available in this build, so TaskStop cannot stop it.`;

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
      'Stops a running background task, with every process it started, by the id its result gave: a background Bash command (or one moved there at its timeout), a background Agent, a teammate or a Monitor. A scheduled job id (CronCreate) is deleted, as CronDelete does.',
      'Use it for servers and watchers you no longer need, or a command that hangs.',
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
    if (!task && context.ports.cron?.get(id)) return { result: true };
    if (!task) return { result: false, message: `No task found with ID: ${id}. Only background tasks of this session can be stopped.` };
    if (isTerminalTaskStatus(task.status)) {
      return { result: false, message: `Task ${id} is not running (status: ${task.status}), so there is nothing to stop.` };
    }
    if (!isTaskTypeInBuild(task.type)) return { result: false, message: notInBuild(id, task) };
    return { result: true };
  },

  async call(input, context) {
    const id = idOf(input)!;
    // A scheduled job's id (CronCreate) is stopped by deleting the job (docs/ARCHITECTURE.md, "Scheduled and watched work").
    const job = context.getAppState().tasks[id] ? undefined : context.ports.cron?.delete(id);
    if (job) return { data: { taskId: id, taskType: 'cron', command: job.cron, message: `Deleted scheduled job ${id} (${job.cron}).` } satisfies TaskStopOutput };
    const stopped = await taskRegistry.killTask(id, { getAppState: () => context.getAppState(), setAppState: taskSetter(context) });
    if (stopped.kind === 'not_found' || stopped.kind === 'not_running') throw new ToolError('not_found', `Task ${id} is not running.`);
    if (stopped.kind === 'not_in_build') throw new ToolError('unavailable', notInBuild(id, stopped.task));
    if (stopped.kind === 'unregistered') {
      throw new ToolError('unavailable', `Task ${id} is a ${stopped.task.type} task, which TaskStop cannot stop yet.`);
    }
    const what = whatOf(stopped.task);
    const data: TaskStopOutput = { taskId: id, taskType: stopped.task.type, command: what, message: `Stopped task ${id} (${what}).` };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: TaskStopOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.message };
  },
});
