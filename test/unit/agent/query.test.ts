import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ToolResultBlock, UserMessage } from '../../../extension/core/base/messages';
import { startFakeAnthropic } from '../../fixtures/fake-anthropic';
import { echoTool, sleeperTool } from '../tool/fixtures';
import { runQuery, useFakeAnthropic } from './queryHarness';

describe('core/loop/query/query against the fake API', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('runs parallel tool_use blocks and sends all results back in one message, then ends the turn', async () => {
    const { tool, calls } = echoTool({ name: 'Echo', safe: true });
    fake.setScript([
      {
        content: [
          { type: 'text', text: 'Let me echo three things.' },
          { type: 'tool_use', id: 'toolu_a', name: 'Echo', input: { text: 'a' } },
          { type: 'tool_use', id: 'toolu_b', name: 'Echo', input: { text: 'b', times: 2 } },
          { type: 'tool_use', id: 'toolu_c', name: 'Echo', input: { text: 'c' } },
        ],
      },
      { content: [{ type: 'text', text: 'All echoed.' }], expect: { toolResultIds: ['toolu_a', 'toolu_b', 'toolu_c'] } },
    ]);
    const { events, messages, persisted } = await runQuery(fake, { tools: [tool] });
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200]);
    expect(calls.map((c) => c.text)).toEqual(['a', 'b', 'c']);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const results = (messages[2] as UserMessage).content as ToolResultBlock[];
    expect(results.map((r) => [r.tool_use_id, r.content])).toEqual([
      ['toolu_a', 'a'],
      ['toolu_b', 'bb'],
      ['toolu_c', 'c'],
    ]);
    expect(persisted).toEqual(messages.slice(1));
    expect(events.filter((e) => e.type === 'tool').length).toBe(6); // started + finished per call
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'end_turn', turns: 2 });
  });

  it('sends thinking blocks back unchanged, signature included', async () => {
    const { tool } = echoTool();
    fake.setScript([
      {
        content: [
          { type: 'thinking', thinking: 'Echo first.', signature: 'sig-abc' },
          { type: 'tool_use', id: 'toolu_t', name: 'Echo', input: { text: 'x' } },
        ],
      },
      { content: [{ type: 'text', text: 'ok' }] },
    ]);
    await runQuery(fake, { tools: [tool] });
    const second = fake.requests[1]?.body.messages as { role: string; content: unknown[] }[];
    expect(second[1]?.content[0]).toEqual({ type: 'thinking', thinking: 'Echo first.', signature: 'sig-abc' });
  });

  it.each([
    ['429 with retry-after', { kind: 'http', status: 429, retryAfter: 0 }],
    ['529 overloaded', { kind: 'http', status: 529 }],
    ['500 server error', { kind: 'http', status: 500 }],
  ] as const)('recovers from %s', async (_name, fault) => {
    fake.setScript([{ fault }, { content: [{ type: 'text', text: 'Recovered fine.' }] }]);
    const { events, text, messages } = await runQuery(fake);
    expect(text).toBe('Recovered fine.');
    expect((messages.at(-1) as AssistantMessage).content).toEqual([{ type: 'text', text: 'Recovered fine.' }]);
    expect(events.some((e) => e.type === 'status' && /^Retrying in \d+(\.\d)? s/.test(e.text ?? ''))).toBe(true);
    const statuses = events.filter((e) => e.type === 'status').map((e) => (e.type === 'status' ? e.text : 'x'));
    expect(statuses.at(-1)).toBeNull(); // the retry notice is cleared once the retry succeeds
    expect(fake.requests.map((r) => r.status)).toEqual([fault.status, 200]);
  });

  it('waits out a slow first byte without retrying', async () => {
    fake.setScript([{ fault: { kind: 'slowFirstByte', ms: 300 }, content: [{ type: 'text', text: 'Slow but fine.' }] }]);
    const started = performance.now();
    const { text } = await runQuery(fake);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(text).toBe('Slow but fine.');
    expect(fake.requests).toHaveLength(1);
  });

  it('discards a stream cut mid tool_use, retries, and shows no duplicate text', async () => {
    const { tool, calls } = echoTool();
    const turn = {
      content: [
        { type: 'text' as const, text: 'Calling the tool now.' },
        { type: 'tool_use' as const, id: 'toolu_cut', name: 'Echo', input: { text: 'after the cut' }, fragments: 4 },
      ],
    };
    fake.setScript([{ ...turn, fault: { kind: 'cut' } }, turn, { content: [{ type: 'text', text: 'Done.' }] }]);
    const { events, messages } = await runQuery(fake, { tools: [tool] });
    expect(events.filter((e) => e.type === 'attemptDiscarded')).toHaveLength(1);
    const afterDiscard = events.slice(events.findIndex((e) => e.type === 'attemptDiscarded'));
    const shown = afterDiscard.filter((e) => e.type === 'textDelta').map((e) => (e.type === 'textDelta' ? e.text : ''));
    expect(shown.join('')).toBe('Calling the tool now.Done.');
    expect(calls).toEqual([{ text: 'after the cut', times: 1 }]);
    expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(2);
    expect(fake.requests.at(-1)?.status).toBe(200);
  });

  it('ends the turn with a clear message on 401 without retrying', async () => {
    const strict = await startFakeAnthropic({ apiKey: 'another-key' });
    try {
      const { events } = await runQuery(strict);
      expect(strict.requests).toHaveLength(1);
      expect(events.find((e) => e.type === 'error')).toMatchObject({ kind: 'auth', message: expect.stringContaining('Set API Key') });
      expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'error' });
    } finally {
      await strict.close();
    }
  });

  it('continues a reply cut by max_tokens', async () => {
    fake.setScript([
      { content: [{ type: 'text', text: 'The first half of the answer' }], stop_reason: 'max_tokens' },
      { content: [{ type: 'text', text: ' and the second half.' }], expect: { lastUserTextIncludes: 'cut off' } },
    ]);
    const { messages, text, events } = await runQuery(fake);
    expect(text).toBe('The first half of the answer and the second half.');
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn' });
  });

  it('resumes after pause_turn by sending the paused message back', async () => {
    fake.setScript([
      { content: [{ type: 'text', text: 'Working on it…' }], stop_reason: 'pause_turn' },
      { content: [{ type: 'text', text: ' finished.' }] },
    ]);
    const { messages, events } = await runQuery(fake);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200]);
    expect((fake.requests[1]?.body.messages as unknown[]).length).toBe(2);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(events.at(-1)).toMatchObject({ reason: 'end_turn' });
  });

  it('reports a refusal as the end reason', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'I cannot help with that.' }], stop_reason: 'refusal' }]);
    const { events } = await runQuery(fake);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'refusal' });
  });

  it('stops at the maximum number of turns', async () => {
    const { tool } = echoTool();
    const again = (i: number) => ({ content: [{ type: 'tool_use' as const, id: `toolu_${i}`, name: 'Echo', input: { text: `${i}` } }] });
    fake.setScript([again(1), again(2), again(3)]);
    const { events, messages } = await runQuery(fake, { tools: [tool], extra: { maxTurns: 2 } });
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'max_turns', turns: 2 });
    expect(messages.at(-1)?.role).toBe('user');
    expect(fake.remaining()).toBe(1);
  });

  it('keeps what was shown when aborted mid-stream, and the transcript is valid for the next request', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'one two three four five six', chunks: 6 }], delayMsBetweenEvents: 40 }]);
    let deltas = 0;
    const first = await runQuery(fake, { abortWhen: (e) => e.type === 'textDelta' && ++deltas === 2 });
    expect(first.events.at(-1)).toMatchObject({ type: 'done', reason: 'aborted' });
    const partial = first.messages.at(-1) as AssistantMessage;
    expect(partial.role).toBe('assistant');
    expect(partial.content).toEqual([{ type: 'text', text: first.text }]);
    expect(first.text.length).toBeGreaterThan(0);
    expect('one two three four five six'.startsWith(first.text)).toBe(true);

    fake.setScript([{ content: [{ type: 'text', text: 'continuing' }] }]);
    const next = await runQuery(fake, { history: first.messages, prompt: 'go on' });
    expect(next.text).toBe('continuing');
    expect(fake.requests.at(-1)?.status).toBe(200);
  });

  it('interrupts a running tool on abort and answers it so the next request is valid', async () => {
    const slow = sleeperTool({ name: 'Slow', safe: false });
    fake.setScript([{ content: [{ type: 'tool_use', id: 'toolu_slow', name: 'Slow', input: { ms: 5000, label: 's' } }] }]);
    const first = await runQuery(fake, { tools: [slow.tool], abortWhen: (e) => e.type === 'tool' && e.event.type === 'toolStarted' });
    expect(first.events.at(-1)).toMatchObject({ type: 'done', reason: 'aborted' });
    const results = (first.messages.at(-1) as UserMessage).content as ToolResultBlock[];
    expect(results).toEqual([expect.objectContaining({ tool_use_id: 'toolu_slow', is_error: true, content: expect.stringMatching(/Interrupted/) })]);
    expect(slow.log).toEqual(['start s']);

    fake.setScript([{ content: [{ type: 'text', text: 'ok, stopped' }] }]);
    const next = await runQuery(fake, { history: first.messages, prompt: 'never mind', tools: [slow.tool] });
    expect(next.text).toBe('ok, stopped');
    expect(fake.requests.at(-1)?.status).toBe(200);
  });

  it('writes each message before yielding it', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'hi' }] }]);
    const order: string[] = [];
    const { events } = await runQuery(fake, {
      extra: {
        onMessage: async (m) => {
          await new Promise((r) => setTimeout(r, 20));
          order.push(`persisted ${m.role}`);
        },
      },
    });
    const idx = events.findIndex((e) => e.type === 'assistantMessage');
    expect(idx).toBeGreaterThan(-1);
    expect(order).toEqual(['persisted assistant']);
  });
});
