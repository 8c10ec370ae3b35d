/**
 * The model table (docs/ARCHITECTURE.md, Models and thinking): what each Claude model offers, as data only.
 * Cost (core/loop/query/usage.ts), the context meter, compaction, `max_tokens` and thinking all read it through
 * `modelInfo` (models.ts); nothing else hard-codes a model's numbers.
 *
 * Figures from the Anthropic model overview and pricing pages (platform.claude.com, late 2026). TO BE
 * CHECKED against https://platform.claude.com/docs/en/about-claude/pricing before anyone bills by them.
 */

/** USD per million tokens. `cacheWrite` is the 5-minute write rate: usage does not say which TTL was used. */
export interface ModelPrices {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/**
 * How a model thinks: `adaptive` takes `{type: 'adaptive'}` (the model decides how much), `budget` takes
 * `{type: 'enabled', budget_tokens}`, `none` takes no thinking parameter.
 */
export type ThinkingSupport = 'adaptive' | 'budget' | 'none';

export interface ModelSpec {
  /** The id, and the prefix its dated and cloud forms share (`claude-opus-4-5-20251101`, `…@20251101`). */
  id: string;
  label: string;
  /** Tokens of prompt plus output the model takes without a `[1m]` suffix. */
  contextWindow: number;
  /** The larger window a `[1m]` id asks for, where the model offers one. */
  longContextWindow?: number;
  /** The largest `max_tokens` the model accepts. */
  maxOutputTokens: number;
  thinking: ThinkingSupport;
  /** An adaptive model that still takes a budget (`{type: 'enabled'}`) when the user sets a number. */
  acceptsBudget?: boolean;
  /** Accepts `output_config.effort`. */
  effort: boolean;
  prices: ModelPrices;
  /** Applies to the whole request when its prompt (input + cache read + cache write) is longer. */
  longPrompt?: { overTokens: number; prices: ModelPrices };
  /** Offered in `/model` and the header's picker (current models; older ones still work when typed). */
  listed?: boolean;
}

const K200 = 200_000;
const M1 = 1_000_000;

/** The usual ratios: a 5-minute cache write costs 1.25× input, a cache hit 0.1× input (÷ 10 keeps 0.3 exact). */
function standard(input: number, output: number): ModelPrices {
  return { input, output, cacheWrite: input * 1.25, cacheRead: input / 10 };
}

// Several newer models break the 0.1× cache-read rule, so those rows spell the rate out.
const FABLE_5_2: ModelPrices = { input: 8, output: 40, cacheWrite: 10, cacheRead: 0.2 };
const FABLE_5_1: ModelPrices = { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 };
const OPUS_CURRENT = standard(5, 25);
const SONNET_CLASSIC = standard(3, 15);

/** The current 5.x generation: native 1M window, 128k output, adaptive thinking with effort. */
function gen5(id: string, label: string, prices: ModelPrices, extra: Partial<ModelSpec> = {}): ModelSpec {
  return { id, label, contextWindow: M1, maxOutputTokens: 128_000, thinking: 'adaptive', effort: true, prices, ...extra };
}

/** Ids in the order the picker lists them; the longest matching id wins a lookup (models.ts). */
export const MODEL_TABLE: readonly ModelSpec[] = [
  gen5('claude-sonnet-5-5', 'Claude Sonnet 5.5', { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 }, { listed: true }),
  gen5('claude-opus-5-5', 'Claude Opus 5.5', { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 }, { listed: true }),
  gen5('claude-haiku-5-5', 'Claude Haiku 5.5', { input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 }, {
    longPrompt: { overTokens: 100_000, prices: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 } },
    listed: true,
  }),
  gen5('claude-fable-5-2', 'Claude Fable 5.2', FABLE_5_2, { listed: true }),
  gen5('claude-mythos-5-2', 'Claude Mythos 5.2', FABLE_5_2),
  gen5('claude-fable-5-1', 'Claude Fable 5.1', FABLE_5_1),
  gen5('claude-mythos-5-1', 'Claude Mythos 5.1', FABLE_5_1),
  gen5('claude-fable-5', 'Claude Fable 5', standard(10, 50)),
  gen5('claude-mythos-5', 'Claude Mythos 5', standard(10, 50)),
  gen5('claude-fable', 'Claude Fable', standard(10, 50)),
  gen5('claude-mythos', 'Claude Mythos', standard(10, 50)),
  gen5('claude-mythos-preview', 'Claude Mythos Preview', standard(25, 125), { contextWindow: K200 }),
  gen5('claude-opus-5', 'Claude Opus 5', OPUS_CURRENT),
  gen5('claude-sonnet-5', 'Claude Sonnet 5', standard(2, 10)),
  gen5('claude-opus-4-8', 'Claude Opus 4.8', OPUS_CURRENT),
  { id: 'claude-opus-4-7', label: 'Claude Opus 4.7', contextWindow: K200, longContextWindow: M1, maxOutputTokens: 128_000, thinking: 'adaptive', effort: true, prices: OPUS_CURRENT },
  { id: 'claude-opus-4-6', label: 'Claude Opus 4.6', contextWindow: K200, longContextWindow: M1, maxOutputTokens: 128_000, thinking: 'adaptive', acceptsBudget: true, effort: true, prices: OPUS_CURRENT },
  { id: 'claude-sonnet-4-6', label: 'Claude Sonnet 4.6', contextWindow: K200, longContextWindow: M1, maxOutputTokens: 64_000, thinking: 'adaptive', acceptsBudget: true, effort: true, prices: SONNET_CLASSIC },
  { id: 'claude-opus-4-5', label: 'Claude Opus 4.5', contextWindow: K200, maxOutputTokens: 64_000, thinking: 'budget', effort: true, prices: OPUS_CURRENT },
  { id: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5', contextWindow: K200, longContextWindow: M1, maxOutputTokens: 64_000, thinking: 'budget', effort: false, prices: SONNET_CLASSIC },
  { id: 'claude-haiku-4-5', label: 'Claude Haiku 4.5', contextWindow: K200, maxOutputTokens: 64_000, thinking: 'budget', effort: false, prices: standard(1, 5) },
  // Opus 4 and 4.1 (and anything older) kept the earlier price.
  { id: 'claude-opus-4-1', label: 'Claude Opus 4.1', contextWindow: K200, maxOutputTokens: 32_000, thinking: 'budget', effort: false, prices: standard(15, 75) },
  { id: 'claude-opus-4', label: 'Claude Opus 4', contextWindow: K200, maxOutputTokens: 32_000, thinking: 'budget', effort: false, prices: standard(15, 75) },
  { id: 'claude-sonnet-4', label: 'Claude Sonnet 4', contextWindow: K200, longContextWindow: M1, maxOutputTokens: 64_000, thinking: 'budget', effort: false, prices: SONNET_CLASSIC },
  { id: 'claude-3-7-sonnet', label: 'Claude Sonnet 3.7', contextWindow: K200, maxOutputTokens: 64_000, thinking: 'budget', effort: false, prices: SONNET_CLASSIC },
  { id: 'claude-3-5-haiku', label: 'Claude Haiku 3.5', contextWindow: K200, maxOutputTokens: 8_192, thinking: 'none', effort: false, prices: standard(0.8, 4) },
  // Family rows: an id of a family the table has no exact row for (an older or a newer dated one).
  { id: 'claude-opus', label: 'Claude Opus', contextWindow: K200, maxOutputTokens: 32_000, thinking: 'budget', effort: false, prices: standard(15, 75) },
  { id: 'claude-sonnet', label: 'Claude Sonnet', contextWindow: K200, maxOutputTokens: 64_000, thinking: 'budget', effort: false, prices: SONNET_CLASSIC },
  { id: 'claude-haiku', label: 'Claude Haiku', contextWindow: K200, maxOutputTokens: 8_192, thinking: 'none', effort: false, prices: standard(1, 5) },
];

/** Claude Code's aliases: the current model of each family. */
export const MODEL_ALIASES: Readonly<Record<'opus' | 'sonnet' | 'haiku', string>> = {
  opus: 'claude-opus-5-5',
  sonnet: 'claude-sonnet-5-5',
  haiku: 'claude-haiku-5-5',
};

/**
 * What an id the table does not know gets: a 200k window and 8192 output tokens fit every Claude model,
 * no thinking cannot be refused, and Sonnet prices (the higher of them) never understate the cost.
 */
export const FALLBACK_MODEL: Omit<ModelSpec, 'id' | 'label'> = {
  contextWindow: K200,
  maxOutputTokens: 8_192,
  thinking: 'none',
  effort: false,
  prices: SONNET_CLASSIC,
};
