/**
 * An Edit the user reworked in diff review: the approval hands back the whole file as accepted, in a hidden
 * input field. The schema is strict, so the model can never set it; only an approval's `updatedInput` can.
 * The plan is still made from the model's old_string/new_string first, so every freshness check holds.
 */
import { assertEncodable, toLf } from '../shared/encoding';
import { splitLines } from '../shared/lines';
import type { EditPlan } from './planEdit';

/** The hidden field's name. */
export const REVIEWED_CONTENT_KEY = 'reviewedContent';

export function reviewedContent(input: object): string | undefined {
  const value: unknown = (input as Record<string, unknown>)[REVIEWED_CONTENT_KEY];
  return typeof value === 'string' ? value : undefined;
}

/** The plan with the user's text as the result; the changed span is where the two texts differ. */
export function withReviewedContent(plan: EditPlan, content: string | undefined): EditPlan {
  if (content === undefined) return plan;
  const updated = toLf(content);
  if (plan.existing) assertEncodable(updated, plan.existing.encoding, plan.absPath);
  const before = splitLines(plan.original);
  const after = splitLines(updated);
  let first = 0;
  while (first < before.length && first < after.length && before[first] === after[first]) first++;
  let tail = 0;
  while (tail < before.length - first && tail < after.length - first && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const firstLine = Math.min(first + 1, Math.max(1, after.length));
  return { ...plan, updated, firstLine, lastLine: Math.max(firstLine, after.length - tail) };
}
