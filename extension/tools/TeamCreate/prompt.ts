/** What the model is told about TeamCreate, and what each teammate is told about its team (our own words). */
import type { TeamCreateMember } from './TeamCreate';

export const TEAM_CREATE_DESCRIPTION = 'Start a named team of teammate agents that work in parallel and message each other';

export const TEAM_CREATE_PROMPT = `Starts teammate agents that run in the background at the same time, each on its own prompt. They message each other and you with SendMessage and share the session's task list (TaskCreate / TaskList / TaskUpdate) to split the work.

Teammates live until you delete the team: when one ends a turn, its reply reaches you as a message from its name, and it waits idle until a message starts its next turn in the same conversation. Reach one with SendMessage (to: its name; "*" for all; load it first with ToolSearch "select:SendMessage"). Stop the team with TeamDelete when its work is done or no longer needed: idle teammates keep it open.
Use a team for work that splits into parts that benefit from coordination; for a single delegated job use Agent.`;

/** The prompt a teammate starts with: who it works with, how to reach them, then its own task. */
export function teammatePrompt(team: { name: string; description?: string }, member: TeamCreateMember, teammates: readonly string[]): string {
  const others = teammates.filter((n) => n !== member.name);
  return [
    `You are "${member.name}", a member of the team "${team.name}"${team.description ? ` (${team.description})` : ''}.`,
    others.length ? `Your teammates: ${others.join(', ')}. The team's lead is the main agent, "main".` : 'You are the only teammate; the team\'s lead is the main agent, "main".',
    'Use SendMessage to reach them: to a teammate\'s name, "*" for every teammate, or "main" for the lead (load it first with ToolSearch "select:SendMessage"). Messages to you arrive between your tool calls.',
    `The team shares the session's task list: use TaskList to see the work, TaskCreate to add tasks, and TaskUpdate to claim one (owner: "${member.name}") and mark it done, so no two teammates do the same thing.`,
    'When you end your turn, your final reply goes to the lead as a message, so make it a short report of what you did. Then you wait: a message to you (from the lead or a teammate) starts your next turn. You keep running until the lead deletes the team.',
    '',
    'Your task:',
    member.prompt,
  ].join('\n');
}
