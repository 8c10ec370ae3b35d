/**
 * Compaction inside the loop (docs/ARCHITECTURE.md, Compaction): before a request that would pass the
 * threshold, and once after a "prompt is too long" error. Shown as a status line; the compacted
 * conversation is persisted (`onCompact`) before the loop uses it.
 */
import { preCompactHooks } from '../../engines/hooks/sessionHooks';
import type { Message } from '../../base/messages';
import { compactConversation, shouldAutoCompact } from './compact';
import type { QueryEvent } from '../../contracts/events';
import type { QueryParams } from './params';
import { estimateTokens } from './tokens';

/**
 * Compacts when the next request, estimated from the last one's input and the messages added since, would
 * pass the threshold. Returns the compacted conversation, or undefined to go on with the same one.
 */
export async function* compactIfNearLimit(
  params: QueryParams,
  messages: readonly Message[],
  lastInputTokens: number | undefined,
): AsyncGenerator<QueryEvent, Message[] | undefined> {
  if (!params.compaction || lastInputTokens === undefined) return undefined;
  const next = lastInputTokens + estimateTokens(messages.slice(-2));
  if (!shouldAutoCompact({ nextRequestTokens: next, contextWindow: params.compaction.contextWindow, threshold: params.compaction.threshold })) {
    return undefined;
  }
  return yield* compact(params, messages, 'auto');
}

/** Returns the compacted conversation, or undefined when compaction failed or had nothing to summarise. */
export async function* compact(
  params: QueryParams,
  messages: readonly Message[],
  trigger: 'auto' | 'promptTooLong',
): AsyncGenerator<QueryEvent, Message[] | undefined> {
  const context = params.toolUseContext;
  yield* preCompactHooks(context.options.hooks, 'auto', '', { sessionId: context.sessionId, cwd: context.cwd, signal: context.abortController.signal });
  yield { type: 'status', text: 'Compacting the conversation…', phase: 'compacting' };
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
  const sizes = { preTokens: estimateTokens(messages), postTokens: estimateTokens(result.messages) };
  yield { type: 'compacted', messages: result.messages, summary: result.summary, summarizedCount: result.summarizedCount, trigger, ...sizes };
  yield { type: 'usage', model: params.modelName, usage: result.usage };
  return result.messages;
}
