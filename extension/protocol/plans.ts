/**
 * The plan approval card of the protocol (docs/ARCHITECTURE.md, Plan mode): the host shows a plan
 * (`planApprovalRequested`), the card answers (`answerPlan`: approve in a mode, or keep planning with
 * feedback), the host closes it (`planApprovalResolved`). Kept apart from messages.ts, which composes them
 * into the two unions.
 */
import { z } from 'zod';

const RequestIdSchema = z.string().min(1).max(200);

/** The modes an approved plan may be carried out in. */
export const PlanModeChoiceSchema = z.enum(['default', 'acceptEdits']);
export type PlanModeChoice = z.infer<typeof PlanModeChoiceSchema>;

export const MAX_PLAN_VIEW_CHARS = 100_000;
export const MAX_PLAN_FEEDBACK_CHARS = 10_000;

/** A plan waiting for the user's decision; one is on screen at a time. */
export const PlanRequestSchema = z.strictObject({
  requestId: RequestIdSchema,
  /** The plan as markdown (model text: rendered without raw HTML). */
  plan: z.string().max(MAX_PLAN_VIEW_CHARS),
  /** Set when the plan was read from the session's plan file. */
  planFilePath: z.string().max(4096).optional(),
  /** The mode Enter approves in. */
  suggestedMode: PlanModeChoiceSchema,
});
export type PlanRequest = z.infer<typeof PlanRequestSchema>;

/** webview → host: the card's answer; `mode` goes with `approve`, `feedback` with `keepPlanning`. */
export const PlanRequestMessageSchemas = [
  z.strictObject({
    type: z.literal('answerPlan'),
    requestId: RequestIdSchema,
    decision: z.enum(['approve', 'keepPlanning']),
    mode: PlanModeChoiceSchema.optional(),
    feedback: z.string().max(MAX_PLAN_FEEDBACK_CHARS).optional(),
  }),
] as const;

/** host → webview events of the card. */
export const PlanEventSchemas = [
  z.strictObject({ type: z.literal('planApprovalRequested'), request: PlanRequestSchema }),
  /** Answered or withdrawn (Stop): the card closes. */
  z.strictObject({ type: z.literal('planApprovalResolved'), requestId: RequestIdSchema }),
] as const;

/** Extra snapshot fields; optional so an older host still parses. */
export const PlanSnapshotFields = {
  /** The plan on screen, re-sent when the view reloads. */
  pendingPlan: PlanRequestSchema.optional(),
};
