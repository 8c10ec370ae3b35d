/**
 * The seam between the executor and the permission system. A `PermissionDecider` (the engine of the
 * permissions issue; until then the tool's own `checkPermissions`) returns allow / deny / ask /
 * passthrough; `ask` and `passthrough` go to `AskUser` (the UI's dialog). With no one to ask, the answer is
 * deny: a headless session never runs what nobody allowed.
 */
import type { AssistantMessage } from '../messages';
import type { PermissionDecision, PermissionDecisionReason, PermissionResult, PermissionUpdate } from '../permissions/types';
import type { ToolUseContext } from './context';
import type { AnyTool, CanUseToolFn } from './Tool';

export type PermissionDecider = (tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext) => Promise<PermissionResult>;

export interface PermissionPrompt {
  tool: AnyTool;
  input: Record<string, unknown>;
  toolUseId: string;
  message: string;
  suggestions?: PermissionUpdate[];
  decisionReason?: PermissionDecisionReason;
  assistantMessage: AssistantMessage;
}

/** Answered by the user (dialog, diff review). Resolves to allow or deny, never ask. */
export type AskUser = (prompt: PermissionPrompt, context: ToolUseContext) => Promise<PermissionDecision>;

/** Defers to the tool's own check; the permission engine replaces this. */
export const toolOwnDecider: PermissionDecider = (tool, input, context) => tool.checkPermissions(input, context);

export function createCanUseTool(decider: PermissionDecider, askUser?: AskUser): CanUseToolFn {
  return async (tool, input, context, assistantMessage, toolUseId) => {
    const result = await decider(tool, input, context);
    if (result.behavior === 'allow' || result.behavior === 'deny') {
      record(context, toolUseId, tool.name, result, 'config');
      return result;
    }
    if (!askUser || context.options.isNonInteractiveSession) {
      const denied: PermissionDecision = {
        behavior: 'deny',
        message: `Permission to use ${tool.name} was not granted: ${result.message} (no one can be asked in this session).`,
        decisionReason: result.decisionReason ?? { type: 'other', reason: 'no interactive approval available' },
      };
      record(context, toolUseId, tool.name, denied, 'config');
      return denied;
    }
    const answer = await askUser(
      {
        tool,
        input,
        toolUseId,
        message: result.message,
        ...(result.suggestions ? { suggestions: result.suggestions } : {}),
        ...(result.decisionReason ? { decisionReason: result.decisionReason } : {}),
        assistantMessage,
      },
      context,
    );
    record(context, toolUseId, tool.name, answer, 'user');
    return answer;
  };
}

function record(
  context: ToolUseContext,
  toolUseId: string,
  toolName: string,
  decision: PermissionDecision,
  source: 'config' | 'user',
): void {
  context.toolDecisions.set(toolUseId, {
    toolName,
    decision: decision.behavior,
    source,
    ...(decision.behavior === 'deny' ? { reason: decision.message } : {}),
    timestamp: Date.now(),
  });
  if (decision.behavior === 'deny') {
    context.localDenialTracking.consecutiveDenials++;
    context.localDenialTracking.totalDenials++;
  } else if (decision.behavior === 'allow') {
    context.localDenialTracking.consecutiveDenials = 0;
  }
}
