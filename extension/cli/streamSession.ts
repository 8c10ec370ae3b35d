/**
 * The turns of `--input-format stream-json`: one per user message on stdin, in the same session, each with
 * its own result line. A bad line is reported on stderr and skipped (the exit code is then 1 even if every
 * turn succeeded); a stop (Ctrl-C) or an accepted StructuredOutput answer ends the run.
 */
import type { AgentSession } from '../core/agent/agentSession';
import type { Output } from './output';
import { readStreamLines } from './streamInput';
import { runCliTurn } from './turn';

export async function runStreamInput(session: AgentSession, input: NodeJS.ReadableStream, output: Output, stderr: NodeJS.WritableStream): Promise<number> {
  let code = 0;
  let turns = 0;
  let badLines = 0;
  for await (const item of readStreamLines(input)) {
    if (!item.ok) {
      stderr.write(`codewright: ${item.error}\n`);
      badLines++;
      continue;
    }
    turns++;
    await runCliTurn(session, item.content, output);
    const answered = output.structuredOutput() !== undefined;
    const turnCode = output.finish();
    code = Math.max(code, turnCode);
    if (answered || turnCode === 130) break;
  }
  if (turns === 0) {
    stderr.write('codewright: no user message arrived on stdin (--input-format stream-json)\n');
    return 1;
  }
  return code || (badLines ? 1 : 0);
}
