import { describe, expect, it } from 'vitest';
import { handleCheckpointRequest, type CheckpointControls } from '../../../../extension/ui/checkpoints/checkpointControls';
import type { SnapshotChangeView } from '../../../../extension/protocol/messages';

const OID = 'c'.repeat(40);

function controls(opened: SnapshotChangeView[]): CheckpointControls {
  return {
    changedFiles: () => [],
    onChanged: () => () => {},
    rewind: async () => undefined,
    review: async () => {},
    openChangeDiff: async (change) => void opened.push(change),
  };
}

describe('handleCheckpointRequest openChangeDiff', () => {
  it('hands the change, without the message type, to the controls and posts nothing', async () => {
    const opened: SnapshotChangeView[] = [];
    const posted: unknown[] = [];
    await handleCheckpointRequest({ type: 'openChangeDiff', path: '/ws/a.ts', change: 'modified', before: OID }, controls(opened), (m) => posted.push(m));
    await handleCheckpointRequest({ type: 'openChangeDiff', path: '/ws/new.ts', change: 'created' }, controls(opened), (m) => posted.push(m));
    expect(opened).toEqual([
      { path: '/ws/a.ts', change: 'modified', before: OID },
      { path: '/ws/new.ts', change: 'created' },
    ]);
    expect(posted).toEqual([]);
  });
});
