/**
 * What the palette and context-menu commands take from the editor: an `@file#Lx-y` mention of the
 * selection, `@file` mentions of explorer picks, and a file's problems as prompt text.
 */
import * as vscode from 'vscode';
import { formatMention } from '../../conversation/mentions';

/** At most this many problems go into one "Fix Problems" prompt. */
const MAX_PROBLEMS = 50;

/** The path a mention uses: relative to its workspace folder when inside one, else absolute. */
export function mentionPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false);
}

/** 1-based lines a selection covers; a selection ending at the start of a line does not include that line. */
export function selectionLines(selection: vscode.Selection | vscode.Range): { start: number; end: number } {
  const start = selection.start.line + 1;
  const endsAtLineStart = selection.end.character === 0 && selection.end.line > selection.start.line;
  const end = (endsAtLineStart ? selection.end.line - 1 : selection.end.line) + 1;
  return { start, end: Math.max(start, end) };
}

/** `@src/a.ts#L5-10` for the active editor's selection, or a reason it cannot be mentioned. */
export function selectionMention(editor: vscode.TextEditor | undefined): { mention: string } | { error: string } {
  if (!editor) return { error: 'Open a file and select some code first.' };
  if (editor.document.isUntitled || editor.document.uri.scheme !== 'file') return { error: 'Save the file first: only files on disk can be mentioned.' };
  if (editor.selection.isEmpty) return { error: 'Select some code first.' };
  const { start, end } = selectionLines(editor.selection);
  return { mention: formatMention(mentionPath(editor.document.uri), start, end) };
}

/** `@a.ts @b.ts` for the files picked in the explorer (or the active editor's file). */
export function fileMentions(uris: readonly vscode.Uri[]): string {
  return uris
    .filter((u) => u.scheme === 'file')
    .map((u) => formatMention(mentionPath(u)))
    .join(' ');
}

/** The errors and warnings VS Code knows for `uri`, as prompt lines; empty when there are none. */
export function problemLines(uri: vscode.Uri): string[] {
  const severities = new Map([
    [vscode.DiagnosticSeverity.Error, 'error'],
    [vscode.DiagnosticSeverity.Warning, 'warning'],
  ]);
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => severities.has(d.severity))
    .sort((a, b) => a.severity - b.severity || a.range.start.line - b.range.start.line)
    .slice(0, MAX_PROBLEMS)
    .map((d) => {
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      const source = [d.source, code].filter((x) => x !== undefined && x !== '').join(' ');
      return `- Line ${d.range.start.line + 1}: ${severities.get(d.severity) ?? ''}${source ? ` (${source})` : ''}: ${d.message.split('\n')[0] ?? ''}`;
    });
}

/** The "Fix Problems in File" prompt, or undefined when the file has no errors or warnings. */
export function fixProblemsPrompt(uri: vscode.Uri): string | undefined {
  const lines = problemLines(uri);
  if (lines.length === 0) return undefined;
  return `Fix these problems in ${formatMention(mentionPath(uri))}:\n${lines.join('\n')}`;
}
