/**
 * What the model is told when the user accepted a proposed file change in a different form than proposed:
 * which hunks were kept, rejected or reworked (by line ranges), and the unified diff from the proposal to
 * what was applied. Appended to the tool's result, so the model's view of the file stays true.
 */
import { createTwoFilesPatch } from 'diff';
import { classifyHunks, describeLines, type HunkOutcome } from './hunks';

/** The final diff is cut here; the model can Read the file for the rest. */
const MAX_DIFF_CHARS = 20_000;

const STATUS_LABEL: Record<HunkOutcome['status'], string> = {
  kept: 'kept',
  rejected: 'rejected (left as it was)',
  modified: 'changed by the user',
};

/** Undefined when the user accepted the proposal unchanged. */
export function reviewNote(path: string, before: string, proposed: string, final: string): string | undefined {
  if (final === proposed) return undefined;
  const outcomes = classifyHunks(before, proposed, final);
  const count = (s: HunkOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const parts = ['The user modified your proposed changes before accepting them. The file now contains what the user accepted, not exactly what you proposed.'];
  if (outcomes.length > 0) {
    const summary = [`kept ${count('kept')}`, `rejected ${count('rejected')}`, ...(count('modified') ? [`changed ${count('modified')}`] : [])];
    parts.push(`Of your ${outcomes.length} proposed hunk${outcomes.length === 1 ? '' : 's'} the user ${summary.join(', ')}:`);
    parts.push(outcomes.map((o) => `- ${STATUS_LABEL[o.status]}: ${hunkLines(o)}`).join('\n'));
  }
  parts.push(`Final diff (your proposal → what was applied):\n${unifiedDiff(path, proposed, final)}`);
  return parts.join('\n');
}

/** "original lines 3–4 → proposed lines 3–5": where the hunk sat in the file and in the proposal. */
export function hunkLines({ hunk }: Pick<HunkOutcome, 'hunk'>): string {
  return `original ${describeLines(hunk.oldStart, hunk.oldLines.length)} → proposed ${describeLines(hunk.newStart, hunk.newLines.length)}`;
}

export function unifiedDiff(path: string, from: string, to: string): string {
  const patch = createTwoFilesPatch(path, path, from, to, 'proposed', 'applied', { context: 3 });
  // From the `---` header on: jsdiff's `Index:` and `====` lines say nothing the headers do not.
  const lines = patch.split('\n');
  const body = lines
    .slice(Math.max(0, lines.findIndex((l) => l.startsWith('--- '))))
    .join('\n')
    .trimEnd();
  return body.length > MAX_DIFF_CHARS ? `${body.slice(0, MAX_DIFF_CHARS)}\n… (diff truncated)` : body;
}
