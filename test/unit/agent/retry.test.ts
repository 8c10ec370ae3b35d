/** Retry timing: the backoff schedule, `retry-after`, and the countdown shown while waiting. */
import { describe, expect, it } from 'vitest';
import { countdown, DEFAULT_RETRY, formatWait, retryDelayMs, retryStatus } from '../../../extension/core/loop/query/retry';
import { ModelError } from '../../../extension/core/contracts/modelClient';

const overloaded = new ModelError('overloaded', 'Overloaded', 529);

describe('retryDelayMs', () => {
  it('starts at half a second and doubles up to the 16 s cap without jitter', () => {
    const steps = Array.from({ length: 8 }, (_, i) => retryDelayMs(i + 1, overloaded, { ...DEFAULT_RETRY, random: () => 0 }));
    expect(steps).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 16_000, 16_000]);
  });

  it('jitters up to 25% below the step, never above it', () => {
    expect(retryDelayMs(3, overloaded, { ...DEFAULT_RETRY, random: () => 0.999_999 })).toBe(1500);
    expect(retryDelayMs(3, overloaded, { ...DEFAULT_RETRY, random: () => 0.5 })).toBe(1750);
  });

  it('honours retry-after whatever the attempt, up to five minutes', () => {
    const limited = new ModelError('rateLimit', 'slow down', 429, 1000);
    expect(retryDelayMs(7, limited, { ...DEFAULT_RETRY, random: () => 0 })).toBe(1000);
    const long = new ModelError('rateLimit', 'slow down', 429, 3_600_000);
    expect(retryDelayMs(1, long, DEFAULT_RETRY)).toBe(300_000);
  });

  it('keeps five faults in a row (one with retry-after 1) under 16 s of waiting', () => {
    const limited = new ModelError('rateLimit', 'slow down', 429, 1000);
    const faults = [overloaded, limited, overloaded, overloaded, overloaded];
    for (const random of [() => 0, () => 0.999]) {
      const total = faults.reduce((sum, e, i) => sum + retryDelayMs(i + 1, e, { ...DEFAULT_RETRY, random }), 0);
      expect(total).toBeLessThanOrEqual(16_000);
      expect(total).toBeGreaterThanOrEqual(11_000);
    }
  });
});

describe('retry status', () => {
  it('shows tenths under a second and never "0 s"', () => {
    expect(formatWait(500)).toBe('0.5 s');
    expect(formatWait(0)).toBe('0.1 s');
    expect(formatWait(40)).toBe('0.1 s');
    expect(formatWait(2400)).toBe('3 s');
    expect(retryStatus(500, 1, 10, overloaded)).toBe('Retrying in 0.5 s (API overloaded; attempt 1 of 10)');
  });

  it('counts down whole seconds, sleeping exactly the delay', async () => {
    const slept: number[] = [];
    const lines: string[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    for await (const line of countdown(2400, formatWait, sleep, new AbortController().signal)) lines.push(line);
    expect(lines).toEqual(['3 s', '2 s', '1 s']);
    expect(slept).toEqual([400, 1000, 1000]);
  });

  it('shows one line for a sub-second wait, and stops when the sleep rejects', async () => {
    const lines: string[] = [];
    for await (const line of countdown(500, formatWait, async () => {}, new AbortController().signal)) lines.push(line);
    expect(lines).toEqual(['0.5 s']);

    const seen: string[] = [];
    let calls = 0;
    const stopped = async () => {
      if (++calls === 2) throw new ModelError('aborted', 'Stopped.');
    };
    const run = (async () => {
      for await (const line of countdown(3000, formatWait, stopped, new AbortController().signal)) seen.push(line);
    })();
    await expect(run).rejects.toThrow('Stopped.');
    expect(seen).toEqual(['3 s', '2 s']);
  });
});
