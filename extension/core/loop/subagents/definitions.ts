/**
 * Agent types (docs/ARCHITECTURE.md, Sub-agents): the built-in `general-purpose`, `Explore` and `Plan`, and
 * merging them with the ones users define (`.claude/agents/*.md`, `--agents`). A later source overrides an
 * earlier one of the same name: built-in < user < project < cli.
 */
import type { PermissionMode } from '../../contracts/permissions';
import type { AgentDefinition, AgentSource } from '../../contracts/agents';
import {
  AGENT_TOOL_NAME,
  ASK_USER_QUESTION_TOOL_NAME,
  BASH_TOOL_NAME,
  ENTER_PLAN_MODE_TOOL_NAME,
  ENTER_WORKTREE_TOOL_NAME,
  EXIT_PLAN_MODE_TOOL_NAME,
  EXIT_WORKTREE_TOOL_NAME,
  GLOB_TOOL_NAME,
  GREP_TOOL_NAME,
  LSP_TOOL_NAME,
  READ_TOOL_NAME,
  TEAM_CREATE_TOOL_NAME,
  TEAM_DELETE_TOOL_NAME,
} from '../../contracts/toolNames';

/**
 * Tools no sub-agent gets, whatever its type says: starting agents (Agent itself, so agents do not nest),
 * asking the user (the parent talks to the user), and changing the session itself (its mode, its working
 * directory, its teams), which a sub-agent's no-op `setAppState` could not do anyway.
 */
export const SUB_AGENT_DISALLOWED_TOOLS: ReadonlySet<string> = new Set([
  AGENT_TOOL_NAME,
  ASK_USER_QUESTION_TOOL_NAME,
  ENTER_PLAN_MODE_TOOL_NAME,
  EXIT_PLAN_MODE_TOOL_NAME,
  ENTER_WORKTREE_TOOL_NAME,
  EXIT_WORKTREE_TOOL_NAME,
  TEAM_CREATE_TOOL_NAME,
  TEAM_DELETE_TOOL_NAME,
]);

/** The tools a read-only agent may use; its Bash runs in `plan` mode, where only read-only commands pass. */
export const READ_ONLY_AGENT_TOOLS: readonly string[] = [READ_TOOL_NAME, GLOB_TOOL_NAME, GREP_TOOL_NAME, LSP_TOOL_NAME, BASH_TOOL_NAME];

const READ_ONLY_RULES = `You are in read-only mode: you cannot create, edit or delete files, and only read-only shell commands run (ls, git status, git log, git diff, cat, find …). Do not try to change anything.`;

const GENERAL_PURPOSE_PROMPT = `You are a sub-agent started by the main agent for one task. Do it completely with the tools you have: search, read, run and edit as needed. When you are done, reply with a concise report of what you found or changed (files as path:line); that report is all the main agent sees, so include everything it needs and nothing else.`;

const EXPLORE_PROMPT = `You are a fast exploration sub-agent: you find files, search code and read it to answer a question about the codebase. ${READ_ONLY_RULES}
Search broadly first (${GLOB_TOOL_NAME} for names, ${GREP_TOOL_NAME} for contents), then read what matters. Run independent searches in parallel. Reply with a concise report: the answer, and the relevant files as path:line.`;

const PLAN_PROMPT = `You are a software architect sub-agent: you explore the codebase and design an implementation plan for the task you are given. ${READ_ONLY_RULES}
Read the code the change touches and how neighbouring code is written. Reply with a step-by-step implementation plan: the files to change (path:line), what to change in each, the order, risks and trade-offs, and how to verify the result.`;

export const BUILTIN_AGENTS: readonly AgentDefinition[] = [
  {
    agentType: 'general-purpose',
    whenToUse:
      'General agent for researching complex questions, searching for code and carrying out multi-step tasks. Use it when a search may take several rounds of looking, or to hand off a self-contained piece of work.',
    systemPrompt: GENERAL_PURPOSE_PROMPT,
    source: 'builtin',
  },
  {
    agentType: 'Explore',
    whenToUse:
      'Fast read-only agent for exploring codebases: finding files by pattern, searching code for keywords, answering questions about how the code works. Say how thorough to be: "quick", "medium" or "very thorough".',
    tools: READ_ONLY_AGENT_TOOLS,
    systemPrompt: EXPLORE_PROMPT,
    source: 'builtin',
  },
  {
    agentType: 'Plan',
    whenToUse:
      'Read-only software architect agent for designing an implementation plan: returns step-by-step plans, the critical files and the trade-offs. Use it before a larger change.',
    tools: READ_ONLY_AGENT_TOOLS,
    systemPrompt: PLAN_PROMPT,
    source: 'builtin',
  },
];

/** Built-in types whose tools are limited to read-only ones: they run in `plan` permission mode. */
const READ_ONLY_TYPES = new Set(['Explore', 'Plan']);

/** The permission mode an agent of this type runs in, or undefined to keep the parent's. */
export function permissionModeFor(definition: AgentDefinition): PermissionMode | undefined {
  return definition.source === 'builtin' && READ_ONLY_TYPES.has(definition.agentType) ? 'plan' : undefined;
}

// Plugin agents are named `<plugin>:<agent>`, so they never clash with the others; if one did, the user's would win.
const PRECEDENCE: Record<AgentSource, number> = { builtin: 0, plugin: 1, user: 2, project: 3, cli: 4 };

/** Every definition by name, the one of highest precedence winning; built-ins first, then by name. */
export function mergeAgentDefinitions(...lists: readonly (readonly AgentDefinition[])[]): AgentDefinition[] {
  const byName = new Map<string, AgentDefinition>();
  for (const def of lists.flat()) {
    const existing = byName.get(def.agentType);
    if (!existing || PRECEDENCE[def.source] >= PRECEDENCE[existing.source]) byName.set(def.agentType, def);
  }
  return [...byName.values()].sort((a, b) => PRECEDENCE[a.source] - PRECEDENCE[b.source] || (a.agentType < b.agentType ? -1 : 1));
}

/** The definition named `agentType`, matched exactly, else ignoring case. */
export function findAgentDefinition(definitions: readonly AgentDefinition[], agentType: string): AgentDefinition | undefined {
  return definitions.find((d) => d.agentType === agentType) ?? definitions.find((d) => d.agentType.toLowerCase() === agentType.toLowerCase());
}

/** The tool names an agent of this definition may use, from those the parent has; never a disallowed one. */
export function allowedToolNames(definition: AgentDefinition, parentTools: readonly string[]): Set<string> {
  const wanted = definition.tools && !definition.tools.includes('*') ? new Set(definition.tools) : undefined;
  return new Set(parentTools.filter((name) => !SUB_AGENT_DISALLOWED_TOOLS.has(name) && (!wanted || wanted.has(name))));
}

