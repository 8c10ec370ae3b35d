import { describe, expect, it } from 'vitest';
import type { ModelUsage } from '../../../extension/core/contracts/modelClient';
import { echoTool } from '../tool/fixtures';
import { runQuery, useFakeAnthropic } from './queryHarness';

/** A system prompt the size of a real one (~6 KB), so the prefix is worth caching. */
const SYSTEM = Array.from({ length: 60 }, (_, i) => `Guideline ${i}: keep changes small, read before editing, and verify with tests.`).join('\n');

export function cacheReadRatio(u: ModelUsage): number {
  return u.cacheReadInputTokens / (u.inputTokens + u.cacheReadInputTokens + u.cacheCreationInputTokens);
}

describe('prompt caching across a 20-turn session', () => {
  const fake = useFakeAnthropic();

  it('reads at least 90% of the input of turns 2-20 from the cache', async () => {
    const { tool } = echoTool();
    const turns = Array.from({ length: 19 }, (_, i) => ({
      content: [
        { type: 'text' as const, text: `Step ${i + 1}: echoing.` },
        { type: 'tool_use' as const, id: `toolu_${i}`, name: 'Echo', input: { text: `result ${i}` } },
      ],
    }));
    fake.setScript([...turns, { content: [{ type: 'text', text: 'All 19 steps done.' }] }]);
    const { events } = await runQuery(fake, { tools: [tool], system: [{ type: 'text', text: SYSTEM }] });
    const usages = events.flatMap((e) => (e.type === 'usage' ? [e.usage] : []));
    expect(usages).toHaveLength(20);
    expect(usages[0]!.cacheCreationInputTokens).toBeGreaterThan(1024);
    const ratios = usages.slice(1).map(cacheReadRatio);
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(0.9);
    // Never more than 4 breakpoints, and the system and tools bytes never change.
    const bodies = fake.requests.map((r) => r.body);
    expect(new Set(bodies.map((b) => JSON.stringify([b.system, b.tools]))).size).toBe(1);
    for (const b of bodies) expect(JSON.stringify(b).match(/"cache_control"/g)?.length ?? 0).toBeLessThanOrEqual(4);
  });
});
