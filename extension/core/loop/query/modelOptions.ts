/** The request options that belong to a model, for when the fallback model takes over a turn (fallback.ts). */
import type { ModelRequest, ThinkingParam } from '../../contracts/modelClient';

/** A request's per-model options. */
export interface ModelOptions {
  maxTokens: number;
  thinking?: ThinkingParam;
  effort?: ModelRequest['effort'];
}

/** `model`'s own max_tokens, thinking and effort (every field set, so the previous model's do not linger); none without `optionsFor`. */
export function optionsOf(params: { optionsFor?: (model: string) => ModelOptions }, model: string): Partial<ModelOptions> {
  const o = params.optionsFor?.(model);
  return o ? { maxTokens: o.maxTokens, thinking: o.thinking, effort: o.effort } : {};
}

