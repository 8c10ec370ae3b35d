/** Backoff for retryable model failures: exponential with jitter, or what `retry-after` asked for. */
import { ModelError } from '../ports';

export interface RetryOptions {
  /** Attempts after the first. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Injected so tests run without waiting; must reject when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 8,
  baseDelayMs: 1000,
  maxDelayMs: 32_000,
  sleep: abortableSleep,
  random: Math.random,
};

/** attempt is 1 for the first retry. */
export function retryDelayMs(attempt: number, error: ModelError, opts: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, 5 * 60_000);
  const exp = Math.min(opts.baseDelayMs * 2 ** (attempt - 1), opts.maxDelayMs);
  // ±25% jitter so many clients hit by the same overload do not retry in lockstep.
  return Math.round(exp * (0.75 + opts.random() * 0.5));
}

export function retryStatus(delayMs: number, attempt: number, max: number, error: ModelError): string {
  const what =
    error.kind === 'rateLimit' ? 'rate limited' : error.kind === 'overloaded' ? 'API overloaded' : error.kind === 'server' ? 'API error' : 'connection lost';
  return `Retrying in ${Math.max(1, Math.round(delayMs / 1000))} s (${what}; attempt ${attempt} of ${max})`;
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
