/**
 * The seam between the executor and the permission system. A `PermissionDecider` (the engine in
 * core/engines/permissions/engine.ts, which also consults the tool's own `checkPermissions`) returns allow / deny / ask /
 * passthrough; `ask` and `passthrough` go to `AskUser` (the UI's dialog). With no one to ask, the answer is
 * deny: a headless session never runs what nobody allowed.
 */
import { notifyHooks } from '../hooks/sessionHooks';
import { preToolUseVerdict, withHookVerdict } from '../hooks/toolHooks';
import type { PermissionDecision } from '../../contracts/permissions';
import type { AskUser, PermissionDecider, PermissionPrompt, PermissionUpdateSink } from '../../contracts/permissionPrompts';
import type { SubAgentInfo, ToolUseContext } from '../../contracts/toolUseContext';
import { allowForAgentRun } from '../permissions/bubble';
import { askWhileClassifying, settleQuickClassifier } from './classifierRace';
import { destructiveWarningOf, type CanUseToolFn } from '../../contracts/tool';

export interface CanUseToolOptions {
  onPermissionUpdates?: PermissionUpdateSink;
}

/** The tool's own check alone, without rules or modes; sessions use the permission engine (engine.ts) instead. */
export const toolOwnDecider: PermissionDecider = (tool, input, context) => tool.checkPermissions(input, context);

export function createCanUseTool(decider: PermissionDecider, askUser?: AskUser, options: CanUseToolOptions = {}): CanUseToolFn {
  return async (tool, modelInput, context, assistantMessage, toolUseId) => {
    // PreToolUse hooks speak first; the engine still decides on the input they leave (core/engines/hooks/toolHooks.ts).
    const verdict = await preToolUseVerdict(tool, modelInput, context, toolUseId);
    if (verdict.kind === 'deny') {
      record(context, toolUseId, tool.name, verdict.decision, 'config');
      return verdict.decision;
    }
    const input = verdict.input;
    const rewritten = input !== modelInput ? { updatedInput: input } : {};
    // auto mode: a classifier that answers quickly decides here; a slow one races the dialog below.
    const result = await settleQuickClassifier(withHookVerdict(await decider(tool, input, context), verdict, tool.name));
    if (result.behavior === 'allow' || result.behavior === 'deny') {
      const decision = result.behavior === 'allow' && !result.updatedInput ? { ...result, ...rewritten } : result;
      record(context, toolUseId, tool.name, decision, 'config');
      return decision;
    }
    if (!askUser) {
      // A destructive call says so in the denial too: the headless CLI's reader learns what was at stake.
      const destructive = destructiveWarningOf(tool, input, context);
      const denied: PermissionDecision = {
        behavior: 'deny',
        message: `Permission to use ${tool.name} was not granted: ${result.message} (no one can be asked in this session).${destructive ? ` ${destructive}.` : ''}`,
        decisionReason: result.decisionReason ?? { type: 'other', reason: 'no interactive approval available' },
      };
      record(context, toolUseId, tool.name, denied, 'config');
      return denied;
    }
    notifyHooks(context, `Codewright needs your permission to use ${tool.name}`);
    const prompt: PermissionPrompt = {
      tool,
      input,
      toolUseId,
      message: result.message,
      ...(result.suggestions ? { suggestions: result.suggestions } : {}),
      ...(result.decisionReason ? { decisionReason: result.decisionReason } : {}),
      assistantMessage,
      ...(context.subAgent ? { agent: askingAgent(context.subAgent) } : {}),
    };
    const pending = result.behavior === 'ask' ? result.pendingClassifierCheck : undefined;
    const { answer, by } = await askWhileClassifying((ctx) => askUser(prompt, ctx), pending, context);
    if (by === 'classifier') {
      record(context, toolUseId, tool.name, answer, 'config');
      return answer;
    }
    const { permissionUpdates, allowForAgentRun: forRun, ...answered } = answer;
    if (answered.behavior === 'allow' && forRun) allowForAgentRun(context, tool.name);
    const decision: PermissionDecision = answered.behavior === 'allow' && !answered.updatedInput ? { ...answered, ...rewritten } : answered;
    if (decision.behavior === 'allow' && permissionUpdates?.length && options.onPermissionUpdates) {
      try {
        await options.onPermissionUpdates(permissionUpdates, context);
      } catch (err) {
        // The call itself was allowed; failing to remember the rule must not turn that into a denial.
        context.ui?.notify?.(`Could not save the permission rule: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    record(context, toolUseId, tool.name, decision, 'user');
    return decision;
  };
}

/** The asking sub-agent as the dialog names it. */
function askingAgent(agent: SubAgentInfo): NonNullable<PermissionPrompt['agent']> {
  const name = agent.bubble?.name ? { name: agent.bubble.name } : {};
  return { agentType: agent.agentType, description: agent.description, ...name, ...(agent.bubble ? { background: true } : {}) };
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
