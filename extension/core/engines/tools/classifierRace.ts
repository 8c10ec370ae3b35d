/**
 * auto mode's dialog and classifier side by side (seed: `pendingClassifierCheck`). The engine hands over an
 * ask whose classifier request is still in flight: a quick answer is used as it is; a slow one lets the
 * dialog show, and an allow that arrives before the user answered withdraws the dialog and runs the call.
 * A block leaves the dialog to the user.
 */
import type { PendingClassifierCheck, PermissionDecision, PermissionResult } from '../../contracts/permissions';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { ApprovalAnswer } from '../../contracts/permissionPrompts';

/** The classifier's decision when it came within `showAfterMs`; otherwise the ask, its check still pending. */
export async function settleQuickClassifier(result: PermissionResult): Promise<PermissionResult> {
  if (result.behavior !== 'ask' || !result.pendingClassifierCheck) return result;
  const { showAfterMs } = result.pendingClassifierCheck;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), showAfterMs);
  });
  const early = await Promise.race([result.pendingClassifierCheck.decision, late]);
  clearTimeout(timer);
  return early ?? result;
}

export interface RacedAnswer {
  answer: ApprovalAnswer;
  /** `classifier` when its allow came first and the dialog was withdrawn. */
  by: 'user' | 'classifier';
}

/**
 * Asks through `ask` (given a context whose abort withdraws the dialog) while `check` goes on. Stop still
 * withdraws the dialog as it would without a classifier.
 */
export async function askWhileClassifying(
  ask: (context: ToolUseContext) => Promise<ApprovalAnswer>,
  check: PendingClassifierCheck | undefined,
  context: ToolUseContext,
): Promise<RacedAnswer> {
  if (!check) return { answer: await ask(context), by: 'user' };
  const dialog = new AbortController();
  const forward = () => dialog.abort(context.abortController.signal.reason);
  context.abortController.signal.addEventListener('abort', forward, { once: true });
  try {
    const fromUser = ask({ ...context, abortController: dialog }).then((answer): RacedAnswer => ({ answer, by: 'user' }));
    const fromClassifier = check.decision.then((decision) => (decision.behavior === 'allow' ? { answer: decision as PermissionDecision, by: 'classifier' as const } : fromUser));
    const first = await Promise.race([fromUser, fromClassifier]);
    if (first.by === 'classifier') dialog.abort();
    return first;
  } finally {
    context.abortController.signal.removeEventListener('abort', forward);
  }
}
