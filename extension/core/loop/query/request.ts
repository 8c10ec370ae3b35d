/**
 * One model request of the loop (docs/ARCHITECTURE.md, Streaming and retries): streamed through `Attempt`,
 * retried on transient errors with the waits shown as status lines, until it succeeds, fails for good, or
 * the user stops.
 */
import type { AssistantMessage, Message } from '../../base/messages';
import { ModelError, type ModelRequest } from '../../contracts/modelClient';
import { Attempt } from './attempt';
import { withCacheBreakpoints } from './cache';
import type { QueryEvent } from '../../contracts/events';
import { fallbackNotice, OverloadFallback } from './fallback';
import { optionsOf } from './modelOptions';
import type { QueryParams } from './params';
import { countdown, retryDelayMs, retryStatus, type RetryOptions } from './retry';

/**
 * How the request ended: a complete message (and the model that sent it: the fallback model after repeated
 * overloads), an abort (with what the user had already seen), or a final error.
 */
type RequestOutcome =
  | { kind: 'ok'; result: NonNullable<Attempt['result']>; model: string }
  | { kind: 'aborted'; shown: AssistantMessage | undefined }
  | { kind: 'error'; error: ModelError };

export async function* requestWithRetry(
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
    ...(params.effort ? { effort: params.effort } : {}),
    signal,
  };
  const fallback = new OverloadFallback(params.fallbackModel);
  for (let attempt = 1; ; attempt++) {
    yield { type: 'requestStart', request, attempt };
    const run = new Attempt(params.model, body, params.streamEvents === true);
    try {
      yield* run.run();
      if (!run.result) throw new ModelError('network', 'The response stream ended before the message was complete.');
      if (attempt > 1) yield { type: 'status', text: null };
      return { kind: 'ok', result: run.result, model: body.model };
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError('network', err instanceof Error ? err.message : String(err));
      if (signal.aborted || error.kind === 'aborted') return { kind: 'aborted', shown: run.shownMessage() };
      const switchTo = fallback.afterError(error, body.model);
      if (switchTo) {
        // Another model is not overloaded by this one's load: try it at once, without the backoff.
        if (run.shownOutput) yield { type: 'attemptDiscarded', reason: error.message };
        yield fallbackNotice(body.model, switchTo);
        body.model = switchTo;
        Object.assign(body, optionsOf(params, switchTo)); // its own output limit and thinking
        continue;
      }
      if (!error.retryable || attempt > retry.maxRetries) {
        if (run.shownOutput) yield { type: 'attemptDiscarded', reason: error.message };
        if (attempt > 1) yield { type: 'status', text: null };
        return { kind: 'error', error };
      }
      if (run.shownOutput) yield { type: 'attemptDiscarded', reason: error.message };
      const delay = retryDelayMs(attempt, error, retry);
      yield { type: 'apiRetry', attempt, maxRetries: retry.maxRetries, delayMs: delay, errorKind: error.kind, errorStatus: error.status ?? null, message: error.message };
      try {
        for await (const text of countdown(delay, (left) => retryStatus(left, attempt, retry.maxRetries, error), retry.sleep, signal)) {
          yield { type: 'status', text };
        }
      } catch {
        yield { type: 'status', text: null };
        return { kind: 'aborted', shown: undefined };
      }
    }
  }
}
