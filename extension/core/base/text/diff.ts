/**
 * Unified-diff hunks of a file change, for the chat's inline diff and the approval dialog's preview. jsdiff
 * does the work; this caps what is kept (a rewrite of a large file is summarised, not shipped whole) and
 * gives up on pathological inputs.
 */
import { structuredPatch } from 'diff';

/** Diff lines sent at most; the rest is counted but not sent. */
export const MAX_DIFF_LINES = 400;
/** Longest a line may be in the view. */
const MAX_LINE_CHARS = 500;
/** jsdiff gives up after this long and the entry shows no diff (the text preview still says what happened). */
const DIFF_TIMEOUT_MS = 250;

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Unified-diff lines: ' ', '+' or '-', then the text. */
  lines: string[];
}

export interface FileDiff {
  filePath: string;
  created: boolean;
  added: number;
  removed: number;
  hunks: DiffHunk[];
  /** Hunks or lines were left out; the counts still cover everything. */
  truncated: boolean;
}

export function fileDiff(filePath: string, before: string, after: string, created: boolean): FileDiff | undefined {
  const patch = structuredPatch(filePath, filePath, toLf(before), toLf(after), '', '', { context: 3, timeout: DIFF_TIMEOUT_MS });
  if (!patch) return undefined;
  let added = 0;
  let removed = 0;
  let budget = MAX_DIFF_LINES;
  let truncated = false;
  const hunks: DiffHunk[] = [];
  for (const h of patch.hunks) {
    // "\ No newline at end of file" markers are noise in a chat view.
    const lines = h.lines.filter((l) => !l.startsWith('\\'));
    for (const l of lines) {
      if (l.startsWith('+')) added++;
      else if (l.startsWith('-')) removed++;
    }
    if (budget <= 0) {
      truncated = true;
      continue;
    }
    const kept = lines.slice(0, budget).map((l) => (l.length > MAX_LINE_CHARS ? `${l.slice(0, MAX_LINE_CHARS)}…` : l));
    if (kept.length < lines.length) truncated = true;
    budget -= kept.length;
    hunks.push({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: kept });
  }
  return { filePath, created, added, removed, hunks, truncated };
}

/** The file after an Edit: the same replacement the tool made, when it can be reproduced exactly. */
export function applyEdit(original: string, oldString: string, newString: string, replaceAll: boolean): string | undefined {
  if (oldString === '') return original === '' ? newString : undefined;
  const at = original.indexOf(oldString);
  if (at < 0) return undefined;
  return replaceAll ? original.split(oldString).join(newString) : original.slice(0, at) + newString + original.slice(at + oldString.length);
}

/** Every line break as LF, lone CRs included: the form the diff views compare and the diff review edits. */
export function toLf(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
