import { describe, expect, it } from 'vitest';
import { mapLimited } from '../../../extension/core/base/async';

/** A promise with its resolver, to finish calls in an order the test chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('core/base/async mapLimited', () => {
  it('keeps at most `limit` calls in flight and starts them in order', async () => {
    const gates = Array.from({ length: 5 }, () => deferred<void>());
    const started: number[] = [];
    let inFlight = 0;
    let peak = 0;
    const done = mapLimited([0, 1, 2, 3, 4], 2, async (i) => {
      started.push(i);
      peak = Math.max(peak, ++inFlight);
      await gates[i]!.promise;
      inFlight--;
      return i;
    });
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    await done;
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('returns results in the order of the items, not of completion', async () => {
    const delays = [30, 0, 20, 10];
    const results = await mapLimited(delays, 3, (ms) => new Promise<string>((r) => setTimeout(() => r(`after ${ms}`), ms)));
    expect(results).toEqual(['after 30', 'after 0', 'after 20', 'after 10']);
  });

  it('handles no items and a limit above the item count', async () => {
    expect(await mapLimited([], 4, async (x: number) => x)).toEqual([]);
    expect(await mapLimited([1, 2], 10, async (x) => x * 2)).toEqual([2, 4]);
  });

  it('rejects with the failure of a call', async () => {
    await expect(mapLimited([1, 2, 3], 2, async (x) => {
      if (x === 2) throw new Error('boom');
      return x;
    })).rejects.toThrow('boom');
  });
});
