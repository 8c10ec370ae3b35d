/**
 * What one hook run means (Claude Code's contract): exit 0 is success, and its stdout, when it is a JSON
 * object, may decide (`decision`, `hookSpecificOutput.permissionDecision`), rewrite the tool input, add
 * context, stop the session (`continue: false`) or show the user a `systemMessage`; exit 2 blocks with its
 * stderr; any other exit, a crash, a timeout or JSON that does not parse is a non-blocking error.
 */
import { z } from 'zod';
import { hookName, type HookCommand, type HookEventName, type HookOutcome, type HookPermissionDecision, type HookRunResult } from '../../contracts/hooks';

const hookOutputSchema = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  systemMessage: z.string().optional(),
  decision: z.enum(['approve', 'block']).optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .looseObject({
      hookEventName: z.string().optional(),
      permissionDecision: z.enum(['allow', 'deny', 'ask']).optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      additionalContext: z.string().optional(),
    })
    .optional(),
});
type HookOutput = z.infer<typeof hookOutputSchema>;

/** What one run adds to its event's result (types.ts `HookEventResult`). */
export interface HookEffects {
  block?: string;
  stop?: string;
  permission?: { decision: HookPermissionDecision; reason?: string };
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
  userMessage?: string;
}

/** Events whose plain stdout (exit 0, not JSON) reaches the model as context, as in Claude Code. */
const STDOUT_IS_CONTEXT: readonly HookEventName[] = ['UserPromptSubmit', 'SessionStart'];

const MAX_MESSAGE = 10_000;

function clip(text: string): string {
  const t = text.trim();
  return t.length > MAX_MESSAGE ? `${t.slice(0, MAX_MESSAGE)}… (cut)` : t;
}

function failure(hook: HookCommand, run: HookRunResult, durationMs: number): { outcome: HookOutcome; effects: HookEffects } {
  const name = hookName(hook);
  const message = run.timedOut
    ? `${hook.event} hook "${name}" did not finish within ${hook.timeoutSec} s and was stopped`
    : run.error
      ? `${hook.event} hook "${name}" could not run: ${run.error}`
      : `${hook.event} hook "${name}" failed (exit ${run.exitCode ?? 'signal'})${run.stderr.trim() ? `: ${clip(run.stderr)}` : ''}`;
  return { outcome: { hook, kind: 'error', message, ...(run.timedOut ? { timedOut: true } : {}), durationMs }, effects: { userMessage: message } };
}

function parseJsonOutput(stdout: string): { ok: true; value: HookOutput } | { ok: false; error: string } | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `printed JSON that does not parse (${err instanceof Error ? err.message : String(err)})` };
  }
  const parsed = hookOutputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `printed JSON of the wrong shape (${issue.path.join('.') || 'root'}: ${issue.message})` };
  }
  return { ok: true, value: parsed.data };
}

function effectsOfJson(hook: HookCommand, out: HookOutput): HookEffects {
  const effects: HookEffects = {};
  const specific = out.hookSpecificOutput;
  if (out.continue === false) effects.stop = out.stopReason?.trim() || `A ${hook.event} hook stopped the session.`;
  if (out.systemMessage?.trim()) effects.userMessage = clip(out.systemMessage);
  if (hook.event === 'PreToolUse') {
    // `decision: approve | block` is Claude Code's older spelling of allow / deny.
    const legacy = out.decision === 'approve' ? 'allow' : out.decision === 'block' ? 'deny' : undefined;
    const decision = specific?.permissionDecision ?? legacy;
    const reason = specific?.permissionDecisionReason ?? out.reason;
    if (decision) effects.permission = { decision, ...(reason?.trim() ? { reason: clip(reason) } : {}) };
    if (specific?.updatedInput) effects.updatedInput = specific.updatedInput;
  } else if (out.decision === 'block') {
    effects.block = out.reason?.trim() ? clip(out.reason) : `Blocked by a ${hook.event} hook.`;
  }
  if (specific?.additionalContext?.trim()) effects.additionalContext = clip(specific.additionalContext);
  return effects;
}

/** Turns one finished run into its outcome and what it contributes to the event's result. */
export function interpretRun(hook: HookCommand, run: HookRunResult, durationMs: number): { outcome: HookOutcome; effects: HookEffects } {
  if (run.timedOut || run.error || run.exitCode === null) return failure(hook, run, durationMs);
  if (run.exitCode === 2) {
    const message = clip(run.stderr) || `Blocked by ${hook.event} hook "${hookName(hook)}" (exit 2, no message on stderr).`;
    const effects: HookEffects = hook.event === 'PreToolUse' ? { permission: { decision: 'deny', reason: message } } : { block: message };
    return { outcome: { hook, kind: 'blocking', message, durationMs }, effects };
  }
  if (run.exitCode !== 0) return failure(hook, run, durationMs);
  const json = parseJsonOutput(run.stdout);
  if (json && !json.ok) {
    const message = `${hook.event} hook "${hookName(hook)}" ${json.error}; its output is ignored`;
    return { outcome: { hook, kind: 'error', message, durationMs }, effects: { userMessage: message } };
  }
  if (json?.ok) {
    const effects = effectsOfJson(hook, json.value);
    const blocking = effects.block !== undefined || effects.permission?.decision === 'deny';
    const message = effects.block ?? (blocking ? effects.permission?.reason : undefined);
    return { outcome: { hook, kind: blocking ? 'blocking' : 'success', ...(message ? { message } : {}), durationMs }, effects };
  }
  const plain = run.stdout.trim();
  const effects: HookEffects = plain && STDOUT_IS_CONTEXT.includes(hook.event) ? { additionalContext: clip(plain) } : {};
  return { outcome: { hook, kind: 'success', ...(plain ? { plainStdout: clip(plain) } : {}), durationMs }, effects };
}
