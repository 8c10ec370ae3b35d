/**
 * The PlanApproval port: how ExitPlanMode puts a finished plan before the user (docs/ARCHITECTURE.md, Plan
 * mode). The chat view answers it with an inline card and opens the plan in an editor tab
 * (extension/ui/chat/planResponder.ts); a headless session has no port, and the tool then says that nobody
 * can approve the plan here.
 */

/** The modes a user may carry out an approved plan in. */
export const PLAN_EXECUTION_MODES = ['default', 'acceptEdits'] as const;
export type PlanExecutionMode = (typeof PLAN_EXECUTION_MODES)[number];

/** A plan waiting for the user. */
export interface PlanApprovalRequest {
  /** The plan as markdown. */
  plan: string;
  /** Where the plan was read from when the model wrote it to the session's plan file. */
  planFilePath?: string;
  /** The mode the card offers first (the one plan mode was entered from, when the user may pick it). */
  suggestedMode: PlanExecutionMode;
}

/** Approved, to be carried out in `mode`; or sent back with the user's feedback. */
export type PlanApprovalResponse = { kind: 'approved'; mode: PlanExecutionMode } | { kind: 'keepPlanning'; feedback: string };

export interface PlanApprovalPort {
  /**
   * Resolves with the user's answer. Aborting `signal` withdraws the plan and rejects with an `AbortError`,
   * so the executor reports the call as interrupted.
   */
  approve(request: PlanApprovalRequest, signal: AbortSignal): Promise<PlanApprovalResponse>;
}

export function isPlanExecutionMode(mode: string): mode is PlanExecutionMode {
  return (PLAN_EXECUTION_MODES as readonly string[]).includes(mode);
}
