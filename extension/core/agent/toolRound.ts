/**
 * The tool calls of one assistant message (docs/ARCHITECTURE.md, Running a message's calls), run through
 * the orchestrator while the loop forwards their events as they happen, not when the whole batch is done.
 */
import type { AssistantMessage, Message } from '../messages';
import type { ToolUseContext } from '../tool/context';
import { runToolUses } from '../tool/orchestrate';
import type { CanUseToolFn } from '../tool/Tool';
import type { QueryEvent } from './events';

export interface ToolRound {
  message: AssistantMessage;
  context: ToolUseContext;
  canUseTool: CanUseToolFn;
  interruptSignal: AbortSignal | undefined;
  /** query's: hands a message to the transcript, then appends it to the conversation. */
  add: (message: Message) => Promise<void>;
}

/**
 * Yields the calls' events, then adds the user message of results and any user messages the tools asked
 * for. Returns the context after the tools' modifiers.
 */
export async function* runToolRound({ message, context, canUseTool, interruptSignal, add }: ToolRound): AsyncGenerator<QueryEvent, ToolUseContext> {
  const toolEvents: QueryEvent[] = [];
  let wake: (() => void) | undefined;
  const running = runToolUses({
    assistantMessage: message,
    context,
    canUseTool,
    emit: (event) => {
      toolEvents.push({ type: 'tool', event });
      wake?.();
    },
    ...(interruptSignal ? { interruptSignal } : {}),
  });
  let finished = false;
  const settle = () => {
    finished = true;
    wake?.();
  };
  running.then(settle, settle);
  while (!finished || toolEvents.length) {
    if (toolEvents.length) {
      yield toolEvents.shift()!;
      continue;
    }
    await new Promise<void>((r) => (wake = r));
    wake = undefined;
  }
  const outcome = await running;
  await add(outcome.message);
  yield { type: 'toolResults', message: outcome.message };
  for (const extra of outcome.newMessages) {
    if (extra.role !== 'user') continue;
    await add(extra);
    yield { type: 'userMessage', message: extra, meta: true };
  }
  return outcome.context;
}
