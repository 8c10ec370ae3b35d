/**
 * Sets diff review up: the in-memory review file system, the per-hunk lenses and the Accept / Reject
 * commands (editor title, keybindings, palette). Reject asks for an optional note for the model; called
 * with `{ note }` (tests, other commands) it asks nothing.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../palette/commands';
import { DiffReviews, REVIEW_PENDING_CONTEXT, type DiffReviewDeps } from './diffReviews';
import { registerHunkDecorations } from './hunkDecorations';
import { registerHunkLenses } from './hunkLens';
import { REVIEW_SCHEME, ReviewFileSystem } from './reviewFs';

export function registerDiffReview(deps: DiffReviewDeps): { reviews: DiffReviews; disposable: vscode.Disposable } {
  const fs = new ReviewFileSystem();
  const reviews = new DiffReviews(fs, deps);
  void vscode.commands.executeCommand('setContext', REVIEW_PENDING_CONTEXT, false);
  const nothingPending = () => void vscode.window.showInformationMessage('Codewright: no proposed edit is waiting for review.');
  const disposable = vscode.Disposable.from(
    vscode.workspace.registerFileSystemProvider(REVIEW_SCHEME, fs, { isCaseSensitive: true }),
    reviews,
    fs,
    registerHunkLenses(reviews),
    registerHunkDecorations(reviews),
    vscode.commands.registerCommand(COMMANDS.acceptProposedEdit, () => {
      const done = reviews.accept();
      if (!done) nothingPending();
      return done;
    }),
    vscode.commands.registerCommand(COMMANDS.rejectProposedEdit, async (arg?: unknown) => {
      const review = reviews.active;
      if (!review) {
        nothingPending();
        return false;
      }
      let note = noteOf(arg);
      if (note === undefined) {
        note = await vscode.window.showInputBox({
          title: `Reject the proposed change to ${review.proposal.name}`,
          prompt: 'Optional: what should the agent do instead? (sent to the model; Escape keeps the proposal open)',
          ignoreFocusOut: true,
        });
        // Escape: the user changed their mind; the proposal stays pending.
        if (note === undefined) return false;
      }
      return reviews.reject(note);
    }),
  );
  return { reviews, disposable };
}

/** `{ note: string }` from a programmatic call; an editor-title click passes the editor's URI instead. */
function noteOf(arg: unknown): string | undefined {
  if (typeof arg === 'object' && arg !== null && 'note' in arg && typeof arg.note === 'string') return arg.note;
  return undefined;
}
