/**
 * The aggregate tool-result budget in the loop (docs/ARCHITECTURE.md, The aggregate result budget): before each
 * request, once the conversation's tool results pass a share of the context window, the oldest large ones are
 * replaced by references to their saved copies (core/engines/results/resultStorage.ts) — in one batch, down to a lower mark,
 * never one twice, never the most recent ones. The replacements are recorded (`onContentReplacement`, the
 * transcript) before the request that carries them, so a resumed session sends the same bytes and the prompt
 * cache stays valid. Then compaction gets its say, counting what the budget just freed.
 */
import type { Message } from '../../base/messages';
import { applyAggregateBudget } from '../../engines/results/resultStorage';
import type { QueryEvent } from '../../contracts/events';
import type { ContentReplacement, ResultBudget } from './params';
import type { QueryParams } from './params';
import { compactIfNearLimit } from './queryCompaction';
import { estimateTokens } from './tokens';

/**
 * Share of the context window tool results may fill before a clearing: under the compaction threshold (0.8) by
 * enough for the rest of a long conversation (prompts, replies, tool calls, the references themselves), so the
 * budget acts first and the conversation is not summarised for the sake of tool output.
 */
export const RESULT_BUDGET_TRIGGER = 0.6;
/**
 * Share a clearing brings them down to (the `keepRecent` newest always stay). Low on purpose: each clearing
 * rewrites the prompt from the first cleared result on, one prompt-cache miss, so a deep clearing every few
 * dozen requests costs far less than a shallow one every few. Over a cycle the cache misses come to about
 * (new results + what a clearing keeps) / (average request size): with results of r tokens each, about
 * 2r / (trigger × window) at best, which is why the trigger sits as high as compaction allows.
 */
export const RESULT_BUDGET_TARGET = 0.05;
/** As the API's own tool-result clearing keeps by default. */
export const RESULT_BUDGET_KEEP_RECENT = 3;
/** tokens.ts's estimate: about four characters per token. */
const CHARS_PER_TOKEN = 4;

/** The budget for a context window of `contextWindow` tokens. */
export function resultBudgetFor(contextWindow: number): ResultBudget {
  return {
    limitChars: Math.floor(contextWindow * RESULT_BUDGET_TRIGGER * CHARS_PER_TOKEN),
    targetChars: Math.floor(contextWindow * RESULT_BUDGET_TARGET * CHARS_PER_TOKEN),
    keepRecent: RESULT_BUDGET_KEEP_RECENT,
  };
}

/**
 * The conversation the next request sends: tool results over budget replaced (and recorded), then compacted if
 * it would still pass the compaction threshold. `lastInputTokens` is the previous request's size.
 */
export async function* fitContext(
  params: QueryParams,
  messages: Message[],
  lastInputTokens: number | undefined,
): AsyncGenerator<QueryEvent, Message[]> {
  const budgeted = await budgetToolResults(params, messages);
  const estimate = lastInputTokens === undefined ? undefined : Math.max(0, lastInputTokens - budgeted.savedTokens);
  return (yield* compactIfNearLimit(params, budgeted.messages, estimate)) ?? budgeted.messages;
}

/** The budget in force: the caller's, else one from the compaction window; none when neither is given. */
function budgetOf(params: QueryParams): ResultBudget | undefined {
  if (params.resultBudget !== undefined) return params.resultBudget || undefined;
  return params.compaction ? resultBudgetFor(params.compaction.contextWindow) : undefined;
}

/**
 * Applies the budget. Replacements already made are in `messages` (the loop keeps the replaced conversation),
 * so only new ones change anything; those are recorded before the changed conversation is returned.
 */
export async function budgetToolResults(params: QueryParams, messages: Message[]): Promise<{ messages: Message[]; savedTokens: number }> {
  const budget = budgetOf(params);
  if (!budget) return { messages, savedTokens: 0 };
  const context = params.toolUseContext;
  const state = context.contentReplacementState;
  const before = new Set(state.replaced.keys());
  const out = await applyAggregateBudget(messages, state, { ...budget, storage: context.ports.storage });
  const added: ContentReplacement[] = [];
  for (const [toolUseId, content] of state.replaced) if (!before.has(toolUseId)) added.push({ toolUseId, content });
  if (added.length === 0) return { messages, savedTokens: 0 };
  await params.onContentReplacement?.(added);
  return { messages: out, savedTokens: Math.max(0, estimateTokens(messages) - estimateTokens(out)) };
}
