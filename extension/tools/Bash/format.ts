/**
 * Bash's tool_result text (docs/TOOLS.md, Bash): output with trailing whitespace trimmed, `Exit code N`
 * first when the command failed, a one-line answer when it printed nothing, and for background commands the
 * task id, the output file and how to read or stop it. `is_error` is always set.
 */
import type { ImageBlock, ToolResultBlock } from '../../core/base/messages';
import type { SnapshotChange } from '../../core/contracts/snapshots';

export type BashOutput =
  | {
      kind: 'completed';
      /** stdout and stderr merged in the order written. */
      output: string;
      exitCode: number;
      /** Set when the command left the workspace and the shell's directory was put back. */
      cwdNote?: string;
      /** Set when a sandboxed run failed because the sandbox blocked it (core/engines/sandbox/failure.ts). */
      sandboxNote?: string;
      /** Set when the output was an image (imageOutput.ts): `output` then only says so. */
      image?: { block?: ImageBlock; note?: string };
      /** What the command created, changed or deleted (the workspace snapshots around it); for the row, not the model. */
      changedFiles?: SnapshotChange[];
      /** Why the workspace is not snapshotted (said once per session). */
      snapshotNote?: string;
    }
  | {
      kind: 'background';
      taskId: string;
      outputFile: string;
      reason: 'requested' | 'timeout';
      timeoutMs?: number;
      /** The last lines printed before a timed-out command moved to the background. */
      outputSoFar?: string;
    };

export const NO_OUTPUT = '(Bash completed with no output)';

/** Drops blank lines at the start and whitespace at the end; leading indentation of the first line stays. */
export function trimOutput(text: string): string {
  return text.replace(/^(?:[ \t\r]*\n)+/, '').trimEnd();
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}

function backgroundText(out: Extract<BashOutput, { kind: 'background' }>): string {
  const first =
    out.reason === 'timeout'
      ? `Command was still running after ${seconds(out.timeoutMs ?? 0)}, so it was moved to the background with ID: ${out.taskId}.`
      : `Command running in background with ID: ${out.taskId}.`;
  const lines = [
    first,
    `Output is being written to: ${out.outputFile}`,
    `TaskGet (taskId "${out.taskId}") shows what it printed since you last looked (or Read that file); stop the command with TaskStop (task_id "${out.taskId}"). You will be notified when it finishes, with the end of its output.`,
  ];
  const soFar = out.outputSoFar ? trimOutput(out.outputSoFar) : '';
  if (soFar) lines.push('', 'Latest output:', soFar);
  return lines.join('\n');
}

export function renderBashOutput(out: BashOutput): { text: string; isError: boolean } {
  if (out.kind === 'background') return { text: backgroundText(out), isError: false };
  const body = trimOutput(out.output);
  const parts: string[] = [];
  if (out.exitCode !== 0) parts.push(`Exit code ${out.exitCode}`);
  if (body) parts.push(body);
  if (parts.length === 0) parts.push(NO_OUTPUT);
  if (out.image?.note) parts.push(out.image.note);
  if (out.cwdNote) parts.push(out.cwdNote);
  if (out.sandboxNote) parts.push(out.sandboxNote);
  return { text: parts.join('\n'), isError: out.exitCode !== 0 };
}

export function bashResultBlock(out: BashOutput, toolUseId: string): ToolResultBlock {
  const { text, isError } = renderBashOutput(out);
  const image = out.kind === 'completed' ? out.image?.block : undefined;
  const content: ToolResultBlock['content'] = image ? [image, { type: 'text', text }] : text;
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: isError };
}
