/**
 * The loop's long-lived signals (the session's Stop and the mid-run interrupt) see one request stream, one retry
 * wait and many tool calls per turn. Each of those may listen to them only while it runs: a listener left behind
 * per stream, wait or call piles up over a session (Node warns at the 11th).
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortableSleep } from '../../../extension/core/loop/query/retry';
import { ModelError } from '../../../extension/core/contracts/modelClient';
import { makeContext, sleeperTool } from '../tool/fixtures';
import { runQuery, useFakeAnthropic } from './queryHarness';

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('abort listeners in the query loop', () => {
  const fake = useFakeAnthropic();

  // Real HTTP streams through the SDK (41 requests): about 1 s on an idle 2-core machine, up to 5 s with both cores
  // busy, so the default 5 s would make the test's outcome depend on the machine's load.
  it('stay flat over 20 turns of streams, retried failures and interruptible tool calls', { timeout: 20_000 }, async () => {
    const wait = sleeperTool({ name: 'Wait', safe: true, interrupt: 'cancel' }).tool;
    const context = makeContext([wait]);
    const interrupt = new AbortController();
    const session = context.abortController.signal;
    // One listener left per turn would show as 20 (Node warns at 11); four at once is the most a turn needs.
    const turns = 20;
    // Each turn: a failure the loop retries after a real abortable wait (an HTTP 429, a stream cut mid-way or
    // an SSE error), then a reply with three tool calls; the last turn ends with text.
    const faults = [{ kind: 'http', status: 429, retryAfter: 0 }, { kind: 'cut', afterEvents: 3 }, { kind: 'sseError', afterEvents: 2 }] as const;
    fake.setScript([
      ...Array.from({ length: turns }, (_, t) => [
        { fault: faults[t % faults.length]! },
        { content: [0, 1, 2].map((i) => ({ type: 'tool_use' as const, name: 'Wait', input: { ms: 0, label: `${t}.${i}` } })) },
      ]).flat(),
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);

    let most = 0;
    const { events, text } = await runQuery(fake, {
      tools: [wait],
      abortWhen: () => {
        most = Math.max(most, abortListeners(session), abortListeners(interrupt.signal));
        return false;
      },
      extra: {
        toolUseContext: context,
        interruptSignal: interrupt.signal,
        maxTurns: turns + 1,
        retry: { sleep: abortableSleep, maxRetries: 1, baseDelayMs: 0, maxDelayMs: 0 },
      },
    });

    expect(text).toBe('Done.');
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn', turns: turns + 1 });
    expect(events.filter((e) => e.type === 'status' && /^Retrying/.test(e.text ?? '')).length).toBe(turns);
    // While a stream or a call runs it may listen (the SDK for its request, the executor for its link), but
    // never one per turn: the count seen at any event stays small, and nothing remains at the end.
    expect(most).toBeLessThanOrEqual(4);
    expect({ session: abortListeners(session), interrupt: abortListeners(interrupt.signal) }).toEqual({ session: 0, interrupt: 0 });
  });
});

describe('abortableSleep', () => {
  it('removes its listener when the wait ends (1,000 waits on one signal), and still rejects on abort', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 1_000; i++) await abortableSleep(0, controller.signal);
    expect(abortListeners(controller.signal)).toBe(0);

    const waiting = abortableSleep(10_000, controller.signal);
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(ModelError);
    expect(abortListeners(controller.signal)).toBe(0);
  });
});
