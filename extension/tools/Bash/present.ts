/** Bash in the chat (the command, its output and exit code, or the background task it became) and in the approval dialog. */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import { MAX_SNAPSHOT_CHANGES, SnapshotChangeViewSchema, type SnapshotChangeView } from '../../protocol/checkpoints';
import type { ToolResultData } from '../../protocol/entries';

/**
 * What the workspace snapshots saw around the command. Loose on purpose: a change the protocol would refuse
 * (a bad oid, an empty path) is dropped on its own, and a malformed list or note is left out, rather than
 * costing the whole view (the protocol check drops a view that does not fit).
 */
const SnapshotFields = {
  changedFiles: z.array(z.unknown()).optional().catch(undefined),
  snapshotNote: z.string().optional().catch(undefined),
};
const BashOutput = z.union([
  z.object({ kind: z.literal('completed'), output: z.string(), exitCode: z.number().int(), ...SnapshotFields }),
  z.object({ kind: z.literal('background'), taskId: z.string(), outputSoFar: z.string().optional(), ...SnapshotFields }),
]);
/** One change as the protocol takes it; other fields (`beforeSize`) are stripped, since the protocol's object is strict. */
const SnapshotChange = z.object(SnapshotChangeViewSchema.shape);
type Snapshot = { changedFiles?: unknown[] | undefined; snapshotNote?: string | undefined };
const BashInput = z.object({ command: z.string() });

/** `Exit code N` opens a failed command's result (docs/TOOLS.md, Bash). */
const EXIT_LINE = /^Exit code (\d+)\n?/;

export function presentBash({ input, output, text, isError }: PresentArgs): ToolResultData | undefined {
  const command = BashInput.safeParse(input);
  if (!command.success) return undefined;
  const o = BashOutput.safeParse(output);
  if (o.success) {
    const d = o.data;
    return d.kind === 'completed'
      ? { kind: 'bash', command: command.data.command, output: d.output, exitCode: d.exitCode, ...snapshotFields(d) }
      : { kind: 'bash', command: command.data.command, output: d.outputSoFar ?? '', exitCode: null, backgroundTaskId: d.taskId, ...snapshotFields(d) };
  }
  // No output (interrupted, denied): read what the text says.
  const exit = EXIT_LINE.exec(text);
  if (exit) return { kind: 'bash', command: command.data.command, output: text.slice(exit[0].length), exitCode: Number(exit[1]) };
  return { kind: 'bash', command: command.data.command, output: text, exitCode: isError ? null : 0 };
}

/** The changes (without `beforeSize`, which the chat does not show) and the note, each only when the output has it. */
function snapshotFields({ changedFiles, snapshotNote }: Snapshot): { changedFiles?: SnapshotChangeView[]; snapshotNote?: string } {
  const changes = changedFiles?.flatMap((c) => {
    const r = SnapshotChange.safeParse(c);
    return r.success ? [r.data] : [];
  });
  return {
    ...(changes ? { changedFiles: changes.slice(0, MAX_SNAPSHOT_CHANGES) } : {}),
    ...(snapshotNote !== undefined ? { snapshotNote: snapshotNote.slice(0, 2000) } : {}),
  };
}

/** The approval dialog's preview, shared with Monitor (tools/shared/shellCommand.ts). */
export { commandOf } from '../shared/shellCommand';
