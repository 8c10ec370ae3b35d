/**
 * Backoff for retryable model failures (docs/ARCHITECTURE.md, Retry timing): exponential from half a second with
 * jitter below the step, capped, or what `retry-after` asked for; and the countdown shown while waiting.
 */
import { ModelError } from '../../contracts/modelClient';

export interface RetryOptions {
  /** Attempts after the first. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Injected so tests run without waiting; must reject when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
}

/**
 * 0.5, 1, 2, 4, 8, 16, 16… s: five faults in a row cost at most 15.5 s of waiting (they cost about 30 s from
 * a 1 s base), and ten retries still wait out about 95 s of overload before giving up.
 */
export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 10,
  baseDelayMs: 500,
  maxDelayMs: 16_000,
  sleep: abortableSleep,
  random: Math.random,
};

/** Longest `retry-after` honoured; a server asking for more is not worth keeping the turn open for. */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** attempt is 1 for the first retry. */
export function retryDelayMs(attempt: number, error: ModelError, opts: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS);
  const exp = Math.min(opts.baseDelayMs * 2 ** (attempt - 1), opts.maxDelayMs);
  // Up to 25% shorter, never longer: clients hit by the same overload do not retry in lockstep, and the
  // step (and so the cap) stays an upper bound.
  return Math.round(exp * (1 - 0.25 * opts.random()));
}

/** "0.4 s" up to 0.9 s (never "0 s"), else the whole seconds left, rounded up as a countdown does. */
export function formatWait(ms: number): string {
  return ms <= 900 ? `${(Math.max(1, Math.ceil(ms / 100)) / 10).toFixed(1)} s` : `${Math.ceil(ms / 1000)} s`;
}

export function retryStatus(delayMs: number, attempt: number, max: number, error: ModelError): string {
  const what =
    error.kind === 'rateLimit' ? 'rate limited' : error.kind === 'overloaded' ? 'API overloaded' : error.kind === 'server' ? 'API error' : 'connection lost';
  return `Retrying in ${formatWait(delayMs)} (${what}; attempt ${attempt} of ${max})`;
}

/**
 * Sleeps `delayMs` in steps that end on whole seconds left, yielding the status line before each step, so
 * the chat counts down ("Retrying in 3 s", "2 s", "1 s"); a sub-second wait (even 0) is one step and one line.
 * Rejects (through `sleep`) when the signal aborts.
 */
export async function* countdown(
  delayMs: number,
  status: (remainingMs: number) => string,
  sleep: RetryOptions['sleep'],
  signal: AbortSignal,
): AsyncGenerator<string, void> {
  let remaining = delayMs;
  do {
    yield status(remaining);
    const step = remaining % 1000 || Math.min(remaining, 1000);
    await sleep(step, signal);
    remaining -= step;
  } while (remaining > 0);
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ModelError('aborted', 'Stopped.'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError('aborted', 'Stopped.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
