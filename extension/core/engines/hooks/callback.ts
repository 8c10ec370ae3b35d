/**
 * Runs a callback hook (types.ts `HookCallback`) the way the runner runs a command, so the engine interprets
 * both alike (output.ts `interpretRun`): the answer is the "stdout" of exit 0 (an object as its JSON, a string
 * as it is), a failure is a run that could not start (a non-blocking error) or, with `failureBlocks`, exit 2
 * with the reason as stderr. The timeout and the caller's abort both abort the callback's signal.
 */
import type { HookCallback, HookRunResult } from '../../contracts/hooks';

export async function runHookCallback(callback: HookCallback, input: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<HookRunResult> {
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  if (signal?.aborted) abort.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`did not answer within ${timeoutMs / 1000} s`));
      abort.abort();
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([callback.run(input, abort.signal), expired]);
    if (timedOut) throw new Error('timed out');
    const stdout = answer === undefined || answer === null ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer);
    return { exitCode: 0, stdout, stderr: '', timedOut: false };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (callback.failureBlocks) return { exitCode: 2, stdout: '', stderr: `The hook callback failed: ${message}`, timedOut: false };
    return { exitCode: null, stdout: '', stderr: '', timedOut, ...(timedOut ? {} : { error: message }) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
