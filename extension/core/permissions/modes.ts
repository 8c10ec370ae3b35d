/**
 * What the permission modes mean for one call, as small pure helpers of the engine.
 */
import type { AnyTool } from '../tool/Tool';
import type { PermissionAskDecision, PermissionDenyDecision, PermissionResult, PermissionUpdate } from './types';

/** The tool that ends plan mode (its wire name is spelled in protocol/toolNames.ts, which core may not import). */
const EXIT_PLAN_MODE_TOOL_NAME = 'ExitPlanMode';

/**
 * The contract between file tools and the engine: a tool whose ask (or passthrough) suggests
 * `setMode acceptEdits` says "this is a file edit inside the workspace, acceptEdits covers it". Asks
 * from a safety check or an ask rule are never covered, even if they carry that suggestion.
 */
export function acceptEditsCovers(own: PermissionResult): boolean {
  if (own.behavior !== 'ask' && own.behavior !== 'passthrough') return false;
  if (isBypassImmune(own)) return false;
  return own.suggestions?.some((u) => u.type === 'setMode' && u.mode === 'acceptEdits') ?? false;
}

/**
 * Asks no mode and no allow rule may skip: safety checks (protected paths, dangerous or unparseable
 * commands), ask rules, and a command asking to leave the sandbox.
 */
export function isBypassImmune(own: PermissionResult): boolean {
  const reason = own.decisionReason;
  if (own.behavior !== 'ask' || !reason) return false;
  return reason.type === 'safetyCheck' || reason.type === 'sandboxOverride' || (reason.type === 'rule' && reason.rule.ruleBehavior === 'ask');
}

/** Plan mode runs read-only tools only; the message tells the model what to do instead. */
export function planModeDenial(tool: AnyTool): PermissionDenyDecision {
  return {
    behavior: 'deny',
    message: `Plan mode is on: ${tool.name} would change something, and only read-only tools run while planning. Keep researching with read-only tools; when the plan is ready, call ${EXIT_PLAN_MODE_TOOL_NAME} with it so the user can approve it and pick the mode to carry it out in. Do not try to make the change another way.`,
    decisionReason: { type: 'mode', mode: 'plan' },
  };
}

/**
 * An ask with the tool's suggestions, or, when it offered none at all, "always allow <Tool> in this
 * project". A tool that returns an empty list (Bash for `node -e …`) means no rule is safe to suggest.
 */
export function withSuggestions(ask: PermissionAskDecision, tool: AnyTool): PermissionAskDecision {
  if (ask.suggestions !== undefined) return ask;
  const suggestions: PermissionUpdate[] = [{ type: 'addRules', rules: [{ toolName: tool.name }], behavior: 'allow', destination: 'localSettings' }];
  return { ...ask, suggestions };
}
