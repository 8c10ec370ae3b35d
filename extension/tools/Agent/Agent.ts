/**
 * Agent: starts a sub-agent (docs/ARCHITECTURE.md, Sub-agents) through `context.options.spawnAgent`. In the
 * foreground it awaits the agent and its final report is the tool result, with one line of agent id, tool
 * uses, tokens and duration, and the transcript's path; with `run_in_background` it returns at once with
 * the agent and task ids and the output file, and a task notification follows when the agent ends.
 */
import { z } from 'zod';
import { spawnableDefinition, withFork } from '../../core/loop/subagents/fork';
import { unknownAgentTypeMessage } from '../../core/loop/subagents/runAgent';
import type { AgentProgressData, AgentRunResult, SubAgentEventData } from '../../core/contracts/agents';
import { presentAgent } from './present';
import { agentSubAgentView } from './subAgentView';
import { NO_WORKTREE_PORT } from '../../core/loop/subagents/worktree';
import type { AssistantMessage, ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { AGENT_TOOL_NAME } from '../../protocol/toolNames';
import { AGENT_DESCRIPTION, AGENT_GUIDANCE, agentPrompt } from './prompt';

const DEFAULT_AGENT_TYPE = 'general-purpose';

const inputSchema = z.strictObject({
  description: z.string().min(1).describe('A short (3-5 word) description of the task'),
  prompt: z.string().min(1).describe('The task for the agent to perform'),
  subagent_type: z.string().min(1).optional().describe('The type of agent to use (general-purpose when left out)'),
  model: z.enum(['sonnet', 'opus', 'haiku']).optional().describe("Model for this agent; by default the agent type's, else yours"),
  run_in_background: z.boolean().optional().describe('Run it as a background task; you are notified when it ends'),
  isolation: z.enum(['worktree']).optional().describe('"worktree" runs it in a temporary git worktree of the repository'),
});
type AgentInput = z.infer<typeof inputSchema>;

export type AgentToolOutput =
  | ({ status: AgentRunResult['status']; agentId: string; agentType: string; description: string; totalTokens: number } & Omit<AgentRunResult, 'status' | 'messages'>)
  | { status: 'async_launched'; agentId: string; agentType: string; description: string; taskId: string; outputFile: string; transcriptPath?: string };

function toolUseIdOf(parent: AssistantMessage | undefined, input: AgentInput): string {
  const match = parent?.content.find((b) => b.type === 'tool_use' && b.name === AGENT_TOOL_NAME && (b.input as { prompt?: unknown }).prompt === input.prompt);
  return match?.type === 'tool_use' ? match.id : '';
}

function foregroundText(out: Extract<AgentToolOutput, { status: 'completed' | 'failed' | 'killed' }>): string {
  const lines = [
    out.report,
    '',
    `agentId: ${out.agentId} (${out.agentType}; tool uses: ${out.toolUses}, tokens: ${out.totalTokens}, duration: ${(out.durationMs / 1000).toFixed(1)}s)`,
  ];
  if (out.transcriptPath) lines.push(`Transcript: ${out.transcriptPath}`);
  if (out.worktree) lines.push(`Its changes are kept in the git worktree ${out.worktree.path} on branch ${out.worktree.branch}: review them there and merge the branch if they are right.`);
  return lines.join('\n');
}

function launchedText(out: Extract<AgentToolOutput, { status: 'async_launched' }>): string {
  return [
    `Agent launched in the background (${out.agentType}).`,
    `agentId: ${out.agentId}`,
    `task id: ${out.taskId}`,
    `output_file: ${out.outputFile}`,
    ...(out.transcriptPath ? [`Transcript: ${out.transcriptPath}`] : []),
    'You will be notified when it ends; do not poll or sleep waiting for it. Carry on with other work meanwhile.',
  ].join('\n');
}

export const AgentTool = buildTool({
  name: AGENT_TOOL_NAME,
  aliases: ['Task'],
  searchHint: 'sub-agent delegate parallel explore plan background',
  inputSchema,
  maxResultSizeChars: 100_000,
  guidance: AGENT_GUIDANCE,
  present: presentAgent,
  subAgentView: agentSubAgentView,
  isConcurrencySafe: () => true,
  // The sub-agent's own tool calls are checked one by one; starting it changes nothing.
  isReadOnly: () => true,
  async description() {
    return AGENT_DESCRIPTION;
  },
  async prompt(options) {
    // The fork is offered beside the defined types (core/loop/subagents/fork.ts).
    return agentPrompt(withFork(options.agentDefinitions ?? []));
  },
  userFacingName: (input) => input?.subagent_type ?? 'Agent',
  getToolUseSummary: (input) => input?.description ?? null,
  getActivityDescription: (input) => (input?.description ? `Running agent: ${input.description}` : 'Running agent'),
  toAutoClassifierInput: (input) => `${input.subagent_type ?? DEFAULT_AGENT_TYPE}: ${input.prompt}`,

  async validateInput(input, context) {
    if (!context.options.spawnAgent) return { result: false, message: 'Sub-agents cannot be started here (a sub-agent cannot start another one). Do the task yourself.' };
    const type = input.subagent_type ?? DEFAULT_AGENT_TYPE;
    if (!spawnableDefinition(context.options.agentDefinitions, type)) return { result: false, message: unknownAgentTypeMessage(type, context.options.agentDefinitions) };
    if (input.isolation === 'worktree' && !context.ports.worktrees) return { result: false, message: NO_WORKTREE_PORT };
    return { result: true };
  },

  async call(input, context, canUseTool, parentMessage, onProgress) {
    const spawn = context.options.spawnAgent;
    if (!spawn) throw new ToolError('unavailable', 'Sub-agents cannot be started here. Do the task yourself.');
    const toolUseID = toolUseIdOf(parentMessage, input);
    const spawned = await spawn(
      {
        agentType: input.subagent_type ?? DEFAULT_AGENT_TYPE,
        prompt: input.prompt,
        description: input.description,
        ...(input.model ? { model: input.model } : {}),
        runInBackground: input.run_in_background === true,
        ...(input.isolation ? { isolation: input.isolation } : {}),
      },
      context,
      canUseTool,
      (data: AgentProgressData | SubAgentEventData) => onProgress?.({ toolUseID, data }),
    );
    const base = { agentId: spawned.agentId, agentType: input.subagent_type ?? DEFAULT_AGENT_TYPE, description: input.description };
    if (spawned.taskId) {
      const path = spawned.transcriptPath ? { transcriptPath: spawned.transcriptPath } : {};
      const data: AgentToolOutput = { status: 'async_launched', ...base, taskId: spawned.taskId, outputFile: spawned.outputFile ?? '', ...path };
      return { data };
    }
    const { messages: _transcript, ...result } = await spawned.result;
    const data: AgentToolOutput = { ...base, ...result, totalTokens: result.usage.inputTokens + result.usage.cacheReadInputTokens + result.usage.cacheCreationInputTokens + result.usage.outputTokens };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: AgentToolOutput, toolUseId: string): ToolResultBlock {
    if (output.status === 'async_launched') return { type: 'tool_result', tool_use_id: toolUseId, content: launchedText(output) };
    return { type: 'tool_result', tool_use_id: toolUseId, content: foregroundText(output), ...(output.status === 'completed' ? {} : { is_error: true }) };
  },
});
