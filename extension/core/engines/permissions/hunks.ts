/**
 * The hunks of a proposed file change, for per-hunk review: each maximal run of changed lines (no context)
 * between the file as it is and the proposal. Lines keep their terminators, so joining them rebuilds the text
 * exactly, a missing final newline included. Pure: the diff review UI and the tests share it.
 */
import { diffArrays } from 'diff';

export interface Hunk {
  /** 0-based index of the first line replaced in the original, and the lines replaced (may be none). */
  oldStart: number;
  oldLines: string[];
  /** 0-based index of the first line of the replacement in the new text, and its lines (may be none). */
  newStart: number;
  newLines: string[];
}

/** The text's lines, each with its own `\n` (the last one may lack it). */
export function splitLinesKeepEnds(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The changes that turn `before` into `after`, top to bottom. */
export function computeHunks(before: string, after: string): Hunk[] {
  const changes = diffArrays(splitLinesKeepEnds(before), splitLinesKeepEnds(after));
  const hunks: Hunk[] = [];
  let oldAt = 0;
  let newAt = 0;
  let open: Hunk | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      oldAt += change.value.length;
      newAt += change.value.length;
      continue;
    }
    if (!open) {
      open = { oldStart: oldAt, oldLines: [], newStart: newAt, newLines: [] };
      hunks.push(open);
    }
    if (change.removed) {
      open.oldLines.push(...change.value);
      oldAt += change.value.length;
    } else {
      open.newLines.push(...change.value);
      newAt += change.value.length;
    }
  }
  return hunks;
}

/** Identifies a hunk by where it sits in the original and what it puts there; stable while other hunks change. */
export function hunkKey(hunk: Hunk): string {
  return JSON.stringify([hunk.oldStart, hunk.oldLines.length, hunk.newLines]);
}

/** Character offsets of the hunk's replacement in the new text, and the original text that undoes it. */
export function hunkRevert(after: string, hunk: Hunk): { start: number; end: number; original: string } {
  const lines = splitLinesKeepEnds(after);
  const start = lines.slice(0, hunk.newStart).reduce((n, l) => n + l.length, 0);
  const end = start + hunk.newLines.reduce((n, l) => n + l.length, 0);
  return { start, end, original: hunk.oldLines.join('') };
}

/** `after` with one of its hunks (relative to `before`) put back as it was. */
export function revertHunk(after: string, hunk: Hunk): string {
  const { start, end, original } = hunkRevert(after, hunk);
  return after.slice(0, start) + original + after.slice(end);
}

/** `before` with only the chosen hunks of `computeHunks(before, …)` applied. */
export function applyHunks(before: string, hunks: readonly Hunk[]): string {
  const lines = splitLinesKeepEnds(before);
  let out = '';
  let at = 0;
  for (const h of [...hunks].sort((a, b) => a.oldStart - b.oldStart)) {
    out += lines.slice(at, h.oldStart).join('') + h.newLines.join('');
    at = h.oldStart + h.oldLines.length;
  }
  return out + lines.slice(at).join('');
}

export interface HunkOutcome {
  hunk: Hunk;
  /** kept: applied as proposed; rejected: the original lines stayed; modified: the user changed it. */
  status: 'kept' | 'rejected' | 'modified';
}

/**
 * What became of each proposed hunk in the text the user accepted. Compared in original-file coordinates,
 * which neither side can move: a proposed hunk is kept when the final text makes exactly the same change
 * there, rejected when the final text leaves those original lines alone, and modified otherwise.
 */
export function classifyHunks(before: string, proposed: string, final: string): HunkOutcome[] {
  const finalHunks = computeHunks(before, final);
  const finalKeys = new Set(finalHunks.map(hunkKey));
  return computeHunks(before, proposed).map((hunk) => {
    if (finalKeys.has(hunkKey(hunk))) return { hunk, status: 'kept' };
    const touched = finalHunks.some((f) => overlaps(hunk, f));
    return { hunk, status: touched ? 'modified' : 'rejected' };
  });
}

/** Whether two hunks change the same original lines (an insertion overlaps what touches its insertion point). */
function overlaps(a: Hunk, b: Hunk): boolean {
  const [aStart, aEnd] = [a.oldStart, a.oldStart + a.oldLines.length];
  const [bStart, bEnd] = [b.oldStart, b.oldStart + b.oldLines.length];
  if (aStart === aEnd || bStart === bEnd) return aStart <= bEnd && bStart <= aEnd;
  return aStart < bEnd && bStart < aEnd;
}

/** 1-based, human line range: "lines 3–5", "line 3", or "after line 2" for an insertion. */
export function describeLines(start: number, count: number): string {
  if (count === 0) return start === 0 ? 'at the start' : `after line ${start}`;
  return count === 1 ? `line ${start + 1}` : `lines ${start + 1}–${start + count}`;
}
