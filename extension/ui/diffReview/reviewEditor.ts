/**
 * The diff editor of a review (diffReviews.ts): opening it (at once, after a delay, or not at all, as the
 * `codewright.diffReview` settings say), reading the proposal as the user left it, and closing it.
 */
import * as vscode from 'vscode';
import type { ActiveReview } from './reviewRegistry';
import type { ReviewFileSystem } from './reviewFs';

export type DiffOpenMode = 'beside' | 'active' | 'manual';

/** Read when a warning is written. */
export interface ReviewEditorDeps {
  log: Pick<vscode.LogOutputChannel, 'warn'>;
}

export function openMode(): DiffOpenMode {
  const mode = vscode.workspace.getConfiguration('codewright.diffReview').get<string>('open');
  return mode === 'active' || mode === 'manual' ? mode : 'beside';
}

function focusSetting(): boolean {
  return vscode.workspace.getConfiguration('codewright.diffReview').get<boolean>('focus') === true;
}

/** The proposal's text now: the editor's buffer if open (saved or not), else what the file system holds. */
export function proposedText(review: ActiveReview, fs: ReviewFileSystem): string | undefined {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === review.proposed.toString());
  return doc ? doc.getText() : fs.text(review.proposed);
}

export async function showReview(review: ActiveReview, deps: ReviewEditorDeps, focus = focusSetting()): Promise<void> {
  // Beside an editor the user is in; with no editor open, "beside" would leave an empty group on the left.
  const beside = openMode() === 'beside' && vscode.window.tabGroups.activeTabGroup.tabs.length > 0;
  const title = `${review.proposal.name}: current ↔ proposed (Codewright)`;
  try {
    await vscode.commands.executeCommand('vscode.diff', review.original, review.proposed, title, {
      preview: true,
      preserveFocus: !focus,
      viewColumn: beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
    });
  } catch (err) {
    deps.log.warn(`Could not open the diff review of ${review.proposal.path}: ${String(err)}`);
  }
}

/**
 * Opens the review's diff after `delayMs` (never when undefined). `cancel` stops a diff that has not
 * started opening and resolves once one that has is open, so that it can be closed.
 */
export function showReviewAfter(review: ActiveReview, delayMs: number | undefined, deps: ReviewEditorDeps): { cancel(): Promise<void> } {
  if (delayMs === undefined) return { cancel: () => Promise.resolve() };
  let opening: Promise<void> | undefined;
  const timer = setTimeout(() => (opening = showReview(review, deps)), delayMs);
  return {
    cancel: () => {
      clearTimeout(timer);
      return opening ?? Promise.resolve();
    },
  };
}

/** Closes the review's diff tab and removes its files. */
export async function closeReview(review: ActiveReview, fs: ReviewFileSystem, deps: ReviewEditorDeps): Promise<void> {
  try {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === review.proposed.toString());
    // Saved into the review's own memory, so closing asks nothing; the answer has already read the text.
    if (doc?.isDirty) await doc.save();
    const tabs = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === review.proposed.toString());
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
  } catch (err) {
    deps.log.warn(`Could not close the diff review of ${review.proposal.path}: ${String(err)}`);
  } finally {
    fs.remove(review.original);
    fs.remove(review.proposed);
  }
}
