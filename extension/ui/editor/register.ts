/**
 * The editor's side of a proposed file change: the diff review that races the permission surfaces
 * (ui/diffReview), and the read-only diff the chat's dialog opens for a change no review shows.
 */
import type * as vscode from 'vscode';
import type { ProposedChange } from '../chat/approvalResponder';
import type { DiffReviewDeps, DiffReviews } from '../diffReview/diffReviews';
import { registerDiffReview } from '../diffReview/register';
import { ProposedDiffs } from './proposedDiff';
import { PlanDocuments } from './planDocuments';

export interface EditorSurfaces {
  /** Wraps a permission surface so a file edit also opens in the diff editor; the first answer wins. */
  reviews: DiffReviews;
  /** Shows a proposed change: its live review when there is one, else a read-only diff. */
  openDiff(change: ProposedChange, title: string): Promise<void>;
  /** Shows a plan waiting for approval as a read-only markdown preview (docs/ARCHITECTURE.md, Plan mode). */
  openPlan(id: string, plan: string): Promise<void>;
}

export function registerEditor(context: vscode.ExtensionContext, deps: DiffReviewDeps): EditorSurfaces {
  const proposedDiffs = new ProposedDiffs();
  const plans = new PlanDocuments();
  const diffReview = registerDiffReview(deps);
  context.subscriptions.push(proposedDiffs, plans, diffReview.disposable);
  const { reviews } = diffReview;
  return {
    reviews,
    openDiff: async (change, title) => {
      if (!(await reviews.showFor(change.path))) await proposedDiffs.open(change, title);
    },
    openPlan: plans.open,
  };
}
