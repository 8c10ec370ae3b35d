/** Reconnecting a failed server: exponential backoff (1 s, 2 s, 4 s … capped), reset by a good connection. */
import type { McpManagerDeps, McpTimers } from './deps';
import type { Slot } from './slots';

const DEFAULT_BACKOFF = { firstMs: 1000, maxMs: 30_000 };

/** The wait before the next attempt, doubling with each failure in a row up to the cap; counts this failure. */
export function nextBackoff(slot: Slot, backoff: McpManagerDeps['backoff']): number {
  const { firstMs, maxMs } = backoff ?? DEFAULT_BACKOFF;
  const delay = Math.min(firstMs * 2 ** slot.failures, maxMs);
  slot.failures++;
  return delay;
}

/** Calls `reconnect` after `delay`, unless the slot was stopped or started again meanwhile. */
export function scheduleReconnect(slot: Slot, timers: McpTimers, delay: number, reconnect: (generation: number) => void): void {
  const generation = slot.generation;
  slot.retry = timers.setTimeout(() => {
    slot.retry = undefined;
    if (generation === slot.generation) reconnect(generation);
  }, delay);
}

export function cancelReconnect(slot: Slot, timers: McpTimers): void {
  if (slot.retry !== undefined) timers.clearTimeout(slot.retry);
  slot.retry = undefined;
}
