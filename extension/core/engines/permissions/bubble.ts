/**
 * `bubble` mode (docs/ARCHITECTURE.md, Permissions, Modes): a background agent or teammate has no dialog of its
 * own, so its calls are decided as its parent would decide them (the parent's rules and mode), and what must be
 * asked goes to the parent's dialog naming the agent. The user may allow a tool for the rest of that agent's
 * run: a whole-tool allow rule that only this agent's decisions see, so deny rules, ask rules and safety checks
 * still come first, and no other agent and no later run gains anything.
 */
import type { AppState } from '../../contracts/appState';
import type { PermissionPrompt } from '../../contracts/permissionPrompts';
import type { ToolPermissionContext } from '../../contracts/permissions';
import type { PermissionBubble, ToolUseContext } from '../../contracts/toolUseContext';

/** The source the run's allowances are filed under: they last only as long as the session's rules at most. */
const RUN_RULE_SOURCE = 'session';

/** The parent's permissions with the tools allowed for this agent's run added as allow rules. */
export function bubbledPermissions(bubble: PermissionBubble): ToolPermissionContext {
  const parent = bubble.parentPermissions();
  if (bubble.allowedForRun.size === 0) return parent;
  const own = parent.alwaysAllowRules[RUN_RULE_SOURCE] ?? [];
  return { ...parent, alwaysAllowRules: { ...parent.alwaysAllowRules, [RUN_RULE_SOURCE]: [...own, ...bubble.allowedForRun] } };
}

/**
 * The context the parent's decision is made in, for a call of a background agent: the same context, reading the
 * parent's permissions; undefined when the context is not a bubbling agent's.
 */
export function bubbledContext(context: ToolUseContext): ToolUseContext | undefined {
  const bubble = context.subAgent?.bubble;
  if (!bubble) return undefined;
  const getAppState = (): AppState => ({ ...context.getAppState(), toolPermissionContext: bubbledPermissions(bubble) });
  return { ...context, getAppState };
}

/** Records the user's "allow for the rest of this agent's run"; false when the context has no run to scope it to. */
export function allowForAgentRun(context: ToolUseContext, toolName: string): boolean {
  const bubble = context.subAgent?.bubble;
  if (!bubble) return false;
  bubble.allowedForRun.add(toolName);
  return true;
}

/** "Asked by sub-agent Explore: …", or for a background agent "Asked by background agent alice (general-purpose): …". */
export function describeAskingAgent(agent: NonNullable<PermissionPrompt['agent']>): string {
  if (!agent.background) return `Asked by sub-agent ${agent.agentType}: ${agent.description}`;
  return `Asked by background agent ${agent.name ? `${agent.name} (${agent.agentType})` : agent.agentType}: ${agent.description}`;
}
