/** Bash in the chat (the command, its output and exit code, or the background task it became) and in the approval dialog. */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';

const BashOutput = z.union([
  z.object({ kind: z.literal('completed'), output: z.string(), exitCode: z.number().int() }),
  z.object({ kind: z.literal('background'), taskId: z.string(), outputSoFar: z.string().optional() }),
]);
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
      ? { kind: 'bash', command: command.data.command, output: d.output, exitCode: d.exitCode }
      : { kind: 'bash', command: command.data.command, output: d.outputSoFar ?? '', exitCode: null, backgroundTaskId: d.taskId };
  }
  // No output (interrupted, denied): read what the text says.
  const exit = EXIT_LINE.exec(text);
  if (exit) return { kind: 'bash', command: command.data.command, output: text.slice(exit[0].length), exitCode: Number(exit[1]) };
  return { kind: 'bash', command: command.data.command, output: text, exitCode: isError ? null : 0 };
}

/** The approval dialog's preview, shared with Monitor (tools/shared/shellCommand.ts). */
export { commandOf } from '../shared/shellCommand';
