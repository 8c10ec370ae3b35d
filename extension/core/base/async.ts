/** Small promise helpers shared across core, the hosts and the tools. */

/**
 * Runs `fn` over `items` with at most `limit` calls in flight, starting them in order; resolves with the
 * results in the order of `items` however the calls finish. A failure rejects at once; the other calls go on.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
