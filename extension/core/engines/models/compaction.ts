/**
 * When the loop compacts, from the model table (docs/ARCHITECTURE.md, Models and thinking): the model's window
 * less room for its reply and a margin for the estimate, as Claude Code reckons it. A 1M-window model thus
 * compacts near 967k rather than at a fixed 80%.
 */
import { modelInfo } from './models';

/** Room kept for the reply: the model's output limit, capped (a turn's reply rarely needs more). */
const REPLY_RESERVE_CAP = 20_000;
/** The next request's size is estimated (core/loop/query/tokens.ts): keep a margin for the estimate's error. */
const ESTIMATE_MARGIN = 13_000;
/** Never later than this share, whatever the window: a tiny window still leaves room for the summary. */
const MIN_THRESHOLD = 0.5;

/** The loop's `compaction` parameter for `model`: its window, and the share of it that triggers compaction. */
export function compactionFor(model: string): { contextWindow: number; threshold: number } {
  const { contextWindow, maxOutputTokens } = modelInfo(model);
  const usable = contextWindow - Math.min(maxOutputTokens, REPLY_RESERVE_CAP) - ESTIMATE_MARGIN;
  return { contextWindow, threshold: Math.max(MIN_THRESHOLD, usable / contextWindow) };
}
