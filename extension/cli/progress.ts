/**
 * Retries in the text and json formats (stream-json has its own lines): a line on stderr with the error and
 * the wait, so a failing run is not silent while it retries. The first retry of a request always; every retry
 * with --verbose.
 */
import type { AgentEvent } from '../core/loop/session/agentSession';
import { formatWait } from '../core/loop/query/retry';

export function retryLine(e: AgentEvent, verbose: boolean): string | undefined {
  if (e.type !== 'apiRetry' || (!verbose && e.attempt > 1)) return undefined;
  const line = `${e.message} Retrying in ${formatWait(e.delayMs)} (attempt ${e.attempt} of ${e.maxRetries})`;
  return verbose || e.maxRetries <= 1 ? line : `${line}; --verbose shows each retry`;
}

/** CLAUDE_CODE_MAX_RETRIES, as Claude Code reads it: how often a failed request is retried (default 10). */
export function cliRetry(env: NodeJS.ProcessEnv): { retry?: { maxRetries: number } } {
  const raw = env.CLAUDE_CODE_MAX_RETRIES?.trim();
  if (!raw || !/^\d+$/.test(raw)) return {};
  return { retry: { maxRetries: Number(raw) } };
}
