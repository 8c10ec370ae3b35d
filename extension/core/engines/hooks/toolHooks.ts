/**
 * PreToolUse and PostToolUse around one tool call (docs/ARCHITECTURE.md, Hooks). The permission gate
 * (tool/permissionGate.ts) asks `preToolUseVerdict` first and folds its answer into the engine's with
 * `withHookVerdict`; the executor (tool/execute.ts) appends `postToolUseNote` to the result. A hook never
 * widens what the rules allow: its allow only skips the prompt, so a deny rule or the tool's own deny still
 * denies and an ask rule or a safety check still asks; its ask shows the dialog; its deny denies.
 */
import type { PermissionDecision, PermissionDecisionReason, PermissionResult } from '../../contracts/permissions';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { AnyTool } from '../../contracts/tool';
import { formatInputError } from '../../contracts/inputErrors';
import { hookName, type HookEventResult } from '../../contracts/hooks';

/** What the PreToolUse hooks said about one call; `input` is what the call runs with (a hook may rewrite it). */
export type PreToolVerdict =
  | { kind: 'none'; input: Record<string, unknown> }
  | { kind: 'deny'; decision: PermissionDecision }
  | { kind: 'allow' | 'ask'; input: Record<string, unknown>; reason: PermissionDecisionReason & { type: 'hook' } };

/** What the hooks told the user goes to the session's UI (core/loop/session/sideEvents.ts), naming the call. */
function tell(context: ToolUseContext, hookEvent: 'PreToolUse' | 'PostToolUse', toolUseId: string, result: HookEventResult): void {
  const ui = context.ui;
  for (const text of result.userMessages) {
    if (ui?.hookMessage) ui.hookMessage({ hookEvent, text, toolUseId });
    else ui?.notify?.(text);
  }
}

function hookDeny(message: string, name: string, reason?: string): { kind: 'deny'; decision: PermissionDecision } {
  return { kind: 'deny', decision: { behavior: 'deny', message, decisionReason: { type: 'hook', hookName: name, ...(reason ? { reason } : {}) } } };
}

/** A hook's rewritten input, parsed by the tool's schema and checked by its `validateInput` like the model's. */
async function checkRewrite(tool: AnyTool, input: Record<string, unknown>, name: string, context: ToolUseContext): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; message: string }> {
  const parsed = tool.inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: `PreToolUse hook "${name}" rewrote the input into one ${tool.name} does not accept, so the call was not run. ${formatInputError(tool.name, parsed.error, input)}` };
  const data = parsed.data as Record<string, unknown>;
  const validation = (await tool.validateInput?.(data, context)) ?? { result: true };
  if (!validation.result) return { ok: false, message: `PreToolUse hook "${name}" rewrote the input, and the new input failed: ${validation.message}` };
  return { ok: true, input: data };
}

/** Runs the PreToolUse hooks of one call; `none` when none is configured or none decided. */
export async function preToolUseVerdict(tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext, toolUseId: string): Promise<PreToolVerdict> {
  const hooks = context.options.hooks;
  if (!hooks?.has('PreToolUse')) return { kind: 'none', input };
  const result = await hooks.run(
    { hook_event_name: 'PreToolUse', tool_name: tool.name, tool_input: input, tool_use_id: toolUseId },
    { sessionId: context.sessionId, cwd: context.cwd, signal: context.abortController.signal },
  );
  tell(context, 'PreToolUse', toolUseId, result);
  if (result.stop) return hookDeny(`Stopped by PreToolUse hook "${result.stop.hookName}": ${result.stop.reason}`, result.stop.hookName, result.stop.reason);
  const p = result.permission;
  if (p?.decision === 'deny') return hookDeny(`Blocked by PreToolUse hook "${p.hookName}": ${p.reason ?? 'no reason given'}`, p.hookName, p.reason);
  let next = input;
  if (result.updatedInput) {
    const name = p?.hookName ?? hookName(result.outcomes.find((o) => o.kind === 'success')?.hook ?? result.outcomes[0]!.hook);
    const checked = await checkRewrite(tool, result.updatedInput, name, context);
    if (!checked.ok) return hookDeny(checked.message, name, 'rewrote the input into an invalid one');
    next = checked.input;
  }
  if (!p) return { kind: 'none', input: next };
  return { kind: p.decision, input: next, reason: { type: 'hook', hookName: p.hookName, ...(p.reason ? { reason: p.reason } : {}) } };
}

/** Asks that a hook's allow must not skip: an ask rule and a safety check (docs/ARCHITECTURE.md, The engine's order). */
function isFirmAsk(result: PermissionResult): boolean {
  const type = result.decisionReason?.type;
  return result.behavior === 'ask' && (type === 'rule' || type === 'safetyCheck');
}

/**
 * The engine's result (for the input the hooks left) after their verdict. allow: the engine's deny and firm
 * asks stand, anything else is allowed without a prompt; ask: a deny stands, anything else asks, giving the
 * hook's reason; no decision leaves the engine's result as it is.
 */
export function withHookVerdict(result: PermissionResult, verdict: PreToolVerdict, toolName: string): PermissionResult {
  if (verdict.kind === 'none' || verdict.kind === 'deny' || result.behavior === 'deny') return result;
  if (verdict.kind === 'allow') {
    if (result.behavior === 'allow' || isFirmAsk(result)) return result;
    return { behavior: 'allow', updatedInput: verdict.input, decisionReason: verdict.reason };
  }
  const why = verdict.reason.reason ? ` (PreToolUse hook: ${verdict.reason.reason})` : ' (a PreToolUse hook asks for approval)';
  return {
    behavior: 'ask',
    message: `${result.behavior === 'allow' ? `Use ${toolName}?` : result.message}${why}`,
    decisionReason: verdict.reason,
    ...(result.behavior !== 'allow' && result.suggestions ? { suggestions: result.suggestions } : {}),
  };
}

/**
 * Runs the PostToolUse hooks of a finished call; returns the text the model should read after the result
 * (exit 2's stderr, a `decision: "block"` reason, `additionalContext`), or undefined.
 */
export async function postToolUseNote(tool: AnyTool, input: Record<string, unknown>, response: unknown, context: ToolUseContext, toolUseId: string): Promise<string | undefined> {
  const hooks = context.options.hooks;
  if (!hooks?.has('PostToolUse')) return undefined;
  const result = await hooks.run(
    { hook_event_name: 'PostToolUse', tool_name: tool.name, tool_input: input, tool_response: response, tool_use_id: toolUseId },
    { sessionId: context.sessionId, cwd: context.cwd, signal: context.abortController.signal },
  );
  tell(context, 'PostToolUse', toolUseId, result);
  const parts: string[] = [];
  if (result.block) parts.push(`PostToolUse hook "${result.block.hookName}" feedback: ${result.block.reason}`);
  for (const extra of result.additionalContext) parts.push(`PostToolUse hook context: ${extra}`);
  if (result.stop) parts.push(`PostToolUse hook "${result.stop.hookName}" asks to stop: ${result.stop.reason}`);
  return parts.length ? parts.join('\n\n') : undefined;
}
