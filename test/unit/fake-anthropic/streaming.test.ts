import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { echoTurn, textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { withFake } from '../fakeApi';
import { clientFor, HEADERS, MODEL, parseSse, post, rejectionOf, request, useFakePerTest } from './helpers';

const hello: Anthropic.MessageParam[] = [{ role: 'user', content: 'hello there' }];

describe('fake-anthropic streaming', () => {
  const { fake, client } = useFakePerTest();

  it('streams text that the SDK assembles into exactly the scripted text, in several deltas', async () => {
    const scripted = 'The quick brown fox jumps over the lazy dog. 🦊 Done.';
    fake.setScript([{ content: [{ type: 'text', text: scripted, chunks: 5 }] }]);
    const stream = client.messages.stream({ model: MODEL, max_tokens: 100, messages: hello });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();

    expect(message.content).toEqual([{ type: 'text', text: scripted, citations: null }]);
    expect(deltas).toHaveLength(5);
    expect(deltas.join('')).toBe(scripted);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.model).toBe(MODEL);
    expect(message.id).toMatch(/^msg_01[0-9A-Za-z]{22}$/);
  });

  it('streams tool_use input in several fragments that the SDK assembles into the scripted input', async () => {
    const input = { path: 'src/a.ts', lines: [1, 2, 3], options: { follow: true, label: 'naïve "quoted"' } };
    fake.setScript([{ content: [{ type: 'text', text: 'Reading.' }, { type: 'tool_use', id: 'toolu_fixed', name: 'Read', input, fragments: 4 }] }]);
    const stream = client.messages.stream({ model: MODEL, max_tokens: 100, messages: hello });
    const fragments: string[] = [];
    stream.on('inputJson', (partial) => fragments.push(partial));
    const message = await stream.finalMessage();

    expect(fragments).toHaveLength(4);
    expect(JSON.parse(fragments.join(''))).toEqual(input);
    expect(message.content[1]).toMatchObject({ type: 'tool_use', id: 'toolu_fixed', name: 'Read', input });
    expect(message.stop_reason).toBe('tool_use');
  });

  it('gives scripted tool_use blocks a toolu_ id when the script has none', async () => {
    fake.setScript([toolUseTurn('Bash', { command: 'ls' })]);
    const message = await client.messages.stream({ model: MODEL, max_tokens: 100, messages: hello }).finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'tool_use', name: 'Bash', input: { command: 'ls' } });
    expect(message.content[0]?.type === 'tool_use' && message.content[0].id).toMatch(/^toolu_01/);
  });

  it('streams thinking with its signature ahead of the text', async () => {
    fake.setScript([
      {
        content: [
          { type: 'thinking', thinking: 'The user greets me; greet back.', signature: 'sig-abc123' },
          { type: 'text', text: 'Hi!' },
        ],
      },
    ]);
    const stream = client.messages.stream({
      model: MODEL,
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: hello,
    });
    const signatures: string[] = [];
    stream.on('signature', (s) => signatures.push(s));
    const message = await stream.finalMessage();

    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'The user greets me; greet back.', signature: 'sig-abc123' },
      { type: 'text', text: 'Hi!', citations: null },
    ]);
    expect(signatures).toEqual(['sig-abc123']);
  });

  it('sends events in the real order with ping after message_start and real SSE framing', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'abcdef', chunks: 2 }, { type: 'tool_use', name: 'Read', input: { p: 1 }, fragments: 2 }] }]);
    const res = await post(fake, request([{ role: 'user', content: 'go' }], { stream: true }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    const events = parseSse(res.text);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const e of events) expect(e.data).toMatchObject({ type: e.event });
    expect(events[0]?.data).toMatchObject({
      message: { role: 'assistant', model: MODEL, content: [], stop_reason: null, usage: { cache_read_input_tokens: 0 } },
    });
    expect(events[6]?.data).toMatchObject({ index: 1, content_block: { type: 'tool_use', name: 'Read', input: {} } });
    expect(events[7]?.data).toMatchObject({ index: 1, delta: { type: 'input_json_delta' } });
    expect(events[10]?.data).toMatchObject({ delta: { stop_reason: 'tool_use' }, usage: { output_tokens: expect.any(Number) } });
  });

  it('reports the same input usage in message_start and in the final message', async () => {
    fake.setScript([textTurn('ok')]);
    const stream = client.messages.stream({ model: MODEL, max_tokens: 100, messages: hello });
    let startUsage: Anthropic.Usage | undefined;
    stream.on('streamEvent', (event) => {
      if (event.type === 'message_start') startUsage = { ...event.message.usage };
    });
    const message = await stream.finalMessage();
    expect(startUsage?.input_tokens).toBeGreaterThan(0);
    expect(message.usage.input_tokens).toBe(startUsage?.input_tokens);
    expect(message.usage.output_tokens).toBeGreaterThanOrEqual(1);
  });

  it('answers a non-streaming request with the Message JSON built from the same turn', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'plain' }, { type: 'tool_use', id: 'toolu_x', name: 'Read', input: { a: 1 } }] }]);
    const message = await client.messages.create({ model: MODEL, max_tokens: 100, messages: hello });
    expect(message.type).toBe('message');
    expect(message.content).toEqual([
      { type: 'text', text: 'plain', citations: null },
      { type: 'tool_use', id: 'toolu_x', name: 'Read', input: { a: 1 }, caller: { type: 'direct' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it.each(['max_tokens', 'stop_sequence', 'pause_turn', 'refusal', 'end_turn'] as const)('passes a scripted stop_reason %s through', async (reason) => {
    fake.setScript([{ content: [{ type: 'text', text: 'partial' }], stop_reason: reason }]);
    const message = await client.messages
      .stream({ model: MODEL, max_tokens: 100, messages: hello, stop_sequences: ['STOP'] })
      .finalMessage();
    expect(message.stop_reason).toBe(reason);
    expect(message.stop_sequence).toBe(reason === 'stop_sequence' ? 'STOP' : null);
  });

  it('applies a scripted usage override', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'x' }], usage: { input_tokens: 777, output_tokens: 55 } }]);
    const message = await client.messages.stream({ model: MODEL, max_tokens: 100, messages: hello }).finalMessage();
    expect(message.usage).toMatchObject({ input_tokens: 777, output_tokens: 55 });
  });

  it('plays turns in order, records each request, and counts what remains', async () => {
    fake.setScript([textTurn('one')]);
    fake.push(textTurn('two'), textTurn('three'));
    expect(fake.remaining()).toBe(3);
    const first = await client.messages.stream({ model: MODEL, max_tokens: 100, messages: hello }).finalText();
    const second = await client.messages.create({ model: MODEL, max_tokens: 100, messages: hello });
    expect(first).toBe('one');
    expect(second.content[0]).toMatchObject({ text: 'two' });
    expect(fake.remaining()).toBe(1);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/messages', status: 200, body: { model: MODEL, stream: true } });
    expect(fake.requests[0]?.headers['anthropic-version']).toBeTruthy();
    expect(fake.requests[1]?.body['stream']).toBeUndefined();
  });

  it('rejects a script that does not match the schema when it is set', () => {
    expect(() => fake.setScript([{ content: [{ type: 'image', text: 'x' }] } as never])).toThrow(/invalid script/);
    expect(() => fake.push({ stop_reason: 'done' } as never)).toThrow(/stop_reason/);
  });

  it('answers 400 naming the mismatch when the request misses the turn expectations', async () => {
    fake.setScript([textTurn('never sent', { expect: { lastUserTextIncludes: 'weather' } })]);
    const rejected = await rejectionOf(client.messages.create({ model: MODEL, max_tokens: 100, messages: hello }));
    expect(rejected.error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(rejected.type).toBe('invalid_request_error');
    expect(rejected.message).toMatch(/last user text to include "weather" but it was "hello there"/);
    expect(fake.remaining()).toBe(0);
  });

  it('checks the model, system prompt and tools named in expect', async () => {
    const tools: Anthropic.Tool[] = [{ name: 'Read', input_schema: { type: 'object', properties: {} } }];
    fake.setScript([
      textTurn('ok', { expect: { model: MODEL, systemIncludes: 'careful', toolNames: ['Read'] } }),
      textTurn('no', { expect: { toolNames: ['Read', 'Write'] } }),
      textTurn('no', { expect: { systemIncludes: 'absent' } }),
    ]);
    const ok = await client.messages.create({ model: MODEL, max_tokens: 100, system: 'Be careful.', tools, messages: hello });
    expect(ok.content[0]).toMatchObject({ text: 'ok' });
    const noWrite = await rejectionOf(client.messages.create({ model: MODEL, max_tokens: 100, tools, messages: hello }));
    expect(noWrite.message).toMatch(/expected tools "Write" but the request offered \["Read"\]/);
    const noSystem = await rejectionOf(client.messages.create({ model: MODEL, max_tokens: 100, messages: hello }));
    expect(noSystem.message).toMatch(/system prompt to include "absent"/);
  });

  it('echoes the last user text in several chunks when started with the echo fallback', async () => {
    await withFake({ fallback: 'echo', script: [textTurn('scripted first')] }, async (echo) => {
      const echoClient = clientFor(echo);
      expect(await echoClient.messages.stream({ model: MODEL, max_tokens: 100, messages: hello }).finalText()).toBe('scripted first');
      const stream = echoClient.messages.stream({
        model: MODEL,
        max_tokens: 100,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'what is 2+2?' }] }],
      });
      const deltas: string[] = [];
      stream.on('text', (d) => deltas.push(d));
      expect(await stream.finalText()).toBe('You said: what is 2+2?');
      expect(deltas.length).toBeGreaterThan(1);
      expect(echoTurn('hi')).toEqual({ content: [{ type: 'text', text: 'You said: hi', chunks: 4 }] });
    });
  });

  it('asks a fallback function for the turn when the script is empty', async () => {
    await withFake({ fallback: ({ lastUserText, body }) => textTurn(`${String(body['model'])}: ${lastUserText.toUpperCase()}`) }, async (computed) => {
      expect(await clientFor(computed).messages.create({ model: MODEL, max_tokens: 100, messages: hello })).toMatchObject({
        content: [{ type: 'text', text: `${MODEL}: HELLO THERE` }],
      });
    });
  });

  it('answers 500 saying the script ran out when the queue is empty', async () => {
    const res = await post(fake, request([{ role: 'user', content: 'anyone?' }]), HEADERS);
    expect(res.status).toBe(500);
    expect(res.headers.get('x-should-retry')).toBe('false');
    expect(JSON.parse(res.text)).toMatchObject({ type: 'error', error: { type: 'api_error', message: expect.stringMatching(/script ran out of turns/) } });
    expect(fake.requests[0]?.status).toBe(500);
  });
});
