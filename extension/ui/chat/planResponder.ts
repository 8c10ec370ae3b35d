/**
 * The PlanApproval port answered by the chat view's plan card (docs/ARCHITECTURE.md, Plan mode). Each
 * `approve` is posted to the webview as `planApprovalRequested`, opens the plan in an editor tab, and
 * resolves when a valid `answerPlan` for it arrives; Stop (the signal) withdraws it. Requests queue: one card
 * at a time. Free of `vscode`, so unit tests drive it with forged answers.
 */
import type { PlanApprovalPort, PlanApprovalRequest, PlanApprovalResponse } from '../../core/contracts/planApproval';
import { cap } from '../../core/base/text/cap';
import { MAX_PLAN_FEEDBACK_CHARS, MAX_PLAN_VIEW_CHARS, type HostToWebview, type PlanRequest, type WebviewToHost } from '../../protocol/messages';
import { CardQueue } from './cardQueue';

type AnswerMessage = Extract<WebviewToHost, { type: 'answerPlan' }>;

export interface PlanResponderDeps {
  post: (message: HostToWebview) => void;
  newId: () => string;
  /** Called when a plan goes on screen: opens it in an editor tab, points a hidden chat view out. */
  onShow?: (request: PlanRequest) => void;
}

export class WebviewPlanResponder extends CardQueue<PlanRequest, PlanApprovalResponse> implements PlanApprovalPort {
  constructor(private readonly deps: PlanResponderDeps) {
    super({
      post: deps.post,
      onShow: deps.onShow,
      shown: (request) => ({ type: 'planApprovalRequested', request }),
      resolved: (requestId) => ({ type: 'planApprovalResolved', requestId }),
      withdrawnMessage: 'The plan was withdrawn: the turn was stopped.',
      closedMessage: 'The chat view closed before the plan was approved.',
    });
  }

  readonly approve = (plan: PlanApprovalRequest, signal: AbortSignal): Promise<PlanApprovalResponse> =>
    this.enqueue(signal, () => toView(this.deps.newId(), plan), undefined);

  /** Applies the card's answer; false when it answers nothing on screen or lacks its mode. */
  answer(message: AnswerMessage): boolean {
    return this.answerShown(message.requestId, (): PlanApprovalResponse | undefined => {
      if (message.decision === 'keepPlanning') {
        return { kind: 'keepPlanning', feedback: (message.feedback ?? '').slice(0, MAX_PLAN_FEEDBACK_CHARS) };
      }
      return message.mode ? { kind: 'approved', mode: message.mode } : undefined;
    });
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
