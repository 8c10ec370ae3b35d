/**
 * Monitor: runs a command as a `monitor_mcp` task whose output lines reach the model as events
 * (core/engines/tasks/monitor.ts, docs/ARCHITECTURE.md "Scheduled and watched work"). The command is checked like
 * a Bash command, by the same Bash analysis. A factory, because that analysis needs the host's parser.
 */
import { z } from 'zod';
import type { AssistantMessage, ToolResultBlock } from '../../core/base/messages';
import { startMonitorTask } from '../../core/engines/tasks/monitor';
import { taskSetter } from '../../core/engines/tasks/taskStore';
import { generateTaskId } from '../../core/contracts/tasks';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { workspaceRoots } from '../../core/contracts/workingDirectory';
import { MONITOR_TOOL_NAME } from '../../protocol/toolNames';
import type { ShellParser } from '../../core/engines/permissions/bash';
import { checkCommandPermissions, commandOf } from '../shared/shellCommand';
import { requireUnsandboxedConsent, sandboxPlanFor, sandboxSpawnOptions } from '../shared/sandbox';
import { MAX_MONITOR_TIMEOUT_MS, MIN_MONITOR_TIMEOUT_MS } from './constants';
import { MONITOR_DESCRIPTION, MONITOR_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  description: z.string().min(1).max(500).describe('A short label for what is watched, e.g. "Errors in the dev server log"'),
  timeout_ms: z.number().int().describe(`Stop watching after this many milliseconds (${MIN_MONITOR_TIMEOUT_MS}-${MAX_MONITOR_TIMEOUT_MS})`),
  command: z.string().min(1).optional().describe('The shell command to run; each line it prints is an event'),
  ws: z
    .strictObject({ url: z.string().min(1).describe('WebSocket URL'), protocols: z.array(z.string()).optional() })
    .optional()
    .describe('Not available in this build: use command'),
});

export type MonitorInput = z.infer<typeof inputSchema>;

export interface MonitorOutput {
  taskId: string;
  command: string;
  description: string;
  outputFile: string;
  timeoutMs: number;
}

export const WS_NOT_AVAILABLE =
  'Monitor cannot watch a WebSocket (ws) in this build. Pass `command` instead: a command that prints one line per message, such as a small `node` or `python -u` script reading the socket.';

function toolUseIdOf(parent: AssistantMessage | undefined, input: MonitorInput): string | undefined {
  const use = parent?.content.find((b) => b.type === 'tool_use' && b.name === MONITOR_TOOL_NAME && (b.input as { command?: unknown }).command === input.command);
  return use?.type === 'tool_use' ? use.id : undefined;
}

export interface MonitorToolOptions {
  /** The tree-sitter Bash parser the permission check needs; without it every command asks. */
  parser?: ShellParser;
}

async function start(input: MonitorInput, context: ToolUseContext, parent: AssistantMessage | undefined): Promise<MonitorOutput> {
  const shell = context.ports.shell;
  if (!shell) throw new ToolError('unavailable', 'Monitor is not available in this host: no shell is configured.');
  const command = input.command!;
  const id = generateTaskId('monitor_mcp');
  const outputFile = await context.ports.storage.writeText(`tasks/${id}.output`, '');
  const toolUseId = toolUseIdOf(parent, input);
  // The `sandbox` settings apply as for Bash, but a monitor always goes through the normal asks.
  const plan = sandboxPlanFor(context, command);
  await requireUnsandboxedConsent(plan, context);
  const sandbox = sandboxSpawnOptions(context, plan);
  try {
    const description = input.description;
    const run = { id, command, description, cwd: context.cwd, outputFile, timeoutMs: input.timeout_ms, ...sandbox };
    startMonitorTask(taskSetter(context), shell, { ...run, ...(toolUseId ? { toolUseId } : {}) });
  } catch (err) {
    throw new ToolError('internal', `The command could not start: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { taskId: id, command, description: input.description, outputFile, timeoutMs: input.timeout_ms };
}

export function createMonitorTool(options: MonitorToolOptions = {}) {
  return buildTool({
    name: MONITOR_TOOL_NAME,
    searchHint: 'monitor watch tail follow log stream events background output',
    inputSchema,
    shouldDefer: true,
    maxResultSizeChars: 10_000,
    commandPreview: commandOf,
    async description() {
      return MONITOR_DESCRIPTION;
    },
    async prompt() {
      return MONITOR_PROMPT;
    },
    userFacingName: () => 'Monitor',
    getToolUseSummary: (input) => input?.description ?? input?.command ?? null,
    getActivityDescription: (input) => `Starting monitor ${input?.description ?? ''}`.trim(),
    toAutoClassifierInput: (input) => input.command ?? input.ws?.url ?? '',

    async validateInput(input) {
      if (input.ws) return { result: false, message: WS_NOT_AVAILABLE };
      if (!input.command?.trim()) return { result: false, message: 'Missing command: pass the shell command whose output lines you want to watch.' };
      if (input.timeout_ms < MIN_MONITOR_TIMEOUT_MS || input.timeout_ms > MAX_MONITOR_TIMEOUT_MS) {
        return { result: false, message: `timeout_ms must be between ${MIN_MONITOR_TIMEOUT_MS} and ${MAX_MONITOR_TIMEOUT_MS} (one hour); got ${input.timeout_ms}.` };
      }
      return { result: true };
    },

    async checkPermissions(input, context: ToolUseContext) {
      if (!input.command) return { behavior: 'allow', updatedInput: input };
      const env = { cwd: context.cwd, workspaceRoots: workspaceRoots(context) };
      return checkCommandPermissions(options.parser, input.command, context.getAppState().toolPermissionContext, env, {});
    },

    async call(input, context, _canUseTool, parentMessage) {
      return { data: await start(input, context, parentMessage) };
    },

    mapToolResultToToolResultBlockParam(output: MonitorOutput, toolUseId: string): ToolResultBlock {
      const content = [
        `Monitor ${output.taskId} started: ${output.command}`,
        `Its output lines arrive as <task-notification> events (status running) before your next steps, until ${output.timeoutMs} ms have passed; then it completes.`,
        `Stop it early with TaskStop (task_id ${output.taskId}). Full output: ${output.outputFile}`,
      ].join('\n');
      return { type: 'tool_result', tool_use_id: toolUseId, content };
    },
  });
}

export type MonitorTool = ReturnType<typeof createMonitorTool>;
