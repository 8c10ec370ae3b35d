/**
 * Token usage, cost and context fill per request and per session (docs/ARCHITECTURE.md, The agent loop: usage and cost per turn;
 * compaction before the context window overflows).
 */
import { modelInfo, modelPrices } from '../../engines/models/models';
import type { ModelPrices } from '../../engines/models/modelTable';
import type { ModelUsage } from '../../contracts/modelClient';

export type { ModelPrices } from '../../engines/models/modelTable';

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

function promptTokens(usage: ModelUsage): number {
  return usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens;
}

/** The prices a request pays (the model table's); `usage` matters only for models priced by prompt length. */
export function pricesFor(model: string, usage?: ModelUsage): ModelPrices {
  return modelPrices(model, usage ? promptTokens(usage) : undefined);
}

/** The context window in tokens, from the model table: the `[1m]` window for `[1m]` ids. */
export function contextWindowFor(model: string): number {
  return modelInfo(model).contextWindow;
}

/** What one request cost in USD, at list prices. */
export function costUsd(model: string, usage: ModelUsage): number {
  const p = pricesFor(model, usage);
  return (
    (usage.inputTokens * p.input +
      usage.outputTokens * p.output +
      usage.cacheCreationInputTokens * p.cacheWrite +
      usage.cacheReadInputTokens * p.cacheRead) /
    1_000_000
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
