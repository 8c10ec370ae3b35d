/** ExitPlanMode in the chat: the plan as markdown, and what the user decided. */
import { z } from 'zod';
import { cap } from '../../core/base/text/cap';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';

const PlanOutput = z.discriminatedUnion('outcome', [
  z.object({ plan: z.string(), outcome: z.literal('approved'), mode: z.enum(['default', 'acceptEdits']) }),
  z.object({ plan: z.string(), outcome: z.literal('keepPlanning'), feedback: z.string() }),
]);

export function presentPlan({ output }: PresentArgs): ToolResultData | undefined {
  const o = PlanOutput.safeParse(output);
  if (!o.success) return undefined;
  const plan = cap(o.data.plan, 100_000);
  if (o.data.outcome === 'approved') return { kind: 'plan', plan, outcome: 'approved', mode: o.data.mode };
  return { kind: 'plan', plan, outcome: 'keepPlanning', feedback: cap(o.data.feedback, 10_000) };
}
