/**
 * The aggregate result budget in a long session (docs/ARCHITECTURE.md, The aggregate result budget), on the fake
 * API, whose prompt cache counts a request's cached prefix by hashing it (test/fixtures/fake-anthropic/cache.ts).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentSession, type AgentEvent } from '../../../extension/core/agent/agentSession';
import { resultBudgetFor } from '../../../extension/core/agent/resultBudget';
import { contextWindowFor } from '../../../extension/core/agent/usage';
import type { ModelUsage } from '../../../extension/core/ports';
import { parseTranscript } from '../../../extension/core/session/transcript';
import { buildTool } from '../../../extension/core/tool/Tool';
import { textTurn, toolUseTurn, type FakeTurn } from '../../fixtures/fake-anthropic';
import { agentDeps, sequentialIds } from '../support';
import { clientFor, useFakeAnthropic } from './queryHarness';

/** A web page of `size` characters: long lines, different for every call. */
function page(call: number, size: number): string {
  const lines: string[] = [];
  for (let n = 0, length = 0; length < size; n++) {
    const line = `page ${call} line ${n}: ${'the quick brown fox jumps over the lazy dog '.repeat(4)}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, size);
}

/** Sizes between `min` and `max` characters, spread deterministically. */
const sizeOf = (call: number, min: number, max: number) => min + ((call * 7919) % (max - min + 1));

function fetchTool(min: number, max: number) {
  let calls = 0;
  return buildTool({
    name: 'Fetch',
    inputSchema: z.strictObject({ url: z.string() }),
    maxResultSizeChars: 100_000,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    async description() {
      return 'Fetches a page';
    },
    async prompt() {
      return 'Fetches the page at url.';
    },
    async call() {
      calls++;
      return { data: page(calls, sizeOf(calls, min, max)) };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
}

/** `rounds` tool calls, then a closing text: one user turn of `rounds + 1` requests. */
function turnScript(prompt: number, rounds: number): FakeTurn[] {
  return [
    ...Array.from({ length: rounds }, (_, i) => toolUseTurn('Fetch', { url: `https://example.com/${prompt}/${i}` }, { id: `toolu_${prompt}_${i}` })),
    textTurn(`Done with batch ${prompt}.`),
  ];
}

async function drain(gen: AsyncGenerator<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of gen) events.push(e);
  return events;
}

const MODEL = 'claude-test';
const inputOf = (u: ModelUsage) => u.inputTokens + u.cacheReadInputTokens + u.cacheCreationInputTokens;

/** Ten user turns of 29 tool calls and a closing reply each: 300 requests. Returns each request's usage. */
async function longSession(fake: Parameters<typeof clientFor>[0], min: number, max: number) {
  const deps = agentDeps(clientFor(fake));
  const agent = new AgentSession({ ...deps, tools: [fetchTool(min, max)], newId: sequentialIds(), settings: () => ({ model: MODEL, maxTokens: 256 }) });
  const usages: ModelUsage[] = [];
  for (let prompt = 0; prompt < 10; prompt++) {
    fake.setScript(turnScript(prompt, 29));
    const events = await drain(agent.runTurn(`Fetch batch ${prompt}.`));
    expect(events.filter((e) => e.type === 'compacted' || e.type === 'error')).toEqual([]);
    usages.push(...events.flatMap((e) => (e.type === 'usage' ? [e.usage] : [])));
  }
  expect(usages).toHaveLength(300);
  const later = usages.slice(1);
  const cacheRatio = later.reduce((n, u) => n + u.cacheReadInputTokens, 0) / later.reduce((n, u) => n + inputOf(u), 0);
  const largest = Math.max(...usages.map(inputOf));
  console.log(`300 requests, results ${min / 1000}-${max / 1000} KB: largest input ${largest} tokens; cache reads ${(cacheRatio * 100).toFixed(1)}% of input on requests 2-300`);
  return { agent, deps, usages, cacheRatio, largest };
}

describe('the aggregate result budget in a long session', () => {
  const fake = useFakeAnthropic({ freshRequests: true });
  const window = contextWindowFor(MODEL);

  it('keeps 300 requests with 10-30 KB results under the window without compacting, cache reads >= 90%', { timeout: 120_000 }, async () => {
    const { agent, deps, cacheRatio, largest } = await longSession(fake, 10_000, 30_000);
    expect(largest).toBeLessThan(window * 0.8);
    expect(cacheRatio).toBeGreaterThanOrEqual(0.9);

    // Each replacement is recorded once, and the transcript rebuilds the conversation byte for byte.
    const text = (await deps.transcripts.read(agent.sessionId))!;
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { type: string; replacements?: { toolUseId: string }[] });
    const ids = lines.flatMap((l) => (l.type === 'contentReplacement' ? l.replacements!.map((r) => r.toolUseId) : []));
    expect(ids.length).toBeGreaterThan(200);
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.stringify(parseTranscript(text).messages)).toBe(JSON.stringify(agent.history));
  });

  it('keeps 300 requests with 20-50 KB results under the window without compacting', { timeout: 120_000 }, async () => {
    const { largest, cacheRatio } = await longSession(fake, 20_000, 50_000);
    expect(largest).toBeLessThan(window * 0.8);
    // Each request adds ~9 K uncached tokens to requests that cannot average much over ~80 K below the compaction
    // threshold: ~88% is about the best any clearing can do here (RESULT_BUDGET_TARGET).
    expect(cacheRatio).toBeGreaterThanOrEqual(0.8);
  });
});
