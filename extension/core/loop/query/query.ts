/**
 * The agent loop (docs/ARCHITECTURE.md, The agent loop): request → stream → run tool_use blocks → one user message of results →
 * repeat, until the model ends its turn, the user stops, or a limit is hit. An async generator of
 * `QueryEvent`s; every message it adds is handed to `onMessage` (the transcript) before it is yielded.
 * Its steps live next to it: `request.ts` (one request with its retries), `queryCompaction.ts` and
 * `toolRound.ts` (the calls of one reply, their events forwarded as they happen).
 */
import type { AssistantMessage, Message, ToolUseBlock, UserMessage } from '../../base/messages';
import type { StopReason } from '../../contracts/modelClient';
import { MAX_STOP_HOOK_CONTINUATIONS, stopHooks } from '../../engines/hooks/sessionHooks';
import { takeTaskNotificationMessage } from '../../engines/tasks/notifications';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { isPromptTooLongError } from './compact';
import { DoomLoopTracker } from './doomLoop';
import type { AssistantApiInfo, QueryEndReason, QueryEvent } from '../../contracts/events';
import { compact } from './queryCompaction';
import type { QueryParams } from './params';
import { requestWithRetry } from './request';
import { fitContext } from './resultBudget';
import { DEFAULT_RETRY } from './retry';
import { tokensFromUsage } from './tokens';
import { refreshedTools } from './toolRefresh';
import { runToolRound, type ToolRound } from './toolRound';
import { optionsOf } from './modelOptions';

const CONTINUE_PROMPT =
  'Your previous response was cut off by the output token limit. Continue exactly where it stopped, without repeating anything.';

/** Hands a message to the transcript, then appends it to the conversation. */
type AddMessage = (message: Message) => Promise<void>;

export async function* query(initial: QueryParams): AsyncGenerator<QueryEvent, Message[]> {
  let params = initial;
  const retry = { ...DEFAULT_RETRY, ...params.retry };
  const signal = params.toolUseContext.abortController.signal;
  let messages = [...params.messages];
  let context = params.toolUseContext;
  let turns = 0;
  let continuations = 0;
  let lastInputTokens: number | undefined;
  let compactedForTooLong = false;
  let stopHookRuns = 0;
  const doomLoop = new DoomLoopTracker();

  const add: AddMessage = async (message) => {
    await params.onMessage?.(message);
    messages.push(message);
  };

  for (let request = 1; ; request++) {
    const overBudget = budgetNotice(params.budget);
    if (overBudget) {
      yield { type: 'notice', text: overBudget };
      yield { type: 'done', reason: 'max_budget', turns };
      return messages;
    }
    messages = yield* fitContext(params, messages, lastInputTokens);
    yield* announceEndedTasks(messages, context, add);

    const attemptResult = yield* requestWithRetry(params, messages, request, retry, signal);
    if (attemptResult.kind === 'aborted') return yield* endAborted(attemptResult.shown, add, turns, messages);
    if (attemptResult.kind === 'error') {
      if (isPromptTooLongError(attemptResult.error) && !compactedForTooLong && params.compaction) {
        compactedForTooLong = true;
        const compacted = yield* compact(params, messages, 'promptTooLong');
        if (compacted) {
          messages = compacted;
          continue;
        }
      }
      yield { type: 'error', kind: attemptResult.error.kind, message: attemptResult.error.message };
      yield { type: 'done', reason: 'error', turns };
      return messages;
    }

    if (attemptResult.model !== params.modelName) params = { ...params, modelName: attemptResult.model, ...optionsOf(params, attemptResult.model) }; // the fallback model's turn now
    const { message, stopReason, usage, api } = attemptResult.result;
    lastInputTokens = tokensFromUsage(usage);
    yield { type: 'usage', model: params.modelName, usage };

    if (stopReason === 'max_tokens' && continuations < (params.maxContinuations ?? 3)) {
      continuations++;
      yield* continueCutOffReply(message, add, api);
      continue;
    }
    if (message.content.length > 0) {
      await add(message);
      yield { type: 'assistantMessage', message, stopReason, api };
    }
    if (stopReason === 'pause_turn') continue; // the API resumes from the assistant message we sent back
    const toolUses = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (stopReason !== 'tool_use' || toolUses.length === 0) {
      if (endReason(stopReason) === 'end_turn' && (yield* stopHookContinues(context, stopHookRuns, add))) {
        stopHookRuns++;
        continue;
      }
      yield { type: 'done', reason: endReason(stopReason), turns: turns + 1 };
      return messages;
    }

    turns++;
    continuations = 0;
    params = await withRefreshedTools(params, yield* runToolRound({ ...roundOf(params, message, { ...context, messages }, add), doomLoop }));
    context = params.toolUseContext;
    const stop = signal.aborted ? 'aborted' : doomLoop.stopMessage ? 'error' : turns >= (params.maxTurns ?? 100) ? 'max_turns' : undefined;
    if (stop) {
      yield { type: 'done', reason: stop, turns };
      return messages;
    }
  }
}

