import { describe, expect, it } from 'vitest';
import type { ToolExecutionEvent } from '../../../../extension/core/contracts/events';
import type { BashSnapshotPort, SnapshotChange } from '../../../../extension/core/contracts/snapshots';
import { loadBashParser } from '../../../../extension/host/node/bashParser';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { presentBash } from '../../../../extension/tools/Bash/present';
import { bashHarness } from './harness';

/** A snapshot port that records its calls and answers `after` with the given changes. */
function recordingPort(changes: SnapshotChange[], note?: string): BashSnapshotPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    before: async () => void calls.push('before'),
    after: async () => {
      calls.push('after');
      return { changes, ...(note ? { note } : {}) };
    },
  };
}

/** The tool's output data, as the row gets it. */
function outputOf(events: ToolExecutionEvent[]): unknown {
  return events.find((e) => e.type === 'toolFinished')?.output;
}

const change: SnapshotChange = { path: '/ws/gen.ts', change: 'created' };

describe('tools/Bash workspace snapshots', () => {
  it('runs a command that may write between a capture before and one after, and the row gets its changes', async () => {
    const h = bashHarness();
    const port = recordingPort([change], 'snapshots note');
    h.context.ports = { ...h.context.ports, snapshots: port };
    const { outcome, events } = await h.run('Bash', { command: 'echo hi > gen.ts' });
    expect(port.calls).toEqual(['before', 'after']);
    expect(outcome.stage).toBe('success');
    const data = outputOf(events);
    expect(data).toMatchObject({ kind: 'completed', changedFiles: [change], snapshotNote: 'snapshots note' });
    expect(presentBash({ input: { command: 'echo hi > gen.ts' }, output: data, text: '', isError: false } as Parameters<typeof presentBash>[0])).toMatchObject({
      changedFiles: [{ path: '/ws/gen.ts', change: 'created' }],
      snapshotNote: 'snapshots note',
    });
  });

  it('keeps what the model reads unchanged: the changes are for the row only', async () => {
    const h = bashHarness();
    h.context.ports = { ...h.context.ports, snapshots: recordingPort([change]) };
    const { text } = await h.run('Bash', { command: 'echo hi' });
    expect(text).toBe('hi');
  });

  it('takes no snapshot for a read-only command or a background one', async () => {
    const h = bashHarness();
    const bash = createBashTool({ parser: await loadBashParser() });
    const port = recordingPort([change]);
    h.context.ports = { ...h.context.ports, snapshots: port };
    h.context.options = { ...h.context.options, tools: [bash, ...h.context.options.tools.filter((t) => t.name !== 'Bash')] };
    await h.run('Bash', { command: 'ls -la' });
    await h.run('Bash', { command: 'sleep 0.1', run_in_background: true });
    expect(port.calls).toEqual([]);
    await h.run('Bash', { command: 'touch made.txt' });
    expect(port.calls).toEqual(['before', 'after']);
  });

  it('still records what a failing command changed', async () => {
    const h = bashHarness();
    const port = recordingPort([change]);
    h.context.ports = { ...h.context.ports, snapshots: port };
    const { events } = await h.run('Bash', { command: 'echo x > gen.ts; exit 3' });
    expect(port.calls).toEqual(['before', 'after']);
    expect(outputOf(events)).toMatchObject({ exitCode: 3, changedFiles: [change] });
  });
});
