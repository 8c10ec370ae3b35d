/**
 * The tool calls of one assistant message (docs/ARCHITECTURE.md, Running a message's calls), run through
 * the orchestrator while the loop forwards their events as they happen, not when the whole batch is done.
 */
import type { MailMessage } from '../../contracts/mailbox';
import { SUB_AGENT_EVENT, type SubAgentEventData } from '../../contracts/agents';
import type { ToolExecutionEvent } from '../../contracts/events';
import type { AssistantMessage, Message } from '../../base/messages';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { withNestedMemory } from '../../engines/memory/nestedReminder';
import { withMcpResourceNote } from '../../engines/mcp/resourceWatch';
import { runToolUses } from '../../engines/tools/orchestrate';
import type { CanUseToolFn } from '../../contracts/tool';
import type { DoomLoopTracker } from './doomLoop';
import type { QueryEvent } from '../../contracts/events';
import { withMail } from './inbox';

export interface ToolRound {
  message: AssistantMessage;
  context: ToolUseContext;
  canUseTool: CanUseToolFn;
  interruptSignal: AbortSignal | undefined;
  /** query's: hands a message to the transcript, then appends it to the conversation. */
  add: (message: Message) => Promise<void>;
  /** Messages that arrived meanwhile, sent with the results (docs/ARCHITECTURE.md, Mid-turn messages). */
  takeInbox?: () => readonly MailMessage[];
  /** The turn's repeated-failure count (core/loop/query/doomLoop.ts): notes in the results, `stopMessage` to end the turn. */
  doomLoop?: DoomLoopTracker;
}

/** A foreground sub-agent's forwarded loop event (core/contracts/agents.ts `SubAgentEventData`), as the parent's `subAgent` event. */
function subAgentEvent(event: ToolExecutionEvent): QueryEvent | undefined {
  if (event.type !== 'toolProgress' || event.progress.type !== SUB_AGENT_EVENT) return undefined;
  const data = event.progress as SubAgentEventData;
  return { type: 'subAgent', parentToolUseId: event.toolUseId, agent: data.agent, event: data.event };
}

/**
 * Yields the calls' events, then adds the user message of results and any user messages the tools asked
 * for. Returns the context after the tools' modifiers.
 */
export async function* runToolRound(round: ToolRound): AsyncGenerator<QueryEvent, ToolUseContext> {
  const { message, context, canUseTool, interruptSignal, add } = round;
  const toolEvents: QueryEvent[] = [];
  let wake: (() => void) | undefined;
  const running = runToolUses({
    assistantMessage: message,
    context,
    canUseTool,
    emit: (event) => {
      toolEvents.push(subAgentEvent(event) ?? { type: 'tool', event });
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
  // After a stop the messages stay where they are: the chat hands the user's back to the composer.
  const mail = context.abortController.signal.aborted ? [] : [...(round.takeInbox?.() ?? [])];
  const reviewed = round.doomLoop ? round.doomLoop.review(message, outcome.message) : outcome.message;
  const noted = withMcpResourceNote(await withNestedMemory(reviewed, message, context), context.mcpResourceNotes?.takeNote());
  const results = withMail(noted, mail);
  await add(results);
  yield { type: 'toolResults', message: results };
  if (round.doomLoop?.stopMessage) yield { type: 'error', kind: 'internal', message: round.doomLoop.stopMessage };
  if (mail.length) yield { type: 'mail', messages: mail };
  for (const extra of outcome.newMessages) {
    if (extra.role !== 'user') continue;
    await add(extra);
    yield { type: 'userMessage', message: extra, meta: true };
  }
  return outcome.context;
}