/** Why the next request would pass the budget, or undefined while it would not. */
function budgetNotice(budget: QueryParams['budget']): string | undefined {
  const spent = budget?.spentUsd();
  if (!budget || spent === undefined || spent < budget.maxUsd) return undefined;
  return `Stopped before the next model request: the session has cost $${spent.toFixed(4)}, which reaches its budget of $${budget.maxUsd.toFixed(2)}.`;
}

/** The user stopped mid-request: what they already saw of the reply is kept, then the turn ends. */
async function* endAborted(shown: AssistantMessage | undefined, add: AddMessage, turns: number, messages: Message[]): AsyncGenerator<QueryEvent, Message[]> {
  if (shown) {
    await add(shown);
    yield { type: 'assistantMessage', message: shown, stopReason: null };
  }
  yield { type: 'done', reason: 'aborted', turns };
  return messages;
}

/** The params for the next request: the round's context, and the tool list again if a server changed it. */
async function withRefreshedTools(params: QueryParams, context: ToolUseContext): Promise<QueryParams> {
  const refreshed = await refreshedTools(context, params.toolDefinitionsFor);
  if (!refreshed) return { ...params, toolUseContext: context };
  return { ...params, tools: refreshed.definitions, toolUseContext: refreshed.context };
}

/** One reply's calls, with this round's interrupt signal and the inbox to take at its boundary. */
function roundOf(params: QueryParams, message: AssistantMessage, context: ToolUseContext, add: AddMessage): ToolRound {
  const interruptSignal = typeof params.interruptSignal === 'function' ? params.interruptSignal() : params.interruptSignal;
  return { message, context, canUseTool: params.canUseTool, interruptSignal, add, ...(params.takeInbox ? { takeInbox: params.takeInbox } : {}) };
}

/**
 * Background tasks that ended since the last request are announced now, once each. A separate user
 * message is valid after a user turn (the API merges them, after any tool_result blocks).
 */
async function* announceEndedTasks(messages: readonly Message[], context: ToolUseContext, add: AddMessage): AsyncGenerator<QueryEvent, void> {
  const notice = messages.at(-1)?.role === 'user' ? takeTaskNotificationMessage(context) : undefined;
  if (!notice) return;
  await add(notice);
  yield { type: 'userMessage', message: notice, meta: true };
}

/**
 * A Stop (or SubagentStop) hook may send the model back to work with its reason as the next user message;
 * `stop_hook_active` is set from the second time on, and at most MAX_STOP_HOOK_CONTINUATIONS times a turn.
 */
async function* stopHookContinues(context: ToolUseContext, runs: number, add: AddMessage): AsyncGenerator<QueryEvent, boolean> {
  if (runs >= MAX_STOP_HOOK_CONTINUATIONS) return false;
  const reason = yield* stopHooks(context, runs > 0);
  if (reason === undefined || context.abortController.signal.aborted) return false;
  const prompt: UserMessage = { role: 'user', content: reason };
  await add(prompt);
  yield { type: 'userMessage', message: prompt, meta: true };
  return true;
}

/** A reply cut off at max_tokens: keeps what of it is complete and asks the model to go on from there. */
async function* continueCutOffReply(message: AssistantMessage, add: AddMessage, api?: AssistantApiInfo): AsyncGenerator<QueryEvent, void> {
  // An unfinished tool call cannot run (its input is cut off): keep only what is complete.
  const kept: AssistantMessage = { role: 'assistant', content: message.content.filter((b) => b.type !== 'tool_use') };
  if (kept.content.some((b) => b.type === 'text' && b.text.trim())) {
    await add(kept);
    yield { type: 'assistantMessage', message: kept, stopReason: 'max_tokens', ...(api ? { api } : {}) };
  }
  const prompt: UserMessage = { role: 'user', content: CONTINUE_PROMPT };
  await add(prompt);
  yield { type: 'userMessage', message: prompt, meta: true };
}

/** How a turn the model ended itself is reported. */
function endReason(stopReason: StopReason | null): QueryEndReason {
  return stopReason === 'refusal' ? 'refusal' : stopReason === 'stop_sequence' ? 'stop_sequence' : 'end_turn';
}
