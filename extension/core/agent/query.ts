/**
 * The agent loop (docs/ARCHITECTURE.md, The agent loop): request → stream → run tool_use blocks → one user message of results →
 * repeat, until the model ends its turn, the user stops, or a limit is hit. An async generator of
 * `QueryEvent`s; every message it adds is handed to `onMessage` (the transcript) before it is yielded.
 */
import type { AssistantMessage, Message, TextBlock, ToolDefinition, ToolUseBlock, UserMessage } from '../messages';
import { ModelError, type ModelClient, type ModelRequest, type ThinkingParam } from '../ports';
import { takeTaskNotificationMessage } from '../tasks/notifications';
import type { ToolUseContext } from '../tool/context';
import { runToolUses } from '../tool/orchestrate';
import type { CanUseToolFn } from '../tool/Tool';
import { Attempt } from './attempt';
import { withCacheBreakpoints } from './cache';
import { compactConversation, isPromptTooLongError, shouldAutoCompact } from './compact';
import type { QueryEvent } from './events';
import { DEFAULT_RETRY, retryDelayMs, retryStatus, type RetryOptions } from './retry';
import { estimateTokens, tokensFromUsage } from './tokens';

export interface QueryParams {
  /** The conversation so far, ending with the new user message. Not mutated. */
  messages: readonly Message[];
  system: readonly TextBlock[];
  tools: readonly ToolDefinition[];
  model: ModelClient;
  modelName: string;
  maxTokens: number;
  thinking?: ThinkingParam;
  toolUseContext: ToolUseContext;
  canUseTool: CanUseToolFn;
  /** Model requests that may end in tool_use before the loop stops (default 100). */
  maxTurns?: number;
  /** max_tokens continuations per turn (default 3). */
  maxContinuations?: number;
  retry?: Partial<RetryOptions>;
  /** Compaction: off when no context window is given. */
  compaction?: { contextWindow: number; threshold?: number };
  /** Persists a message before the loop shows or sends it on (the session transcript). */
  onMessage?: (message: Message) => Promise<void>;
  /** Persists a compaction (the transcript's boundary) before the compacted conversation is used. */
  onCompact?: (compaction: { summary: string; messages: Message[]; preservedCount: number }) => Promise<void>;
  interruptSignal?: AbortSignal;
}

const CONTINUE_PROMPT =
  'Your previous response was cut off by the output token limit. Continue exactly where it stopped, without repeating anything.';

export async function* query(params: QueryParams): AsyncGenerator<QueryEvent, Message[]> {
  const retry = { ...DEFAULT_RETRY, ...params.retry };
  const signal = params.toolUseContext.abortController.signal;
  let messages = [...params.messages];
  let context = params.toolUseContext;
  let turns = 0;
  let continuations = 0;
  let lastInputTokens: number | undefined;
  let compactedForTooLong = false;

  const add = async (message: Message) => {
    await params.onMessage?.(message);
    messages.push(message);
  };

  for (let request = 1; ; request++) {
    if (params.compaction && lastInputTokens !== undefined) {
      const next = lastInputTokens + estimateTokens(messages.slice(-2));
      if (shouldAutoCompact({ nextRequestTokens: next, contextWindow: params.compaction.contextWindow, threshold: params.compaction.threshold })) {
        const compacted = yield* compact(params, messages, 'auto');
        if (compacted) messages = compacted;
      }
    }

    // Background tasks that ended since the last request are announced now, once each. A separate user
    // message is valid after a user turn (the API merges them, after any tool_result blocks).
    const notice = messages.at(-1)?.role === 'user' ? takeTaskNotificationMessage(context) : undefined;
    if (notice) {
      await add(notice);
      yield { type: 'userMessage', message: notice, meta: true };
    }

    const attemptResult = yield* requestWithRetry(params, messages, request, retry, signal);
    if (attemptResult.kind === 'aborted') {
      if (attemptResult.shown) {
        await add(attemptResult.shown);
        yield { type: 'assistantMessage', message: attemptResult.shown, stopReason: null };
      }
      yield { type: 'done', reason: 'aborted', turns };
      return messages;
    }
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

    const { message, stopReason, usage } = attemptResult.result;
    lastInputTokens = tokensFromUsage(usage);
    yield { type: 'usage', model: params.modelName, usage };

    if (stopReason === 'max_tokens' && continuations < (params.maxContinuations ?? 3)) {
      continuations++;
      // An unfinished tool call cannot run (its input is cut off): keep only what is complete.
      const kept: AssistantMessage = { role: 'assistant', content: message.content.filter((b) => b.type !== 'tool_use') };
      if (kept.content.some((b) => b.type === 'text' && b.text.trim())) {
        await add(kept);
        yield { type: 'assistantMessage', message: kept, stopReason };
      }
      const prompt: UserMessage = { role: 'user', content: CONTINUE_PROMPT };
      await add(prompt);
      yield { type: 'userMessage', message: prompt, meta: true };
      continue;
    }
    if (message.content.length > 0) {
      await add(message);
      yield { type: 'assistantMessage', message, stopReason };
    }
    if (stopReason === 'pause_turn') continue; // the API resumes from the assistant message we sent back
    const toolUses = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (stopReason !== 'tool_use' || toolUses.length === 0) {
      const reason = stopReason === 'refusal' ? 'refusal' : stopReason === 'stop_sequence' ? 'stop_sequence' : 'end_turn';
      yield { type: 'done', reason, turns: turns + 1 };
      return messages;
    }

    turns++;
    continuations = 0;
    const toolEvents: QueryEvent[] = [];
    let wake: (() => void) | undefined;
    const running = runToolUses({
      assistantMessage: message,
      context: { ...context, messages },
      canUseTool: params.canUseTool,
      emit: (event) => {
        toolEvents.push({ type: 'tool', event });
        wake?.();
      },
      ...(params.interruptSignal ? { interruptSignal: params.interruptSignal } : {}),
    });
    let finished = false;
    const settle = () => {
      finished = true;
      wake?.();
    };
    running.then(settle, settle);
    // Forward tool events as they happen, not when the whole batch is done.
    while (!finished || toolEvents.length) {
      if (toolEvents.length) {
        yield toolEvents.shift()!;
        continue;
      }
      await new Promise<void>((r) => (wake = r));
      wake = undefined;
    }
    const outcome = await running;
    context = outcome.context;
    await add(outcome.message);
    yield { type: 'toolResults', message: outcome.message };
    for (const extra of outcome.newMessages) {
      if (extra.role !== 'user') continue;
      await add(extra);
      yield { type: 'userMessage', message: extra, meta: true };
    }
    if (signal.aborted) {
      yield { type: 'done', reason: 'aborted', turns };
      return messages;
    }
    if (turns >= (params.maxTurns ?? 100)) {
      yield { type: 'done', reason: 'max_turns', turns };
      return messages;
    }
  }
}

