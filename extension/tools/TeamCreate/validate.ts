/** TeamCreate's checks before anything starts: the model gets one clear message about what to change. */
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { MAIN_AGENT_ALIASES, MAIN_AGENT_NAME } from '../../core/contracts/mailbox';
import type { TeamCreateInput } from './TeamCreate';

const RESERVED = new Set([MAIN_AGENT_NAME, ...MAIN_AGENT_ALIASES]);

/** Why the team cannot be created, or undefined when it can. */
export function teamCreateProblem(input: TeamCreateInput, context: Pick<ToolUseContext, 'options' | 'getAppState' | 'mailbox'>): string | undefined {
  if (!context.options.spawnAgent) return 'Sub-agents are not available here, so no team can be started. Do the work yourself.';
  const teams = context.getAppState().teams;
  if (teams[input.team_name]) return `A team named "${input.team_name}" already exists. Pick another name, or stop it first with TeamDelete.`;
  const seen = new Set<string>();
  for (const { name } of input.members) {
    if (seen.has(name)) return `Two members are named "${name}": each teammate needs its own name.`;
    seen.add(name);
    if (RESERVED.has(name)) return `"${name}" is reserved for the main agent; name the teammate something else.`;
  }
  const running = new Set((context.mailbox?.list() ?? []).flatMap((a) => (a.name ? [a.name] : [])));
  const taken = input.members.find((m) => running.has(m.name));
  if (taken) return `"${taken.name}" is already the name of a running agent; pick another name for this teammate.`;
  return undefined;
}
