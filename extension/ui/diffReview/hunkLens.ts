/**
 * Per-hunk review: "Accept hunk" / "Reject hunk" lenses over each change on the proposal side of the diff.
 * Rejecting puts that hunk's original lines back into the proposal document (an ordinary, undoable edit);
 * accepting marks it kept. The Accept of the whole review then applies whatever the document holds, and the
 * model is told which hunks survived (core/engines/permissions/reviewNote.ts).
 */
import * as vscode from 'vscode';
import { computeHunks, hunkKey, hunkRevert, type Hunk } from '../../core/engines/permissions/hunks';
import type { ActiveReview, DiffReviews } from './diffReviews';
import { REVIEW_SCHEME } from './reviewFs';

export const HUNK_COMMANDS = {
  accept: 'codewright.diffReview.acceptHunk',
  reject: 'codewright.diffReview.rejectHunk',
  kept: 'codewright.diffReview.keptHunk',
} as const;

function reviewOf(reviews: DiffReviews, uri: vscode.Uri): ActiveReview | undefined {
  const review = reviews.active;
  return review && review.proposal.editable && review.proposed.toString() === uri.toString() ? review : undefined;
}

function hunksOf(review: ActiveReview, doc: vscode.TextDocument): Hunk[] {
  return computeHunks(review.proposal.before, doc.getText());
}

export function registerHunkLenses(reviews: DiffReviews): vscode.Disposable {
  const refresh = new vscode.EventEmitter<void>();
  const provider: vscode.CodeLensProvider = {
    onDidChangeCodeLenses: refresh.event,
    provideCodeLenses(doc) {
      const review = reviewOf(reviews, doc.uri);
      if (!review) return [];
      return hunksOf(review, doc).flatMap((hunk) => {
        const line = Math.min(hunk.newStart, Math.max(0, doc.lineCount - 1));
        const range = new vscode.Range(line, 0, line, 0);
        const key = hunkKey(hunk);
        const args = [review.id, key];
        const first = review.kept.has(key)
          ? { title: '$(check) Kept', command: HUNK_COMMANDS.kept, arguments: args }
          : { title: '$(check) Accept hunk', command: HUNK_COMMANDS.accept, arguments: args };
        return [new vscode.CodeLens(range, first), new vscode.CodeLens(range, { title: '$(discard) Reject hunk', command: HUNK_COMMANDS.reject, arguments: args })];
      });
    },
  };

  const find = (id: unknown, key: unknown): { review: ActiveReview; doc: vscode.TextDocument; hunk: Hunk } | undefined => {
    const review = reviews.active;
    if (!review || review.id !== id) return undefined;
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === review.proposed.toString());
    const hunk = doc && hunksOf(review, doc).find((h) => hunkKey(h) === key);
    return doc && hunk ? { review, doc, hunk } : undefined;
  };

  return vscode.Disposable.from(
    refresh,
    vscode.languages.registerCodeLensProvider({ scheme: REVIEW_SCHEME }, provider),
    reviews.onDidChange(() => refresh.fire()),
    vscode.workspace.onDidChangeTextDocument((e) => e.document.uri.scheme === REVIEW_SCHEME && refresh.fire()),
    vscode.commands.registerCommand(HUNK_COMMANDS.accept, (id: unknown, key: unknown) => {
      const found = find(id, key);
      if (found) reviews.markKept(hunkKey(found.hunk));
      return !!found;
    }),
    vscode.commands.registerCommand(HUNK_COMMANDS.kept, () => true),
    vscode.commands.registerCommand(HUNK_COMMANDS.reject, async (id: unknown, key: unknown) => {
      const found = find(id, key);
      if (!found) return false;
      const { doc, hunk } = found;
      const { start, end, original } = hunkRevert(doc.getText(), hunk);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(start), doc.positionAt(end)), original);
      return vscode.workspace.applyEdit(edit);
    }),
  );
}
