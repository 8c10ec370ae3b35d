import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { textTurn } from '../../fixtures/fake-anthropic';
import { withFake } from '../fakeApi';
import { clientFor, MODEL, parseSse, post, rejectionOf, request, useFakePerTest } from './helpers';

const hello: Anthropic.MessageParam[] = [{ role: 'user', content: 'hello' }];
const params = { model: MODEL, max_tokens: 100, messages: hello };

describe('fake-anthropic faults', () => {
  const { fake, client } = useFakePerTest();

  it('surfaces a 429 as RateLimitError with the retry-after header and the real error shape', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 429, retryAfter: 7 } }]);
    const rejected = await rejectionOf(client.messages.create(params));
    expect(rejected.error).toBeInstanceOf(Anthropic.RateLimitError);
    expect(rejected.error.status).toBe(429);
    expect(rejected.error.headers?.get('retry-after')).toBe('7');
    expect(rejected.error.requestID).toMatch(/^req_01/);
    expect(rejected.type).toBe('rate_limit_error');
    expect(rejected.message).toMatch(/rate limit/);
  });

  it('surfaces a 529 as OverloadedError of type overloaded_error', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 529 } }]);
    const rejected = await rejectionOf(client.messages.stream(params).finalMessage());
    expect(rejected.error).toBeInstanceOf(Anthropic.OverloadedError);
    expect(rejected.error.status).toBe(529);
    expect(rejected.type).toBe('overloaded_error');
    expect(rejected.message).toBe('Overloaded');
  });

  it('surfaces a 500 as InternalServerError of type api_error with a scripted message', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 500, message: 'boom' } }]);
    const rejected = await rejectionOf(client.messages.create(params));
    expect(rejected.error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(rejected.error.status).toBe(500);
    expect(rejected.type).toBe('api_error');
    expect(rejected.message).toBe('boom');
  });

  it('lets the SDK retry past a 429 onto the next scripted turn', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 429, retryAfter: 0.01 } }, textTurn('recovered')]);
    const retrying = new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries: 1 });
    const text = await retrying.messages.stream(params).finalText();
    expect(text).toBe('recovered');
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('cuts the stream in the middle of the tool input fragments and the SDK stream rejects', async () => {
    const input = { command: 'echo one two three four five six' };
    fake.setScript([{ content: [{ type: 'tool_use', name: 'Bash', input, fragments: 4 }], fault: { kind: 'cut' } }]);
    const stream = client.messages.stream(params);
    const fragments: string[] = [];
    stream.on('inputJson', (partial) => fragments.push(partial));
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(fragments).toHaveLength(2);
    expect(fragments.join('')).not.toBe(JSON.stringify(input));
    expect(JSON.stringify(input).startsWith(fragments.join(''))).toBe(true);
  });

  it('cuts the stream after the scripted number of events', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'abcdefghij', chunks: 5 }], fault: { kind: 'cut', afterEvents: 4 } }]);
    const res = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(request(hello, { stream: true })),
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let received = '';
    const decoder = new TextDecoder();
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += decoder.decode(value);
        }
      })(),
    ).rejects.toThrow(/terminated/);
    expect(parseSse(received).map((e) => e.event)).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta']);
  });

  it('cuts a non-streaming response body so the SDK call rejects', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'never whole' }], fault: { kind: 'cut' } }]);
    await expect(client.messages.create(params)).rejects.toThrow();
  });

  it('sends an SSE error event after the 200 and the SDK stream rejects with the API error', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'abc def ghi' }], fault: { kind: 'sseError', afterEvents: 3 } }]);
    const rejected = await rejectionOf(client.messages.stream(params).finalMessage());
    expect(rejected.type).toBe('overloaded_error');
  });

  it('delays the first byte by the scripted time', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'late' }], fault: { kind: 'slowFirstByte', ms: 300 } }]);
    const started = Date.now();
    const res = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(request(hello, { stream: true })),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(parseSse(await res.text()).at(-1)?.event).toBe('message_stop');
  });

  it('paces events by delayMsBetweenEvents', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'abcd', chunks: 4 }], delayMsBetweenEvents: 40 }]);
    const stream = client.messages.stream(params);
    const times: number[] = [];
    stream.on('text', () => times.push(Date.now()));
    expect(await stream.finalText()).toBe('abcd');
    expect(times).toHaveLength(4);
    const last = times.at(-1) ?? 0;
    const first = times[0] ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(3 * 35);
  });

  it('keeps serving after a client aborts mid-stream', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'a b c d e f g h', chunks: 8 }], delayMsBetweenEvents: 50 }, textTurn('next')]);
    const stream = client.messages.stream(params);
    await new Promise<void>((resolve) => stream.once('text', () => resolve()));
    stream.abort();
    await expect(stream.finalMessage()).rejects.toThrow(Anthropic.APIUserAbortError);
    expect(await client.messages.stream(params).finalText()).toBe('next');
  });

  it('closes promptly while a slow stream is still open', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'slow', chunks: 4 }], delayMsBetweenEvents: 5_000 }]);
    const stream = client.messages.stream(params);
    stream.on('error', () => undefined);
    await new Promise<void>((resolve) => stream.once('connect', () => resolve()));
    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(stream.finalMessage()).rejects.toThrow();
  });

  it('answers 401 with authentication_error when no key is sent, and when the key is wrong', async () => {
    await withFake({ apiKey: 'right-key', fallback: 'echo' }, async (strict) => {
      const missing = await post(strict, request(hello), { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' });
      expect(missing.status).toBe(401);
      expect(JSON.parse(missing.text)).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: 'x-api-key header is required' } });
      const wrong = await rejectionOf(clientFor(strict, 'wrong-key').messages.create(params));
      expect(wrong.error).toBeInstanceOf(Anthropic.AuthenticationError);
      expect(wrong.type).toBe('authentication_error');
      const right = await clientFor(strict, 'right-key').messages.create(params);
      expect(right.content[0]).toMatchObject({ type: 'text', text: 'You said: hello' });
      const viaHeader = await post(strict, request(hello), { 'x-api-key': 'right-key', 'anthropic-version': '2023-06-01' });
      expect(viaHeader.status).toBe(200);
    });
  });

  it('answers 400 when the anthropic-version header is missing', async () => {
    const res = await post(fake, request(hello), { 'content-type': 'application/json', 'x-api-key': 'k' });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/anthropic-version/);
  });

  it('answers 404 not_found_error outside POST /v1/messages', async () => {
    const get = await fetch(`${fake.url}/v1/messages`);
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    const other = await post(fake, request(hello), undefined, '/v1/complete');
    expect(other.status).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });
});
