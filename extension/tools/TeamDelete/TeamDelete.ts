/**
 * TeamDelete: stops a team's live members through the task registry and removes the team from the app
 * state (docs/ARCHITECTURE.md, Teams).
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { taskSetter } from '../../core/engines/tasks/taskStore';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { TEAM_DELETE_TOOL_NAME } from '../../protocol/toolNames';
import { stopTasks } from '../shared/teams';
import { TEAM_DELETE_DESCRIPTION, TEAM_DELETE_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  team_name: z.string().min(1, 'team_name cannot be empty').describe('The name of the team to stop and remove'),
});

export interface TeamDeleteOutput {
  teamName: string;
  /** Members whose task was stopped now. */
  stopped: string[];
  /** Members that had already finished. */
  finished: string[];
}

const unknownTeam = (name: string, teams: string[]) =>
  `No team named "${name}". ${teams.length ? `Teams: ${teams.join(', ')}.` : 'No team exists in this session.'}`;

export const TeamDeleteTool = buildTool({
  name: TEAM_DELETE_TOOL_NAME,
  searchHint: 'stop delete remove team teammates',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 10_000,
  async description() {
    return TEAM_DELETE_DESCRIPTION;
  },
  async prompt() {
    return TEAM_DELETE_PROMPT;
  },
  userFacingName: () => 'Delete Team',
  getToolUseSummary: (input) => (typeof input?.team_name === 'string' ? input.team_name : null),
  getActivityDescription: (input) => `Stopping team ${typeof input?.team_name === 'string' ? input.team_name : ''}`.trim(),
  toAutoClassifierInput: (input) => input.team_name,

  async validateInput(input, context) {
    const teams = context.getAppState().teams;
    return teams[input.team_name] ? { result: true } : { result: false, message: unknownTeam(input.team_name, Object.keys(teams)) };
  },

  async call(input, context) {
    const team = context.getAppState().teams[input.team_name];
    if (!team) throw new ToolError('not_found', unknownTeam(input.team_name, Object.keys(context.getAppState().teams)));
    const stoppedTasks = await stopTasks(team.members.map((m) => m.taskId), context);
    taskSetter(context)((prev) => {
      const { [input.team_name]: _removed, ...teams } = prev.teams;
      return { ...prev, teams };
    });
    const stopped = team.members.filter((m) => m.taskId && stoppedTasks.includes(m.taskId)).map((m) => m.name);
    const finished = team.members.filter((m) => !stopped.includes(m.name)).map((m) => m.name);
    return { data: { teamName: input.team_name, stopped, finished } satisfies TeamDeleteOutput };
  },

  mapToolResultToToolResultBlockParam(output: TeamDeleteOutput, toolUseId: string): ToolResultBlock {
    const parts = [`Team "${output.teamName}" removed.`];
    if (output.stopped.length) parts.push(`Stopped: ${output.stopped.join(', ')}.`);
    if (output.finished.length) parts.push(`Already finished: ${output.finished.join(', ')}.`);
    return { type: 'tool_result', tool_use_id: toolUseId, content: parts.join(' ') };
  },
});
