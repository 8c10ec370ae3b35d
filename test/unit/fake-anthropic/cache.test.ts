import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson, MIN_CACHEABLE_TOKENS } from '../../fixtures/fake-anthropic';
import { MODEL, post, request, useFakePerTest } from './helpers';

// ~1,500 tokens at 4 characters a token: comfortably over the 1,024-token minimum.
const LONG_SYSTEM = 'You are a careful coding agent. Follow the repository conventions. '.repeat(90);
const ephemeral = { type: 'ephemeral' } as const;
const UsageReply = z.object({
  usage: z.object({ cache_creation_input_tokens: z.number(), cache_read_input_tokens: z.number() }),
});

function params(system: string, messages: Anthropic.MessageParam[], model = MODEL): Anthropic.MessageCreateParamsNonStreaming {
  return { model, max_tokens: 100, system: [{ type: 'text', text: system, cache_control: ephemeral }], messages };
}

describe('fake-anthropic prompt cache', () => {
  const { fake, client } = useFakePerTest({ fallback: 'echo' });

  it('creates the cache on the first request and reads it on the second with the same prefix', async () => {
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'hello' }];
    const first = await client.messages.create(params(LONG_SYSTEM, messages));
    const second = await client.messages.create(params(LONG_SYSTEM, [{ role: 'user', content: 'a different question' }]));

    expect(first.usage.cache_creation_input_tokens).toBeGreaterThanOrEqual(MIN_CACHEABLE_TOKENS);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
    expect(second.usage.input_tokens).toBeLessThan(40);
  });

  it('reports cache usage in message_start and keeps input + read + created equal to the whole prompt', async () => {
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'hello' }];
    const { input_tokens: total } = await client.messages.countTokens({
      model: MODEL,
      system: [{ type: 'text', text: LONG_SYSTEM, cache_control: ephemeral }],
      messages,
    });
    await client.messages.create(params(LONG_SYSTEM, messages));
    const stream = client.messages.stream(params(LONG_SYSTEM, messages));
    let start: Anthropic.Usage | undefined;
    stream.on('streamEvent', (event) => {
      if (event.type === 'message_start') start = { ...event.message.usage };
    });
    const final = await stream.finalMessage();

    expect(start?.cache_read_input_tokens).toBeGreaterThanOrEqual(MIN_CACHEABLE_TOKENS);
    expect(final.usage.cache_read_input_tokens).toBe(start?.cache_read_input_tokens);
    expect(final.usage.input_tokens + (final.usage.cache_read_input_tokens ?? 0) + (final.usage.cache_creation_input_tokens ?? 0)).toBe(total);
  });

  it('caches nothing when the prefix is under 1024 tokens', async () => {
    const short = 'Be brief. '.repeat(20);
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'hello' }];
    const first = await client.messages.create(params(short, messages));
    const second = await client.messages.create(params(short, messages));
    for (const usage of [first.usage, second.usage]) {
      expect(usage.cache_creation_input_tokens).toBe(0);
      expect(usage.cache_read_input_tokens).toBe(0);
      expect(usage.input_tokens).toBeGreaterThan(50);
    }
  });

  it('reads the old prefix and writes only the new part when the breakpoint moves forward', async () => {
    const turn1: Anthropic.MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: 'first question', cache_control: ephemeral }] }];
    const first = await client.messages.create(params(LONG_SYSTEM, turn1));
    const turn2: Anthropic.MessageParam[] = [
      { role: 'user', content: [{ type: 'text', text: 'first question' }] },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: [{ type: 'text', text: 'second question '.repeat(10), cache_control: ephemeral }] },
    ];
    const second = await client.messages.create(params(LONG_SYSTEM, turn2));

    const firstPrefix = (first.usage.cache_creation_input_tokens ?? 0) + (first.usage.cache_read_input_tokens ?? 0);
    expect(second.usage.cache_read_input_tokens).toBe(firstPrefix);
    expect(second.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(second.usage.cache_creation_input_tokens).toBeLessThan(100);
  });

  it('misses an earlier prefix more than 20 blocks before the only breakpoint', async () => {
    const blocks = (n: number): Anthropic.TextBlockParam[] => Array.from({ length: n }, (_, i) => ({ type: 'text', text: `note ${i}` }));
    const marked = (content: Anthropic.TextBlockParam[]): Anthropic.TextBlockParam[] =>
      content.map((b, i) => (i === content.length - 1 ? { ...b, cache_control: ephemeral } : b));
    const system = [{ type: 'text' as const, text: LONG_SYSTEM }];
    const first = await client.messages.create({ model: MODEL, max_tokens: 10, system, messages: [{ role: 'user', content: marked(blocks(1)) }] });
    const near = await client.messages.create({ model: MODEL, max_tokens: 10, system, messages: [{ role: 'user', content: marked(blocks(20)) }] });
    const far = await client.messages.create({ model: MODEL, max_tokens: 10, system, messages: [{ role: 'user', content: marked(blocks(40)) }] });
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(near.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(far.usage.cache_read_input_tokens).toBe(0);
    expect(far.usage.cache_creation_input_tokens).toBeGreaterThan(near.usage.cache_read_input_tokens ?? 0);
  });

  it('misses when one byte of the prefix changes or the model differs', async () => {
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'hello' }];
    await client.messages.create(params(LONG_SYSTEM, messages));
    const changed = await client.messages.create(params(`${LONG_SYSTEM}!`, messages));
    const otherModel = await client.messages.create(params(LONG_SYSTEM, messages, 'claude-haiku-4-5'));
    expect(changed.usage.cache_read_input_tokens).toBe(0);
    expect(changed.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(otherModel.usage.cache_read_input_tokens).toBe(0);
  });

  it('treats tools as the start of the prefix, whatever the key order of their JSON', async () => {
    const schema = { type: 'object', properties: { path: { type: 'string', description: LONG_SYSTEM } } };
    const ordered = request([{ role: 'user', content: 'hi' }], {
      tools: [{ name: 'Read', description: 'Read a file', input_schema: schema, cache_control: ephemeral }],
    });
    const reordered = request([{ role: 'user', content: 'bye' }], {
      tools: [{ cache_control: ephemeral, input_schema: { properties: schema.properties, type: 'object' }, description: 'Read a file', name: 'Read' }],
    });
    const first = UsageReply.parse(JSON.parse((await post(fake, ordered)).text));
    const second = UsageReply.parse(JSON.parse((await post(fake, reordered)).text));
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThanOrEqual(MIN_CACHEABLE_TOKENS);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
  });

  it('serialises canonically with sorted keys', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
  });
});
