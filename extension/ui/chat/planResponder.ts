/**
 * The PlanApproval port answered by the chat view's plan card (docs/ARCHITECTURE.md, Plan mode). Each
 * `approve` is posted to the webview as `planApprovalRequested`, opens the plan in an editor tab, and
 * resolves when a valid `answerPlan` for it arrives; Stop (the signal) withdraws it. Requests queue: one card
 * at a time. Free of `vscode`, so unit tests drive it with forged answers.
 */
import type { PlanApprovalPort, PlanApprovalRequest, PlanApprovalResponse } from '../../core/planApproval';
import { cap } from '../../core/text/cap';
import { ToolError } from '../../core/tool/errors';
import { MAX_PLAN_FEEDBACK_CHARS, MAX_PLAN_VIEW_CHARS, type HostToWebview, type PlanRequest, type WebviewToHost } from '../../protocol/messages';

type AnswerMessage = Extract<WebviewToHost, { type: 'answerPlan' }>;

export interface PlanResponderDeps {
  post: (message: HostToWebview) => void;
  newId: () => string;
  /** Called when a plan goes on screen: opens it in an editor tab, points a hidden chat view out. */
  onShow?: (request: PlanRequest) => void;
}

interface Pending {
  request: PlanRequest;
  settle: (outcome: { response: PlanApprovalResponse } | { error: Error }) => void;
}

export class WebviewPlanResponder implements PlanApprovalPort {
  private readonly queue: Pending[] = [];

  constructor(private readonly deps: PlanResponderDeps) {}

  /** The plan on screen, for the snapshot a reloaded view receives. */
  get pendingRequest(): PlanRequest | undefined {
    return this.queue[0]?.request;
  }

  readonly approve = (plan: PlanApprovalRequest, signal: AbortSignal): Promise<PlanApprovalResponse> => {
    if (signal.aborted) return Promise.reject(abortError());
    return new Promise<PlanApprovalResponse>((resolve, reject) => {
      const onAbort = () => {
        this.settle(pending, { error: abortError() });
      };
      const pending: Pending = {
        request: toView(this.deps.newId(), plan),
        settle: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.response);
        },
      };
      this.queue.push(pending);
      signal.addEventListener('abort', onAbort, { once: true });
      if (this.queue[0] === pending) this.show(pending.request);
    });
  };

  /** Applies the card's answer; false when it answers nothing on screen or lacks its mode. */
  answer(message: AnswerMessage): boolean {
    const pending = this.queue[0];
    if (!pending || pending.request.requestId !== message.requestId) return false;
    if (message.decision === 'keepPlanning') {
      return this.settle(pending, { response: { kind: 'keepPlanning', feedback: (message.feedback ?? '').slice(0, MAX_PLAN_FEEDBACK_CHARS) } });
    }
    if (!message.mode) return false;
    return this.settle(pending, { response: { kind: 'approved', mode: message.mode } });
  }

  /** Fails whatever waits (the view went away for good). */
  dispose(): void {
    for (const pending of [...this.queue]) {
      this.settle(pending, { error: new ToolError('unavailable', 'The chat view closed before the plan was approved.') });
    }
  }

  private show(request: PlanRequest): void {
    this.deps.post({ type: 'planApprovalRequested', request });
    this.deps.onShow?.(request);
  }

  private settle(pending: Pending, outcome: { response: PlanApprovalResponse } | { error: Error }): boolean {
    const index = this.queue.indexOf(pending);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    pending.settle(outcome);
    if (index === 0) {
      this.deps.post({ type: 'planApprovalResolved', requestId: pending.request.requestId });
      const next = this.queue[0];
      if (next) this.show(next.request);
    }
    return true;
  }
}

function toView(requestId: string, plan: PlanApprovalRequest): PlanRequest {
  return {
    requestId,
    plan: cap(plan.plan, MAX_PLAN_VIEW_CHARS),
    suggestedMode: plan.suggestedMode,
    ...(plan.planFilePath ? { planFilePath: cap(plan.planFilePath, 4096) } : {}),
  };
}

function abortError(): Error {
  return Object.assign(new Error('The plan was withdrawn: the turn was stopped.'), { name: 'AbortError' });
}
