/** What the model is told about Agent (our own words; the behaviour mirrors Claude Code's Agent tool). */
import type { AgentDefinition } from '../../core/contracts/agents';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { AGENT_TOOL_NAME } from '../../protocol/toolNames';

export const AGENT_DESCRIPTION = 'Launch a sub-agent to handle a task on its own';

/** One line per agent type: its name, when to use it, the tools it has. */
export function agentTypeLines(definitions: readonly AgentDefinition[]): string {
  if (definitions.length === 0) return '(no agent types are defined)';
  return definitions
    .map((d) => `- ${d.agentType}: ${d.whenToUse.replace(/\s+/g, ' ').trim()} (Tools: ${d.tools && !d.tools.includes('*') ? d.tools.join(', ') : 'all tools'})`)
    .join('\n');
}

export function agentPrompt(definitions: readonly AgentDefinition[]): string {
  return `Launches a sub-agent that works on a task with its own conversation and tools, and returns its final report.

Agent types (subagent_type):
${agentTypeLines(definitions)}

Explore suits broad searches that take several rounds, Plan a larger change. Not for what one or two Read, Grep or Glob calls can do.

- The agent does not see this conversation (except a fork, which starts from it): write a prompt that stands on its own (the goal, what you know, where to look, exactly what to report), and say whether it should change code or only research (Explore and Plan cannot change files).
- Its report comes to you, not the user: tell the user what matters from it.
- Background agents: you are notified when one ends (do not poll or sleep waiting).
- isolation "worktree": the worktree is removed afterwards if it changed nothing; otherwise the result names its path and branch.
- An agent on your own model also reuses your prompt cache.`;
}

/** Agent's line in the system prompt, after the file and search tools. */
export const AGENT_GUIDANCE: ToolGuidance = {
  rank: 250,
  text: `Hand broad searches and self-contained tasks to sub-agents with ${AGENT_TOOL_NAME}, several at once in one message when they are independent`,
};
