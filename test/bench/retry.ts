/**
 * Retry timing: one request meets five faults in a row (529, 429 with `retry-after: 1`, a cut stream, 500, a
 * cut stream) and then succeeds, through the real loop (`query()`, the SDK client) against the fake API on
 * loopback, with real sleeps. Run with today's backoff and with the old one (1 s base, 32 s cap, ±25%
 * jitter) in the same process; prints each total wait and their ratio.
 */
import { query } from '../../extension/core/loop/query/query';
import { abortableSleep, DEFAULT_RETRY, type RetryOptions } from '../../extension/core/loop/query/retry';
import { AnthropicModelClient } from '../../extension/llm/anthropicModelClient';
import { startFakeAnthropic, type FakeAnthropic, type FakeTurn } from '../fixtures/fake-anthropic';
import { allowAll, makeContext } from '../unit/tool/fixtures';
import { keyed, RecordingLogger } from '../unit/support';

const MODEL = 'claude-sonnet-5-5';

const FAULTS: FakeTurn[] = [
  { fault: { kind: 'http', status: 529 } },
  { fault: { kind: 'http', status: 429, retryAfter: 1 } },
  { content: [{ type: 'text', text: 'A reply long enough to be cut in the middle.', chunks: 6 }], fault: { kind: 'cut', afterEvents: 4 } },
  { fault: { kind: 'http', status: 500 } },
  { content: [{ type: 'text', text: 'Another reply cut in the middle of its text.', chunks: 6 }], fault: { kind: 'cut', afterEvents: 4 } },
  { content: [{ type: 'text', text: 'Done after five faults.' }] },
];

/**
 * The old schedule: base 1 s, cap 32 s, delay = step × (0.75 + 0.5 r). Today's formula is step × (1 − 0.25 r'),
 * which is the old one when r' = 1 − 2r, so the old figure runs through the same code.
 */
const OLD_RETRY: Partial<RetryOptions> = { maxRetries: 8, baseDelayMs: 1000, maxDelayMs: 32_000, random: () => 1 - 2 * Math.random() };

interface Run {
  waitMs: number;
  wallMs: number;
  requests: number;
  statuses: string[];
}

async function runOnce(fake: FakeAnthropic, retry: Partial<RetryOptions>): Promise<Run> {
  fake.setScript(FAULTS);
  fake.requests.length = 0;
  let waitMs = 0;
  const sleep = async (ms: number, signal: AbortSignal) => {
    const start = performance.now();
    await abortableSleep(ms, signal);
    waitMs += performance.now() - start;
  };
  const model = new AnthropicModelClient({
    credentials: keyed,
    settings: { model: () => MODEL, maxTokens: () => 1024, apiBaseUrl: () => fake.url },
    log: new RecordingLogger(),
  });
  const statuses: string[] = [];
  const started = performance.now();
  const loop = query({
    messages: [{ role: 'user', content: 'hello' }],
    system: [{ type: 'text', text: 'You are a bench.' }],
    tools: [],
    model,
    modelName: MODEL,
    maxTokens: 1024,
    toolUseContext: makeContext([]),
    canUseTool: allowAll,
    retry: { ...DEFAULT_RETRY, ...retry, sleep },
    onMessage: async () => {},
  });
  for await (const e of loop) if (e.type === 'status' && e.text) statuses.push(e.text);
  return { waitMs, wallMs: performance.now() - started, requests: fake.requests.length, statuses };
}

export async function benchRetry(): Promise<void> {
  const fake = await startFakeAnthropic();
  try {
    const now = await runOnce(fake, {});
    const old = await runOnce(fake, OLD_RETRY);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`retry: five faults (529, 429 retry-after 1, cut, 500, cut), then success; ${now.requests} requests`);
    console.log(`  total retry wait ${s(now.waitMs)} (target ≤ 16 s; wall ${s(now.wallMs)}); old backoff ${s(old.waitMs)} (wall ${s(old.wallMs)})`);
    console.log(`  ratio wait now / old: ${(now.waitMs / old.waitMs).toFixed(2)}x`);
    console.log(`  first countdown lines: ${now.statuses.slice(0, 3).join(' | ')}`);
  } finally {
    await fake.close();
  }
}
