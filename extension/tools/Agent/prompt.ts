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
  return `Launches a sub-agent that works on a task on its own, with its own conversation and tools, and returns its final report.

Available agent types (pass one as subagent_type; general-purpose when left out):
${agentTypeLines(definitions)}

When to use it:
- Broad searches that may take several rounds of looking (use Explore), planning a larger change (use Plan), or a self-contained piece of work you can describe completely.
- Several independent tasks: start them in one message with several Agent calls so they run in parallel.

When not to use it: reading a file you know (Read), finding a definition by name (Grep/Glob), or anything that takes one or two tool calls.

How to use it:
- The agent starts fresh: it does not see this conversation. Write a prompt that stands on its own: the goal, what you already know, where to look, and exactly what to report back.
- Say whether it should change code or only research; read-only types (Explore, Plan) cannot change files.
- The report comes back to you, not to the user: tell the user what matters from it.
- run_in_background: true starts it as a task and returns at once; you are notified when it ends (do not poll or sleep waiting for it).
- isolation: "worktree" runs it in a temporary git worktree of the repository, removed afterwards when it changed nothing; when it made changes, the result names the worktree's path and branch.
- model (sonnet, opus or haiku) overrides the agent type's model; by default it uses yours, which also reuses your prompt cache.`;
}

/** Agent's line in the system prompt, after the file and search tools. */
export const AGENT_GUIDANCE: ToolGuidance = {
  rank: 250,
  text: `Hand broad searches and self-contained tasks to sub-agents with ${AGENT_TOOL_NAME}, several at once in one message when they are independent`,
};
