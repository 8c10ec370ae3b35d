/**
 * Token usage, cost and context fill per request and per session (docs/ARCHITECTURE.md, The agent loop: usage and cost per turn;
 * compaction before the context window overflows).
 */
import type { ModelUsage } from '../ports';

/** USD per million tokens. `cacheWrite` is the 5-minute write rate: usage does not say which TTL was used. */
export interface ModelPrices {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/** One request's tokens and what they cost. */
export interface RequestUsage extends ModelUsage {
  model: string;
  costUsd: number;
}

/** Everything a session has spent so far. */
export interface SessionUsage extends ModelUsage {
  costUsd: number;
  requests: number;
}

export interface UsageSnapshot {
  request: RequestUsage;
  session: SessionUsage;
  /** Tokens of the conversation the next request starts from: everything the last one read and wrote. */
  contextTokens: number;
  contextWindow: number;
  /** contextTokens / contextWindow, clamped to 0..1. */
  contextFill: number;
}

const DEFAULT_CONTEXT_WINDOW = 200_000;
const ONE_MILLION = 1_000_000;

/** The usual ratios: a 5-minute cache write costs 1.25× input, a cache hit 0.1× input (÷ 10 keeps 0.3 exact). */
function standard(input: number, output: number): ModelPrices {
  return { input, output, cacheWrite: input * 1.25, cacheRead: input / 10 };
}

interface PriceRow {
  prefix: string;
  prices: ModelPrices;
  /** Applies to the whole request when its prompt (input + cache read + cache write) is longer. */
  longPrompt?: { overTokens: number; prices: ModelPrices };
  /** Where the model's default window is larger than 200k without a `[1m]` suffix. */
  contextWindow?: number;
}

/*
 * List prices, USD per million tokens, as published on the Anthropic pricing pages in late 2026. TO BE
 * CHECKED against https://platform.claude.com/docs/en/about-claude/pricing before anyone bills by them.
 * Several newer models break the 0.1× cache-read rule, so those rows spell the rate out. The longest
 * matching prefix wins, which lets a version row (claude-opus-4-5) override its family (claude-opus-4).
 */
const FABLE_5_2: ModelPrices = { input: 8, output: 40, cacheWrite: 10, cacheRead: 0.2 };
const FABLE_5_1: ModelPrices = { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 };
const OPUS_CURRENT = standard(5, 25);
const SONNET_CLASSIC = standard(3, 15);

const PRICE_ROWS: readonly PriceRow[] = [
  { prefix: 'claude-fable-5-2', prices: FABLE_5_2, contextWindow: ONE_MILLION },
  { prefix: 'claude-mythos-5-2', prices: FABLE_5_2, contextWindow: ONE_MILLION },
  { prefix: 'claude-fable-5-1', prices: FABLE_5_1, contextWindow: ONE_MILLION },
  { prefix: 'claude-mythos-5-1', prices: FABLE_5_1, contextWindow: ONE_MILLION },
  { prefix: 'claude-fable', prices: standard(10, 50), contextWindow: ONE_MILLION },
  { prefix: 'claude-mythos', prices: standard(10, 50), contextWindow: ONE_MILLION },
  { prefix: 'claude-mythos-preview', prices: standard(25, 125) },
  { prefix: 'claude-opus-5-5', prices: { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 }, contextWindow: ONE_MILLION },
  { prefix: 'claude-opus-5', prices: OPUS_CURRENT, contextWindow: ONE_MILLION },
  { prefix: 'claude-opus-4-8', prices: OPUS_CURRENT, contextWindow: ONE_MILLION },
  { prefix: 'claude-opus-4-7', prices: OPUS_CURRENT },
  { prefix: 'claude-opus-4-6', prices: OPUS_CURRENT },
  { prefix: 'claude-opus-4-5', prices: OPUS_CURRENT },
  // Opus 4 and 4.1 (and anything older) kept the earlier price.
  { prefix: 'claude-opus', prices: standard(15, 75) },
  { prefix: 'claude-sonnet-5-5', prices: { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 }, contextWindow: ONE_MILLION },
  { prefix: 'claude-sonnet-5', prices: standard(2, 10), contextWindow: ONE_MILLION },
  { prefix: 'claude-sonnet', prices: SONNET_CLASSIC },
  {
    prefix: 'claude-haiku-5-5',
    prices: { input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 },
    longPrompt: { overTokens: 100_000, prices: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 } },
    contextWindow: ONE_MILLION,
  },
  { prefix: 'claude-haiku', prices: standard(1, 5) },
];

