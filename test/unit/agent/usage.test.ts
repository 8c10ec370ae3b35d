import { describe, expect, it } from 'vitest';
import {
  UsageTracker,
  cacheReadRatio,
  contextWindowFor,
  costUsd,
  pricesFor,
} from '../../../extension/core/loop/query/usage';
import type { ModelUsage } from '../../../extension/core/contracts/modelClient';

function usage(input: number, output: number, cacheRead = 0, cacheWrite = 0): ModelUsage {
  return { inputTokens: input, outputTokens: output, cacheReadInputTokens: cacheRead, cacheCreationInputTokens: cacheWrite };
}

describe('usage prices', () => {
  it('prices a known model by hand: input, output, 5-minute cache write and cache read', () => {
    // claude-opus-4-5: $5 in, $25 out, write 1.25 × 5 = $6.25, read 0.1 × 5 = $0.50 per million.
    const cost = costUsd('claude-opus-4-5', usage(1_000_000, 200_000, 2_000_000, 400_000));
    expect(cost).toBeCloseTo(5 + 5 + 1 + 2.5, 10);
  });

  it('prices a dated id like its version', () => {
    expect(pricesFor('claude-sonnet-4-5-20250929')).toEqual(pricesFor('claude-sonnet-4-5'));
    expect(pricesFor('claude-haiku-4-5-20251001')).toEqual({ input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 });
  });

  it('lets a version row override its family row', () => {
    expect(pricesFor('claude-opus-4-1').input).toBe(15);
    expect(pricesFor('claude-opus-4-8').input).toBe(5);
    expect(pricesFor('claude-opus-5-5')).toEqual({ input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 });
    expect(pricesFor('claude-fable-5-2').cacheRead).toBe(0.2);
    expect(pricesFor('claude-fable-5').cacheRead).toBe(1);
  });

  it('does not let a version prefix match a longer version number', () => {
    // claude-sonnet-5-50 is not Sonnet 5.5 (cache read $0.10): it falls back to the Sonnet 5 row.
    expect(pricesFor('claude-sonnet-5-50').cacheRead).toBeCloseTo(0.2, 10);
    expect(pricesFor('claude-sonnet-5-5').cacheRead).toBe(0.1);
  });

  it('matches cloud ids by their claude- part', () => {
    expect(pricesFor('us.anthropic.claude-opus-4-5-20251101-v1:0')).toEqual(pricesFor('claude-opus-4-5'));
    expect(pricesFor('claude-opus-4-5@20251101')).toEqual(pricesFor('claude-opus-4-5'));
    expect(pricesFor('claude-sonnet-5-5[1m]')).toEqual(pricesFor('claude-sonnet-5-5'));
  });

  it('prices an unknown model as a Sonnet at $3 in and $15 out', () => {
    expect(pricesFor('some-future-model')).toEqual({ input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 });
    expect(costUsd('some-future-model', usage(100_000, 10_000))).toBeCloseTo(0.3 + 0.15, 10);
  });

  it('charges the long-prompt rate on the whole request once a Haiku 5.5 prompt passes 100k tokens', () => {
    expect(costUsd('claude-haiku-5-5', usage(100_000, 1_000_000))).toBeCloseTo(0.01 + 0.5, 10);
    expect(costUsd('claude-haiku-5-5', usage(60_000, 1_000_000, 50_000))).toBeCloseTo(0.03 + 2.5 + 0.0025, 10);
  });
});

describe('contextWindowFor', () => {
  it('is 200k by default and 1M for [1m] ids and models whose default window is 1M', () => {
    expect(contextWindowFor('claude-sonnet-4-5')).toBe(200_000);
    expect(contextWindowFor('unknown-model')).toBe(200_000);
    expect(contextWindowFor('claude-sonnet-4-5[1m]')).toBe(1_000_000);
    expect(contextWindowFor('claude-sonnet-5-5')).toBe(1_000_000);
  });
});

describe('cacheReadRatio', () => {
  it('is the cached share of the prompt', () => {
    expect(cacheReadRatio(usage(100, 999, 800, 100))).toBeCloseTo(0.8, 10);
  });

  it('is 0 for an empty prompt', () => {
    expect(cacheReadRatio(usage(0, 50))).toBe(0);
  });
});

describe('UsageTracker', () => {
  it('adds up tokens, cost and requests over several records', () => {
    const tracker = new UsageTracker();
    tracker.record('claude-opus-4-5', usage(1_000, 100, 0, 5_000));
    tracker.record('claude-opus-4-5', usage(200, 300, 5_000, 400));
    const last = tracker.record('claude-haiku-4-5', usage(50, 20, 0, 0));
    expect(last.session).toEqual({
      inputTokens: 1_250,
      outputTokens: 420,
      cacheReadInputTokens: 5_000,
      cacheCreationInputTokens: 5_400,
      requests: 3,
      costUsd: expect.closeTo(
        (1_000 * 5 + 100 * 25 + 5_000 * 6.25 + 200 * 5 + 300 * 25 + 5_000 * 0.5 + 400 * 6.25 + 50 * 1 + 20 * 5) / 1e6,
        12,
      ),
    });
    expect(last.request).toEqual({
      model: 'claude-haiku-4-5',
      inputTokens: 50,
      outputTokens: 20,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      costUsd: expect.closeTo((50 * 1 + 20 * 5) / 1e6, 12),
    });
    expect(tracker.session.requests).toBe(3);
  });

  it('measures the context from the last request: prompt plus reply, against the model window', () => {
    const tracker = new UsageTracker();
    tracker.record('claude-sonnet-4-5', usage(10, 10, 10, 10));
    const snap = tracker.record('claude-sonnet-4-5', usage(2_000, 8_000, 40_000, 10_000));
    expect(snap.contextTokens).toBe(60_000);
    expect(snap.contextWindow).toBe(200_000);
    expect(snap.contextFill).toBeCloseTo(0.3, 10);
  });

  it('caps the fill at 1 when the context exceeds the window', () => {
    const snap = new UsageTracker().record('claude-sonnet-4-5', usage(150_000, 60_000));
    expect(snap.contextFill).toBe(1);
  });

  it('continues from the totals of a resumed session and hands out copies', () => {
    const tracker = new UsageTracker({
      inputTokens: 10,
      outputTokens: 20,
      cacheReadInputTokens: 30,
      cacheCreationInputTokens: 40,
      costUsd: 1.5,
      requests: 2,
    });
    const copy = tracker.session;
    copy.requests = 99;
    const snap = tracker.record('claude-sonnet-4-5', usage(1_000_000, 0));
    expect(snap.session.requests).toBe(3);
    expect(snap.session.inputTokens).toBe(1_000_010);
    expect(snap.session.costUsd).toBeCloseTo(4.5, 10);
  });
});