type RequestOutcome =
  | { kind: 'ok'; result: NonNullable<Attempt['result']> }
  | { kind: 'aborted'; shown: AssistantMessage | undefined }
  | { kind: 'error'; error: ModelError };

async function* requestWithRetry(
  params: QueryParams,
  messages: readonly Message[],
  request: number,
  retry: RetryOptions,
  signal: AbortSignal,
): AsyncGenerator<QueryEvent, RequestOutcome> {
  const cached = withCacheBreakpoints(params.system, messages);
  const body: ModelRequest = {
    model: params.modelName,
    maxTokens: params.maxTokens,
    system: cached.system,
    messages: cached.messages,
    tools: params.tools,
    ...(params.thinking ? { thinking: params.thinking } : {}),
    signal,
  };
  for (let attempt = 1; ; attempt++) {
    yield { type: 'requestStart', request, attempt };
    const run = new Attempt(params.model, body);
    try {
      yield* run.run();
      if (!run.result) throw new ModelError('network', 'The response stream ended before the message was complete.');
      if (attempt > 1) yield { type: 'status', text: null };
      return { kind: 'ok', result: run.result };
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError('network', err instanceof Error ? err.message : String(err));
      if (signal.aborted || error.kind === 'aborted') return { kind: 'aborted', shown: run.shownMessage() };
      if (!error.retryable || attempt > retry.maxRetries) {
        if (run.shownOutput) yield { type: 'attemptDiscarded', reason: error.message };
        if (attempt > 1) yield { type: 'status', text: null };
        return { kind: 'error', error };
      }
      if (run.shownOutput) yield { type: 'attemptDiscarded', reason: error.message };
      const delay = retryDelayMs(attempt, error, retry);
      yield { type: 'status', text: retryStatus(delay, attempt, retry.maxRetries, error) };
      try {
        await retry.sleep(delay, signal);
      } catch {
        yield { type: 'status', text: null };
        return { kind: 'aborted', shown: undefined };
      }
    }
  }
}

async function* compact(
  params: QueryParams,
  messages: readonly Message[],
  trigger: 'auto' | 'promptTooLong',
): AsyncGenerator<QueryEvent, Message[] | undefined> {
  yield { type: 'status', text: 'Compacting the conversation…' };
  let result;
  try {
    result = await compactConversation({
      messages,
      model: params.model,
      modelName: params.modelName,
      signal: params.toolUseContext.abortController.signal,
    });
  } catch (err) {
    yield { type: 'status', text: null };
    yield { type: 'error', kind: 'internal', message: `Compaction failed: ${err instanceof Error ? err.message : String(err)}` };
    return undefined;
  }
  yield { type: 'status', text: null };
  if (result.summarizedCount === 0) return undefined;
  await params.onCompact?.({ summary: result.summary, messages: result.messages, preservedCount: result.preservedCount });
  yield { type: 'compacted', messages: result.messages, summary: result.summary, summarizedCount: result.summarizedCount, trigger };
  yield { type: 'usage', model: params.modelName, usage: result.usage };
  return result.messages;
}
