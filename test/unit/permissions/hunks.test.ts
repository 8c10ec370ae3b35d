import { describe, expect, it } from 'vitest';
import {
  applyHunks,
  classifyHunks,
  computeHunks,
  describeLines,
  hunkRevert,
  revertHunk,
  splitLinesKeepEnds,
} from '../../../extension/core/engines/permissions/hunks';
import { reviewNote, unifiedDiff } from '../../../extension/core/engines/permissions/reviewNote';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');
const BEFORE = lines(12);
// Three separate changes: line 2 replaced, two lines inserted after line 6, line 11 deleted.
const PROPOSED = BEFORE.replace('line 2\n', 'TWO\n').replace('line 6\n', 'line 6\nnew a\nnew b\n').replace('line 11\n', '');

describe('core/engines/permissions/hunks', () => {
  it('splits lines keeping their ends, a last line without newline included', () => {
    expect(splitLinesKeepEnds('a\nb\nc')).toEqual(['a\n', 'b\n', 'c']);
    expect(splitLinesKeepEnds('a\n\n')).toEqual(['a\n', '\n']);
    expect(splitLinesKeepEnds('')).toEqual([]);
  });

  it('finds each change as its own hunk, in original and new coordinates', () => {
    expect(computeHunks(BEFORE, PROPOSED)).toEqual([
      { oldStart: 1, oldLines: ['line 2\n'], newStart: 1, newLines: ['TWO\n'] },
      { oldStart: 6, oldLines: [], newStart: 6, newLines: ['new a\n', 'new b\n'] },
      { oldStart: 10, oldLines: ['line 11\n'], newStart: 12, newLines: [] },
    ]);
    expect(computeHunks(BEFORE, BEFORE)).toEqual([]);
  });

  it('treats a new file as one insertion and a lost final newline as a change', () => {
    expect(computeHunks('', 'a\nb\n')).toEqual([{ oldStart: 0, oldLines: [], newStart: 0, newLines: ['a\n', 'b\n'] }]);
    expect(computeHunks('a\nb\n', 'a\nb')).toEqual([{ oldStart: 1, oldLines: ['b\n'], newStart: 1, newLines: ['b'] }]);
  });

  it('applies any subset of hunks to the original', () => {
    const [first, second, third] = computeHunks(BEFORE, PROPOSED);
    expect(applyHunks(BEFORE, [first!, second!, third!])).toBe(PROPOSED);
    expect(applyHunks(BEFORE, [])).toBe(BEFORE);
    expect(applyHunks(BEFORE, [third!, first!])).toBe(BEFORE.replace('line 2\n', 'TWO\n').replace('line 11\n', ''));
  });

  it('reverts one hunk of the proposal, by offsets an editor can apply', () => {
    const hunks = computeHunks(BEFORE, PROPOSED);
    const inserted = hunks[1]!;
    const at = hunkRevert(PROPOSED, inserted);
    expect(PROPOSED.slice(at.start, at.end)).toBe('new a\nnew b\n');
    expect(at.original).toBe('');
    const reverted = revertHunk(PROPOSED, inserted);
    expect(reverted).toBe(applyHunks(BEFORE, [hunks[0]!, hunks[2]!]));
    // Reverting every hunk, one after another as the lenses do, gives back the original.
    let text = PROPOSED;
    for (;;) {
      const next = computeHunks(BEFORE, text)[0];
      if (!next) break;
      text = revertHunk(text, next);
    }
    expect(text).toBe(BEFORE);
  });

  it('classifies each proposed hunk as kept, rejected or changed by the user', () => {
    const [first, second, third] = computeHunks(BEFORE, PROPOSED);
    const final = applyHunks(BEFORE, [first!, third!]).replace('line 11\n', '');
    expect(classifyHunks(BEFORE, PROPOSED, final).map((o) => o.status)).toEqual(['kept', 'rejected', 'kept']);
    const reworked = applyHunks(BEFORE, [second!, third!]).replace('line 2\n', 'deux\n');
    expect(classifyHunks(BEFORE, PROPOSED, reworked).map((o) => o.status)).toEqual(['modified', 'kept', 'kept']);
    expect(classifyHunks(BEFORE, PROPOSED, BEFORE).map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('describes line ranges 1-based', () => {
    expect(describeLines(1, 1)).toBe('line 2');
    expect(describeLines(5, 3)).toBe('lines 6–8');
    expect(describeLines(6, 0)).toBe('after line 6');
    expect(describeLines(0, 0)).toBe('at the start');
  });
});

describe('core/engines/permissions/reviewNote', () => {
  it('says nothing when the proposal was accepted as it was', () => {
    expect(reviewNote('/p/f.txt', BEFORE, PROPOSED, PROPOSED)).toBeUndefined();
  });

  it('lists kept and rejected hunks by line ranges and ends with the diff from proposal to applied', () => {
    const [first, , third] = computeHunks(BEFORE, PROPOSED);
    const final = applyHunks(BEFORE, [first!, third!]);
    const note = reviewNote('/p/f.txt', BEFORE, PROPOSED, final)!;
    expect(note).toContain('The user modified your proposed changes before accepting them.');
    expect(note).toContain('Of your 3 proposed hunks the user kept 2, rejected 1:');
    expect(note).toContain('- kept: original line 2 → proposed line 2');
    expect(note).toContain('- rejected (left as it was): original after line 6 → proposed lines 7–8');
    expect(note).toContain('- kept: original line 11 → proposed after line 12');
    expect(note).toContain('Final diff (your proposal → what was applied):\n--- /p/f.txt\tproposed\n+++ /p/f.txt\tapplied\n');
    expect(note).toContain('-new a\n-new b\n');
    expect(note).not.toContain('+new a');
  });

  it('reports free edits as changed, with the lines the user wrote', () => {
    const final = PROPOSED.replace('TWO\n', 'two, by hand\n');
    const note = reviewNote('/p/f.txt', BEFORE, PROPOSED, final)!;
    expect(note).toContain('the user kept 2, rejected 0, changed 1:');
    expect(note).toContain('- changed by the user: original line 2 → proposed line 2');
    expect(note).toContain('-TWO\n+two, by hand');
  });

  it('caps a huge diff', () => {
    const big = 'x\n'.repeat(30_000);
    expect(unifiedDiff('/p/f', '', big).length).toBeLessThan(20_100);
    expect(unifiedDiff('/p/f', '', big)).toMatch(/diff truncated\)$/);
  });
});