/** Unknown ids are priced as a Sonnet: the middle tier, and the higher of the Sonnet prices, so never cheap. */
const DEFAULT_PRICES = SONNET_CLASSIC;

/**
 * The table row for a model id. Cloud ids (`us.anthropic.claude-…-v1:0`, `claude-…@20250101`) are
 * matched from their `claude-` part; a prefix must end where the id ends or at a separator, so
 * `claude-opus-4-1` never matches `claude-opus-4-10`.
 */
function rowFor(model: string): PriceRow | undefined {
  const lower = model.toLowerCase();
  const id = lower.slice(Math.max(0, lower.indexOf('claude-')));
  let best: PriceRow | undefined;
  for (const row of PRICE_ROWS) {
    if (!id.startsWith(row.prefix)) continue;
    const next = id.charAt(row.prefix.length);
    if (next !== '' && !'-@[:'.includes(next)) continue;
    if (!best || row.prefix.length > best.prefix.length) best = row;
  }
  return best;
}

function promptTokens(usage: ModelUsage): number {
  return usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens;
}

/** The prices a request pays; `usage` matters only for models priced by prompt length. */
export function pricesFor(model: string, usage?: ModelUsage): ModelPrices {
  const row = rowFor(model);
  if (!row) return DEFAULT_PRICES;
  if (row.longPrompt && usage && promptTokens(usage) > row.longPrompt.overTokens) return row.longPrompt.prices;
  return row.prices;
}

/** The context window in tokens: 1M for `[1m]` ids and models whose default is 1M, else 200k. */
export function contextWindowFor(model: string): number {
  if (model.toLowerCase().endsWith('[1m]')) return ONE_MILLION;
  return rowFor(model)?.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
}

/** What one request cost in USD, at list prices. */
export function costUsd(model: string, usage: ModelUsage): number {
  const p = pricesFor(model, usage);
  return (
    (usage.inputTokens * p.input +
      usage.outputTokens * p.output +
      usage.cacheCreationInputTokens * p.cacheWrite +
      usage.cacheReadInputTokens * p.cacheRead) /
    ONE_MILLION
  );
}

/** Share of the prompt served from cache (0..1); 0 for an empty prompt. A falling ratio means a cache miss. */
export function cacheReadRatio(usage: ModelUsage): number {
  const prompt = promptTokens(usage);
  return prompt === 0 ? 0 : usage.cacheReadInputTokens / prompt;
}

function emptySession(): SessionUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0, requests: 0 };
}

/** Adds up usage over a session; one tracker per session, fed every completed request (main loop and helpers). */
export class UsageTracker {
  private totals: SessionUsage;

  /** `initial` carries the totals of a resumed session forward. */
  constructor(initial?: SessionUsage) {
    this.totals = initial ? { ...initial } : emptySession();
  }

  record(model: string, usage: ModelUsage): UsageSnapshot {
    const request: RequestUsage = {
      model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cacheReadInputTokens: usage.cacheReadInputTokens,
      cacheCreationInputTokens: usage.cacheCreationInputTokens,
      costUsd: costUsd(model, usage),
    };
    this.totals = {
      inputTokens: this.totals.inputTokens + request.inputTokens,
      outputTokens: this.totals.outputTokens + request.outputTokens,
      cacheReadInputTokens: this.totals.cacheReadInputTokens + request.cacheReadInputTokens,
      cacheCreationInputTokens: this.totals.cacheCreationInputTokens + request.cacheCreationInputTokens,
      costUsd: this.totals.costUsd + request.costUsd,
      requests: this.totals.requests + 1,
    };
    // The next request resends this prompt plus the reply, so that is the size to compare with the window.
    const contextTokens = promptTokens(usage) + usage.outputTokens;
    const contextWindow = contextWindowFor(model);
    return {
      request,
      session: this.session,
      contextTokens,
      contextWindow,
      contextFill: Math.min(1, Math.max(0, contextTokens / contextWindow)),
    };
  }

  /** A copy of the totals so far. */
  get session(): SessionUsage {
    return { ...this.totals };
  }
}
