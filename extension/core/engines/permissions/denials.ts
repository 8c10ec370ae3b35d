/**
 * Denial tracking. In `auto` mode a classifier denies on the user's behalf; when it keeps denying, the
 * agent is probably stuck on something the user would rather decide, so the engine stops denying
 * automatically and asks instead, provided someone can be asked.
 *
 * Exactly: the permission gate counts every deny in `context.localDenialTracking` (consecutive, reset by
 * any allow; and total for the session or agent). The main agent's count is the session's, the same object
 * every turn (core/loop/session/toolState.ts); a sub-agent keeps its own for its run. When the classifier blocks a call and
 * `consecutiveDenials >= 3` or `totalDenials >= 20`, the engine returns `ask` (reason: the classifier,
 * saying it fell back to asking) instead of `deny`. In `dontAsk` mode, and where prompts are impossible
 * (`shouldAvoidPermissionPrompts`, non-interactive sessions), there is no fallback: those never prompt.
 */
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { ToolPermissionContext } from '../../contracts/permissions';

export const DENIAL_LIMITS = { maxConsecutive: 3, maxTotal: 20 } as const;

/** True when automatic denials have piled up past the limits. */
export function denialLimitReached(context: ToolUseContext): boolean {
  const { consecutiveDenials, totalDenials } = context.localDenialTracking;
  return consecutiveDenials >= DENIAL_LIMITS.maxConsecutive || totalDenials >= DENIAL_LIMITS.maxTotal;
}

/** True when a person can answer a prompt in this context. */
export function canPromptUser(context: ToolUseContext, permissions: ToolPermissionContext): boolean {
  return !permissions.shouldAvoidPermissionPrompts && !context.options.isNonInteractiveSession;
}

/** Ask instead of denying automatically: the limits are reached and a person can answer. */
export function shouldFallBackToAsking(context: ToolUseContext, permissions: ToolPermissionContext): boolean {
  return denialLimitReached(context) && canPromptUser(context, permissions);
}
