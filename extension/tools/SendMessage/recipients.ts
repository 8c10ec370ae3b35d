/**
 * Who a SendMessage reaches (docs/ARCHITECTURE.md, Teams): a running agent's name or id, `main` / `lead` for
 * the main agent, or `*` for every other member of the sender's team (the main agent, who leads the teams,
 * reaches every teammate with it).
 */
import { MAIN_AGENT_ALIASES, MAIN_AGENT_NAME, type Mailbox } from '../../core/contracts/mailbox';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';

type Running = ReturnType<Mailbox['list']>[number];

/** The sender as recipients see it: its name, else its id; the main agent is `main`. */
export function senderOf(context: Pick<ToolUseContext, 'agentId'>, mailbox: Mailbox): Running & { label: string } {
  const running = mailbox.list();
  const me = (context.agentId && running.find((a) => a.agentId === context.agentId)) || running.find((a) => a.name === MAIN_AGENT_NAME);
  if (!me) return { agentId: context.agentId ?? (MAIN_AGENT_NAME as Running['agentId']), label: context.agentId ?? MAIN_AGENT_NAME };
  return { ...me, label: me.name ?? me.agentId };
}

/** What `to` names among the running agents: the addresses to post to, or why there are none. */
export function resolveRecipients(to: string, sender: Running, mailbox: Mailbox): { addresses: string[] } | { error: string } {
  const running = mailbox.list();
  const others = running.filter((a) => a.agentId !== sender.agentId);
  if (to === '*') {
    const team = sender.teamName ? others.filter((a) => a.teamName === sender.teamName) : sender.name === MAIN_AGENT_NAME ? others.filter((a) => a.teamName) : [];
    if (team.length) return { addresses: team.map((a) => a.agentId) };
    return { error: sender.teamName ? `No other member of team "${sender.teamName}" is running.` : `"*" reaches the members of your team, and no team is running. Name the recipient: ${describe(others)}.` };
  }
  const target = running.find((a) => a.agentId === to || a.name === to) ?? (MAIN_AGENT_ALIASES.includes(to) ? running.find((a) => a.name === MAIN_AGENT_NAME) : undefined);
  if (!target) return { error: `No running agent is named "${to}". Running agents: ${describe(others)}. Use one of these names or ids.` };
  if (target.agentId === sender.agentId) return { error: 'That is you: send the message to another agent.' };
  return { addresses: [target.agentId] };
}

/** The running agents as a list the model can pick from. */
export function describe(agents: readonly Running[]): string {
  if (agents.length === 0) return 'none';
  return agents.map((a) => (a.name ? `${a.name} (${a.agentId}${a.teamName ? `, team ${a.teamName}` : ''})` : a.agentId)).join(', ');
}
