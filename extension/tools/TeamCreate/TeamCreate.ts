/**
 * TeamCreate: starts a named team of `in_process_teammate` agents through `context.options.spawnAgent` and
 * records it in the app state (docs/ARCHITECTURE.md, Teams). The members run in the background until the team
 * is deleted, reach each other with SendMessage and share the session's task list.
 */
import { z } from 'zod';
import type { SpawnedAgent } from '../../core/contracts/agents';
import type { ToolResultBlock } from '../../core/base/messages';
import type { TeamMember } from '../../core/contracts/appState';
import { taskSetter } from '../../core/engines/tasks/taskStore';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { errorMessage, ToolError } from '../../core/contracts/toolErrors';
import { buildTool, type CanUseToolFn } from '../../core/contracts/tool';
import { stopTasks } from '../shared/teams';
import { TEAM_CREATE_TOOL_NAME } from '../../protocol/toolNames';
import { TEAM_CREATE_DESCRIPTION, TEAM_CREATE_PROMPT, teammatePrompt } from './prompt';
import { teamCreateProblem } from './validate';

export const MAX_TEAM_MEMBERS = 8;
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

const memberSchema = z.strictObject({
  name: z.string().regex(NAME_PATTERN, 'name: 1-40 letters, digits, - or _, starting with a letter or digit').describe('The teammate\'s name: how SendMessage reaches it'),
  prompt: z.string().min(1, 'prompt cannot be empty').describe('The task this teammate starts with'),
  subagent_type: z.string().min(1).optional().describe('The agent type to run (default general-purpose)'),
  model: z.enum(['sonnet', 'opus', 'haiku']).optional().describe('Model for this teammate (default: the agent type\'s, else yours)'),
});

const inputSchema = z.strictObject({
  team_name: z.string().regex(NAME_PATTERN, 'team_name: 1-40 letters, digits, - or _').describe('A name for the team, unique in this session'),
  description: z.string().optional().describe('What the team is for'),
  members: z.array(memberSchema).min(1, 'a team needs at least one member').max(MAX_TEAM_MEMBERS, `a team has at most ${MAX_TEAM_MEMBERS} members`).describe('The teammates to start'),
});

export type TeamCreateInput = z.infer<typeof inputSchema>;
export type TeamCreateMember = TeamCreateInput['members'][number];

export interface TeamCreateOutput {
  teamName: string;
  members: TeamMember[];
}

export const TeamCreateTool = buildTool({
  name: TEAM_CREATE_TOOL_NAME,
  searchHint: 'team teammates swarm parallel agents coordinate',
  shouldDefer: true,
  inputSchema,
  maxResultSizeChars: 10_000,
  async description() {
    return TEAM_CREATE_DESCRIPTION;
  },
  async prompt() {
    return TEAM_CREATE_PROMPT;
  },
  userFacingName: () => 'Create Team',
  getToolUseSummary: (input) => (typeof input?.team_name === 'string' ? `${input.team_name} (${Array.isArray(input.members) ? input.members.length : 0} members)` : null),
  getActivityDescription: (input) => `Starting team ${typeof input?.team_name === 'string' ? input.team_name : ''}`.trim(),
  toAutoClassifierInput: (input: TeamCreateInput) => `${input.team_name}: ${input.members.map((m) => m.name).join(', ')}`,

  async validateInput(input, context) {
    const problem = teamCreateProblem(input, context);
    return problem ? { result: false, message: problem } : { result: true };
  },

  async call(input, context, canUseTool) {
    const problem = teamCreateProblem(input, context);
    if (problem) throw new ToolError('invalid_input', problem);
    const members = await spawnMembers(input, context, canUseTool);
    const team = { description: input.description ?? '', members };
    taskSetter(context)((prev) => ({ ...prev, teams: { ...prev.teams, [input.team_name]: team } }));
    return { data: { teamName: input.team_name, members } satisfies TeamCreateOutput };
  },

  mapToolResultToToolResultBlockParam(output: TeamCreateOutput, toolUseId: string): ToolResultBlock {
    const list = output.members.map((m) => `- ${m.name} (agent ${m.agentId}${m.taskId ? `, task ${m.taskId}` : ''})`).join('\n');
    const content = `Team "${output.teamName}" started with ${output.members.length} teammate(s):\n${list}\n\nThey run in the background; each one's reply reaches you as a message when it ends a turn, then it waits for messages until the team is deleted. Reach them with SendMessage (to a name, or "*" for all); stop the team with TeamDelete.`;
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
});

/** Starts every member; when one cannot start, the ones already running are stopped and the error says which failed. */
async function spawnMembers(input: TeamCreateInput, context: ToolUseContext, canUseTool: CanUseToolFn): Promise<TeamMember[]> {
  const spawnAgent = context.options.spawnAgent!;
  const names = input.members.map((m) => m.name);
  const started: { name: string; spawned: SpawnedAgent }[] = [];
  for (const member of input.members) {
    try {
      const spawned = await spawnAgent(
        {
          agentType: member.subagent_type ?? 'general-purpose',
          prompt: teammatePrompt({ name: input.team_name, ...(input.description ? { description: input.description } : {}) }, member, names),
          description: `${input.team_name}: ${member.name}`,
          name: member.name,
          teamName: input.team_name,
          ...(member.model ? { model: member.model } : {}),
          runInBackground: true,
          taskType: 'in_process_teammate',
        },
        context,
        canUseTool,
      );
      started.push({ name: member.name, spawned });
    } catch (err) {
      await stopTasks(started.map((s) => s.spawned.taskId), context);
      throw new ToolError('internal', `Could not start teammate "${member.name}": ${errorMessage(err)}. No team was created${started.length ? ' and the teammates already started were stopped' : ''}.`);
    }
  }
  return started.map(({ name, spawned }) => ({ name, agentId: spawned.agentId, ...(spawned.taskId ? { taskId: spawned.taskId } : {}) }));
}
