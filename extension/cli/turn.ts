/**
 * One CLI turn: the session's events go to the output. Once StructuredOutput accepted an answer the run is
 * over: the loop is left right after that round's results are recorded (the transcript stays valid), before
 * another request would start.
 */
import type { AgentSession, TurnOptions } from '../core/loop/session/agentSession';
import type { Message } from '../core/base/messages';
import type { Output } from './output';

export async function runCliTurn(session: AgentSession, prompt: string | Message['content'], output: Output, options: TurnOptions = {}): Promise<void> {
  let rounds = 0;
  for await (const event of session.runTurn(prompt, options)) {
    output.event(event);
    if (event.type !== 'toolResults') continue;
    rounds++;
    if (output.structuredOutput() !== undefined) {
      output.event({ type: 'done', reason: 'end_turn', turns: rounds });
      break;
    }
  }
}
