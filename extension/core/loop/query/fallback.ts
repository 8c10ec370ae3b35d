/**
 * The fallback model (`--fallback-model`, `codewright.fallbackModel`): when the model keeps answering
 * "overloaded" (529) within one request's retries, the request goes on with the fallback model, and so does
 * the rest of the turn (query.ts takes the model the request ended with). The user is told in the chat.
 */
import type { ModelError } from '../../contracts/modelClient';
import type { QueryEvent } from '../../contracts/events';

/** Consecutive overloaded answers before the switch (Claude Code switches after three as well). */
export const OVERLOADS_BEFORE_FALLBACK = 3;

export class OverloadFallback {
  private overloads = 0;

  constructor(
    private readonly fallbackModel: string | undefined,
    private readonly threshold = OVERLOADS_BEFORE_FALLBACK,
  ) {}

  /**
   * Counts one failed attempt of `model`; returns the model to switch to when this was the last overload
   * allowed, else undefined. Any other error breaks the run of overloads. Never switches to the same model,
   * and only once (the fallback then has no fallback of its own).
   */
  afterError(error: ModelError, model: string): string | undefined {
    if (error.kind !== 'overloaded') {
      this.overloads = 0;
      return undefined;
    }
    this.overloads++;
    const to = this.fallbackModel;
    if (!to || to === model || this.overloads < this.threshold) return undefined;
    this.overloads = 0;
    return to;
  }
}

/** What the chat shows (and the CLI reports) when the request switches. */
export function fallbackNotice(from: string, to: string, overloads = OVERLOADS_BEFORE_FALLBACK): QueryEvent {
  return { type: 'notice', text: `${from} is overloaded (${overloads} times in a row): switched to the fallback model ${to} for the rest of this turn.` };
}
