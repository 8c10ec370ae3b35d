import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelErrorKind, ModelStreamEvent } from '../../../extension/core/contracts/modelClient';
import { ModelError } from '../../../extension/core/contracts/modelClient';
import { AnthropicModelClient } from '../../../extension/llm/anthropicModelClient';
import { nodeFetch } from '../../../extension/llm/nodeFetch/fetch';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { keyed, RecordingLogger } from '../support';

// Both transports: the SDK's (the global fetch, as in VS Code) and nodeFetch (the CLI's, llm/nodeFetch/).
const TRANSPORTS: [string, typeof fetch | undefined][] = [
  ['the global fetch', undefined],
  ['nodeFetch', nodeFetch as unknown as typeof fetch],
];

describe.each(TRANSPORTS)('llm/anthropicModelClient against the fake API, over %s', (_name, transport) => {
  let fake: FakeAnthropic;
  let client: AnthropicModelClient;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-test' });
    client = new AnthropicModelClient({
      credentials: keyed,
      settings: { model: () => 'unused', maxTokens: () => 1, apiBaseUrl: () => fake.url },
      log: new RecordingLogger(),
      ...(transport ? { fetch: transport } : {}),
    });
  });
  afterAll(() => fake.close());

  const request = (signal = new AbortController().signal) => ({
    model: 'claude-sonnet-5-5',
    maxTokens: 64,
    system: [{ type: 'text' as const, text: 'Be brief.' }],
    messages: [{ role: 'user' as const, content: 'hello' }],
    signal,
  });

  async function collect(signal?: AbortSignal): Promise<ModelStreamEvent[]> {
    const events: ModelStreamEvent[] = [];
    for await (const e of client.stream(request(signal))) events.push(e);
    return events;
  }

  async function failureKind(): Promise<ModelErrorKind> {
    const err = await collect().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    return (err as ModelError).kind;
  }

  it('completes every block for a reader that lags behind the socket (the response has ended before it reads the stop)', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Slowly read.', chunks: 2 }, { type: 'tool_use', id: 'toolu_lag', name: 'Read', input: { file_path: '/a' } }] }]);
    const events: ModelStreamEvent[] = [];
    for await (const e of client.stream(request())) {
      events.push(e);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(events.filter((e) => e.type === 'blockComplete')).toEqual([
      { type: 'blockComplete', index: 0, block: { type: 'text', text: 'Slowly read.' } },
      { type: 'blockComplete', index: 1, block: { type: 'tool_use', id: 'toolu_lag', name: 'Read', input: { file_path: '/a' } } },
    ]);
    expect(events.find((e) => e.type === 'blockStart' && e.index === 1)).toMatchObject({ block: { type: 'tool_use', id: 'toolu_lag', name: 'Read', input: {} } });
  });

  it('streams text deltas, then usage and the stop reason', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Hello there, friend.', chunks: 3 }] }]);
    const events = await collect();
    const text = events.flatMap((e) => (e.type === 'textDelta' ? [e.text] : []));
    expect(text).toHaveLength(3);
    expect(text.join('')).toBe('Hello there, friend.');
    expect(events.map((e) => e.type)).toEqual(['messageStart', 'blockStart', 'textDelta', 'textDelta', 'textDelta', 'blockComplete', 'messageComplete']);
    expect(events.at(-1)).toMatchObject({
      type: 'messageComplete',
      stopReason: 'end_turn',
      message: { role: 'assistant', content: [{ type: 'text', text: 'Hello there, friend.' }] },
      usage: { outputTokens: expect.any(Number) },
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      model: 'claude-sonnet-5-5',
      max_tokens: 64,
      system: [{ type: 'text', text: 'Be brief.' }],
      stream: true,
    });
  });

  it('assembles a tool_use input streamed in fragments, with thinking and its signature', async () => {
    fake.setScript([
      {
        content: [
          { type: 'thinking', thinking: 'I should list files.', signature: 'sig-123' },
          { type: 'tool_use', id: 'toolu_9', name: 'Glob', input: { pattern: '**/*.ts', path: 'src' }, fragments: 4 },
        ],
      },
    ]);
    const events = await collect();
    expect(events.filter((e) => e.type === 'toolInputDelta')).toHaveLength(4);
    expect(events.at(-1)).toMatchObject({
      stopReason: 'tool_use',
      message: {
        content: [
          { type: 'thinking', thinking: 'I should list files.', signature: 'sig-123' },
          { type: 'tool_use', id: 'toolu_9', name: 'Glob', input: { pattern: '**/*.ts', path: 'src' } },
        ],
      },
    });
  });

  it('reads retry-after into the error', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 429, retryAfter: 3 } }]);
    const err = await collect().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'rateLimit', retryAfterMs: 3000, retryable: true });
  });

  it('classifies 429, 529, 500, 400 and a cut stream', async () => {
    fake.setScript([
      { fault: { kind: 'http', status: 429, retryAfter: 3 } },
      { fault: { kind: 'http', status: 529 } },
      { fault: { kind: 'http', status: 500 } },
      { fault: { kind: 'http', status: 400, message: 'messages: bad' } },
      { content: [{ type: 'text', text: 'a long enough reply to be cut', chunks: 6 }], fault: { kind: 'cut', afterEvents: 4 } },
    ]);
    expect(await failureKind()).toBe('rateLimit');
    expect(await failureKind()).toBe('overloaded');
    expect(await failureKind()).toBe('server');
    expect(await failureKind()).toBe('invalidRequest');
    expect(await failureKind()).toBe('network');
  });

  it('says how to set the key when the API answers 401', async () => {
    const other = new AnthropicModelClient({
      credentials: { getApiKey: async () => ({ key: 'sk-wrong', source: 'secretStorage' }) },
      settings: { model: () => 'x', maxTokens: () => 1, apiBaseUrl: () => fake.url },
      log: new RecordingLogger(),
    });
    const err = await (async () => {
      for await (const _ of other.stream(request())) void _;
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'auth', status: 401, message: expect.stringContaining('Set API Key') });
  });

  it('ends with an aborted error when the signal fires mid-stream', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'slow slow slow slow slow', chunks: 5 }], delayMsBetweenEvents: 100 }]);
    const abort = new AbortController();
    const seen: string[] = [];
    const err = await (async () => {
      for await (const e of client.stream(request(abort.signal))) {
        if (e.type === 'textDelta') {
          seen.push(e.text);
          abort.abort();
        }
      }
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(err).toMatchObject({ kind: 'aborted' });
  });
});
