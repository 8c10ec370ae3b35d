import { describe, expect, it } from 'vitest';
import { ToolResultDataSchema } from '../../../../extension/protocol/entries';
import { presentBash } from '../../../../extension/tools/Bash/present';

const OID = 'a'.repeat(40);
const OID256 = 'b'.repeat(64);
const input = { command: 'npm run build' };
const completed = (extra: Record<string, unknown> = {}) => ({ kind: 'completed', output: 'built', exitCode: 0, ...extra });
const present = (output: unknown) => presentBash({ input, output, text: 'built', isError: false });

describe('presentBash', () => {
  it('passes the changed files and the snapshot note through, without beforeSize, in a view the protocol takes', () => {
    const view = present(
      completed({
        changedFiles: [
          { path: '/ws/src/a.ts', change: 'modified', before: OID, beforeSize: 12 },
          { path: '/ws/src/new.ts', change: 'created' },
          { path: '/ws/old.ts', change: 'deleted', before: OID256, beforeSize: 3 },
        ],
        snapshotNote: 'The workspace is too large to snapshot.',
      }),
    );
    expect(view).toEqual({
      kind: 'bash',
      command: 'npm run build',
      output: 'built',
      exitCode: 0,
      changedFiles: [
        { path: '/ws/src/a.ts', change: 'modified', before: OID },
        { path: '/ws/src/new.ts', change: 'created' },
        { path: '/ws/old.ts', change: 'deleted', before: OID256 },
      ],
      snapshotNote: 'The workspace is too large to snapshot.',
    });
    expect(ToolResultDataSchema.parse(view)).toEqual(view);
  });

  it('leaves both fields absent when the output has none', () => {
    const view = present(completed());
    expect(view).toEqual({ kind: 'bash', command: 'npm run build', output: 'built', exitCode: 0 });
    expect(view && 'changedFiles' in view).toBe(false);
    expect(view && 'snapshotNote' in view).toBe(false);
  });

  it('passes them through for a command that moved to the background too', () => {
    const view = present({ kind: 'background', taskId: 'b1', outputFile: '/t/b1', reason: 'timeout', changedFiles: [{ path: '/ws/a', change: 'created' }] });
    expect(view).toEqual({ kind: 'bash', command: 'npm run build', output: '', exitCode: null, backgroundTaskId: 'b1', changedFiles: [{ path: '/ws/a', change: 'created' }] });
  });

  it('drops a change the protocol would refuse, and a malformed list or note, keeping the rest of the view', () => {
    const view = present(
      completed({
        changedFiles: [
          { path: '/ws/a.ts', change: 'modified', before: 'NOT-AN-OID' },
          { path: '', change: 'created' },
          { path: '/ws/b.ts', change: 'renamed' },
          'junk',
          { path: '/ws/c.ts', change: 'modified', before: OID },
        ],
        snapshotNote: 42,
      }),
    );
    expect(view).toEqual({ kind: 'bash', command: 'npm run build', output: 'built', exitCode: 0, changedFiles: [{ path: '/ws/c.ts', change: 'modified', before: OID }] });
    expect(present(completed({ changedFiles: 'all of them' }))).toEqual({ kind: 'bash', command: 'npm run build', output: 'built', exitCode: 0 });
  });

  it('caps the list and the note at what the protocol takes', () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({ path: `/ws/f${i}.txt`, change: 'created' }));
    const view = present(completed({ changedFiles: many, snapshotNote: 'x'.repeat(5000) }));
    expect(view?.kind === 'bash' && view.changedFiles?.length).toBe(2000);
    expect(view?.kind === 'bash' && view.snapshotNote?.length).toBe(2000);
    expect(ToolResultDataSchema.safeParse(view).success).toBe(true);
  });
});
