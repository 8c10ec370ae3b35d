/**
 * Forks (docs/ARCHITECTURE.md, Sub-agents): a sub-agent that starts from its parent's conversation instead of an
 * empty one. Its requests begin with the parent's bytes: the same tool definitions, the same system blocks (the
 * parent's `requestPrefix`, what the seed calls `renderedSystemPrompt`: frozen when the parent's turn began, never
 * rebuilt), the parent's messages up to the reply that started it, then one user message of its own: a result
 * for each call of that reply (the same text for all, so sibling forks stay byte-identical up to their tasks) and
 * its task. Its first request therefore reads the parent's whole cached conversation.
 */
import type { AssistantMessage, Message, ToolResultBlock, UserMessage } from '../../base/messages';
import type { AgentDefinition } from '../../contracts/agents';
import type { RequestPrefix } from '../../contracts/toolUseContext';
import { findAgentDefinition } from './definitions';

/** The `subagent_type` that forks (Claude Code forks when its experiment is on and `subagent_type` is left out). */
export const FORK_AGENT_TYPE = 'fork';

/** The fork's pseudo-definition: every tool a sub-agent may have, the parent's model, no prompt of its own. */
export const FORK_DEFINITION: AgentDefinition = {
  agentType: FORK_AGENT_TYPE,
  whenToUse:
    'A fork of yourself: unlike the other types it starts from this whole conversation (it has seen everything so far) and reuses your prompt cache. Use it for a side task that needs the context; the prompt is just the task.',
  source: 'builtin',
};

/** What the fork reads as the result of each call of the reply that started it. */
export const FORK_PLACEHOLDER_RESULT = 'This call started a fork of the conversation; its result goes to the main agent, not to the fork.';

/** The definitions the Agent tool offers: the session's, and the fork unless one of them is called `fork`. */
export function withFork(definitions: readonly AgentDefinition[]): AgentDefinition[] {
  return findAgentDefinition(definitions, FORK_AGENT_TYPE) ? [...definitions] : [...definitions, FORK_DEFINITION];
}

/** The definition `agentType` names: a defined type, or the fork. */
export function spawnableDefinition(definitions: readonly AgentDefinition[], agentType: string): AgentDefinition | undefined {
  return findAgentDefinition(withFork(definitions), agentType);
}

/** The fork's task, as the text after its results; `movedTo` when it works elsewhere than its parent (a worktree). */
export function forkTaskText(task: string, movedTo?: string): string {
  return [
    '<fork>',
    'You are a fork: a separate worker started from the conversation above for one task. You are not the main agent.',
    'Do only the task below, with the tools you have; do not carry on with the conversation, start agents or ask the user anything.',
    'When you are done, reply with a concise report (files as path:line): it is all the main agent sees of your work.',
    ...(movedTo ? [`Your working directory is ${movedTo}, not the one named above: work there.`] : []),
    '</fork>',
    '',
    `Your task: ${task}`,
  ].join('\n');
}

/**
 * The conversation the fork starts from: the parent's messages as they were sent, and its own first message.
 * After a reply with tool calls, that message answers each call with the placeholder, then gives the task; after
 * anything else (a slash command's expansion), the task joins the last user message.
 */
export function forkOpening(parentMessages: readonly Message[], task: string, movedTo?: string): { history: Message[]; message: UserMessage } {
  const text = { type: 'text', text: forkTaskText(task, movedTo) } as const;
  const last = parentMessages.at(-1);
  if (last?.role === 'assistant') {
    const results = toolUsesOf(last).map((id): ToolResultBlock => ({ type: 'tool_result', tool_use_id: id, content: FORK_PLACEHOLDER_RESULT }));
    return { history: [...parentMessages], message: { role: 'user', content: [...results, text] } };
  }
  if (last?.role === 'user') {
    const content = typeof last.content === 'string' ? [{ type: 'text', text: last.content } as const] : last.content;
    return { history: parentMessages.slice(0, -1), message: { role: 'user', content: [...content, text] } };
  }
  return { history: [], message: { role: 'user', content: [text] } };
}

function toolUsesOf(message: AssistantMessage): string[] {
  return message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
}

/** The fork's system and tools: the parent's exactly, when it runs on the parent's model. */
export function forkPrefix(prefix: RequestPrefix | undefined, model: string): Pick<RequestPrefix, 'system' | 'tools'> | undefined {
  return prefix && prefix.model === model ? { system: prefix.system, tools: prefix.tools } : undefined;
}
