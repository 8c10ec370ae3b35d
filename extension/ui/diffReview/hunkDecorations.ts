/**
 * Per-hunk actions where a diff editor shows them by default: VS Code hides CodeLens in diff editors unless
 * `diffEditor.codeLens` is on, so each hunk of the proposal also gets a quiet inline hint whose hover has
 * "Accept hunk" / "Reject hunk" links (the same commands as the lenses). The diff editor's own
 * revert-block arrow in the gutter works too: a reverted hunk counts as rejected.
 */
import * as vscode from 'vscode';
import { computeHunks, hunkKey } from '../../core/engines/permissions/hunks';
import type { DiffReviews } from './diffReviews';
import { HUNK_COMMANDS } from './hunkLens';
import { REVIEW_SCHEME } from './reviewFs';

function link(label: string, command: string, args: unknown[]): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify(args))})`;
}

function decorate(reviews: DiffReviews, editor: vscode.TextEditor, hint: vscode.TextEditorDecorationType): void {
  const review = reviews.active;
  const doc = editor.document;
  if (doc.uri.scheme !== REVIEW_SCHEME) return;
  if (!review || !review.proposal.editable || review.proposed.toString() !== doc.uri.toString()) {
    editor.setDecorations(hint, []);
    return;
  }
  const options = computeHunks(review.proposal.before, doc.getText()).map((hunk): vscode.DecorationOptions => {
    const line = Math.min(hunk.newStart, Math.max(0, doc.lineCount - 1));
    const args = [review.id, hunkKey(hunk)];
    const kept = review.kept.has(hunkKey(hunk));
    const hover = new vscode.MarkdownString(
      `${kept ? '$(check) Kept · ' : `${link('$(check) Accept hunk', HUNK_COMMANDS.accept, args)} · `}${link('$(discard) Reject hunk', HUNK_COMMANDS.reject, args)}`,
      true,
    );
    hover.isTrusted = { enabledCommands: [HUNK_COMMANDS.accept, HUNK_COMMANDS.reject] };
    return {
      // The whole first line: hovering the change or the hint after it shows the links.
      range: doc.lineAt(line).range,
      hoverMessage: hover,
      renderOptions: { after: { contentText: kept ? '✓ hunk kept' : 'accept or reject this hunk (hover)' } },
    };
  });
  editor.setDecorations(hint, options);
}

export function registerHunkDecorations(reviews: DiffReviews): vscode.Disposable {
  const hint = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
  });
  const refresh = () => vscode.window.visibleTextEditors.forEach((e) => decorate(reviews, e, hint));
  return vscode.Disposable.from(
    hint,
    reviews.onDidChange(refresh),
    vscode.window.onDidChangeVisibleTextEditors(refresh),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme === REVIEW_SCHEME) refresh();
    }),
  );
}
