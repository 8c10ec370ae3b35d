/**
 * One model request of the loop (docs/ARCHITECTURE.md, Streaming and retries): streamed through `Attempt`,
 * retried on transient errors with the waits shown as status lines, until it succeeds, fails for good, or
 * the user stops.
 */
import type { AssistantMessage, Message } from '../messages';
import { ModelError, type ModelRequest } from '../ports';
import { Attempt } from './attempt';
import { withCacheBreakpoints } from './cache';
import type { QueryEvent } from './events';
import type { QueryParams } from './query';
import { retryDelayMs, retryStatus, type RetryOptions } from './retry';

/** How the request ended: a complete message, an abort (with what the user had already seen), or a final error. */
type RequestOutcome =
  | { kind: 'ok'; result: NonNullable<Attempt['result']> }
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
