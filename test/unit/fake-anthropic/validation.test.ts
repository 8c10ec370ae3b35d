import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { useSharedFake } from '../fakeApi';
import { assistant, clientFor, errorOf, MODEL, post, rejectionOf, request, text, toolResult, toolUse, user } from './helpers';

const tool = (name: string, input_schema: unknown = { type: 'object', properties: {} }, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool`,
  input_schema,
  ...extra,
});
const breakpoint = { cache_control: { type: 'ephemeral' } };

interface Case {
  name: string;
  body: unknown;
  message: RegExp;
}

const REJECTED: Case[] = [
  { name: 'a request without max_tokens', body: { model: MODEL, messages: [user('hi')] }, message: /^max_tokens: Field required$/ },
  { name: 'a max_tokens of 0', body: request([user('hi')], { max_tokens: 0 }), message: /^max_tokens: Input should be greater than or equal to 1$/ },
  { name: 'a fractional max_tokens', body: request([user('hi')], { max_tokens: 1.5 }), message: /^max_tokens: Input should be a valid integer$/ },
  { name: 'a request without model', body: { max_tokens: 10, messages: [user('hi')] }, message: /^model: Field required$/ },
  { name: 'a non-string model', body: request([user('hi')], { model: 42 }), message: /^model: Input should be a valid string$/ },
  { name: 'an empty messages array', body: request([]), message: /^messages: at least one message is required$/ },
  { name: 'messages that are not an array', body: request([], { messages: 'hi' }), message: /^messages: Input should be a valid list$/ },
  { name: 'a message with the system role', body: request([{ role: 'system', content: 'x' }]), message: /^messages\.0\.role: Input should be 'user' or 'assistant'$/ },
  { name: 'a first message from the assistant', body: request([assistant('Hello'), user('hi')]), message: /^messages: first message must use the "user" role$/ },
  {
    name: 'a tool_use with no tool_result in the next user message',
    body: request([user('read it'), assistant([text('Reading.'), toolUse('toolu_1')]), user('thanks')]),
    message: /^messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1\. Each `tool_use` block must have a corresponding `tool_result` block in the next message\.$/,
  },
  {
    name: 'a tool_use in the final assistant message',
    body: request([user('read it'), assistant([toolUse('toolu_1'), toolUse('toolu_2')])]),
    message: /`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1, toolu_2\./,
  },
  {
    name: 'a tool_result whose id matches no tool_use',
    body: request([user('read it'), assistant([toolUse('toolu_1')]), user([toolResult('toolu_1'), toolResult('toolu_zzz')])]),
    message: /^messages\.2\.content\.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_zzz\. Each `tool_result` block must have a corresponding `tool_use` block in the previous message\.$/,
  },
  {
    name: 'a tool_result answering a tool_use from an earlier turn',
    body: request([
      user('read it'),
      assistant([toolUse('toolu_1')]),
      user([toolResult('toolu_1')]),
      assistant('Done.'),
      user([toolResult('toolu_1')]),
    ]),
    message: /^messages\.4\.content\.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_1/,
  },
  {
    name: 'a tool_result after text in its user message',
    body: request([user('read it'), assistant([toolUse('toolu_1')]), user([text('here you go'), toolResult('toolu_1')])]),
    message: /^messages\.2: Did not find 1 `tool_result` block\(s\) at the beginning of this message\./,
  },
  {
    name: 'an empty text block',
    body: request([user([text('')])]),
    message: /^messages: text content blocks must be non-empty$/,
  },
  {
    name: 'a whitespace-only text block',
    body: request([user([text('  \n ')])]),
    message: /^messages: text content blocks must contain non-whitespace text$/,
  },
  {
    name: 'an empty text block inside a tool_result',
    body: request([user('go'), assistant([toolUse('toolu_1')]), user([{ type: 'tool_result', tool_use_id: 'toolu_1', content: [text('')] }])]),
    message: /^messages: text content blocks must be non-empty$/,
  },
  {
    name: 'an empty string content',
    body: request([user('')]),
    message: /^messages\.0: all messages must have non-empty content except for the optional final assistant message$/,
  },
  {
    name: 'an empty content array',
    body: request([user('hi'), assistant([]), user('again')]),
    message: /^messages\.1: all messages must have non-empty content/,
  },
  {
    name: 'a final assistant message ending in whitespace',
    body: request([user('hi'), assistant('Sure, ')]),
    message: /^messages: final assistant content cannot end with trailing whitespace$/,
  },
  {
    name: 'five cache_control breakpoints across system, tools and messages',
    body: request([user([text('a', breakpoint), text('b', breakpoint)]), assistant([text('c', breakpoint)]), user('d')], {
      system: [text('sys', breakpoint)],
      tools: [tool('Read', undefined, breakpoint)],
    }),
    message: /^A maximum of 4 blocks with cache_control may be provided\. Found 5\.$/,
  },
  {
    name: 'a tool name with a space',
    body: request([user('hi')], { tools: [tool('read file')] }),
    message: /^tools\.0\.custom\.name: String should match pattern '\^\[a-zA-Z0-9_-\]\{1,64\}\$'$/,
  },
  {
    name: 'a tool name longer than 64 characters',
    body: request([user('hi')], { tools: [tool('Read'), tool('x'.repeat(65))] }),
    message: /^tools\.1\.custom\.name: String should match pattern/,
  },
  {
    name: 'an input_schema whose type is not object',
    body: request([user('hi')], { tools: [tool('Read', { type: 'string' })] }),
    message: /^tools\.0\.custom\.input_schema\.type: Input should be 'object'$/,
  },
  {
    name: 'a tool without input_schema',
    body: request([user('hi')], { tools: [{ name: 'Read' }] }),
    message: /^tools\.0\.custom\.input_schema: Field required$/,
  },
  {
    name: 'duplicate tool names',
    body: request([user('hi')], { tools: [tool('Read'), tool('Write'), tool('Read')] }),
    message: /^tools: Tool names must be unique\.$/,
  },
  {
    name: 'a system array holding a non-text block',
    body: request([user('hi')], { system: [{ type: 'image', source: {} }] }),
    message: /^system\.0\.type: Input should be 'text'$/,
  },
  {
    name: 'an empty system text block',
    body: request([user('hi')], { system: [text('')] }),
    message: /^system: text content blocks must be non-empty$/,
  },
  {
    name: 'a tool_use block in a user message',
    body: request([user([toolUse('toolu_1')])]),
    message: /^messages\.0\.content\.0: `tool_use` blocks can only be in `assistant` messages$/,
  },
  {
    name: 'a tool_use without input',
    body: request([user('go'), assistant([{ type: 'tool_use', id: 'toolu_1', name: 'Read' }]), user([toolResult('toolu_1')])]),
    message: /^messages\.1\.content\.0\.input: Field required$/,
  },
  {
    name: 'reused tool_use ids',
    body: request([
      user('go'),
      assistant([toolUse('toolu_1')]),
      user([toolResult('toolu_1')]),
      assistant([toolUse('toolu_1')]),
      user([toolResult('toolu_1')]),
    ]),
    message: /^messages\.3\.content\.0: `tool_use` ids must be unique$/,
  },
  {
    name: 'an unknown content block type',
    body: request([user([{ type: 'video', url: 'x' }])]),
    message: /^messages\.0\.content\.0: Input tag 'video' found using 'type' does not match any of the expected tags/,
  },
  {
    name: 'a thinking budget not below max_tokens',
    body: request([user('hi')], { max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 2000 } }),
    message: /^`max_tokens` must be greater than `thinking\.budget_tokens`/,
  },
  {
    name: 'a thinking budget under 1024',
    body: request([user('hi')], { thinking: { type: 'enabled', budget_tokens: 100 } }),
    message: /^thinking\.budget_tokens: Input should be greater than or equal to 1024$/,
  },
  { name: 'a body that is not JSON', body: '{"model": ', message: /error parsing the body of your request as JSON/ },
  { name: 'a body that is a JSON array', body: [1, 2], message: /^Input should be a valid dictionary$/ },
];

const ACCEPTED: Array<{ name: string; body: unknown }> = [
  {
    name: 'a text user message split from its tool_result message, both after the tool_use',
    body: request([user('read it'), assistant([toolUse('toolu_1')]), user('(context for the result)'), user([toolResult('toolu_1')])]),
  },
  {
    name: 'two user messages in a row at the start',
    body: request([user('first'), user([text('second')])]),
  },
  {
    name: 'parallel tool uses answered by their results in any order, then text',
    body: request([
      user('read both'),
      assistant([text('Reading both.'), toolUse('toolu_a'), toolUse('toolu_b', 'Grep', { pattern: 'x' })]),
      user([toolResult('toolu_b'), { type: 'tool_result', tool_use_id: 'toolu_a', content: [text('A')], is_error: true }, text('Go on.')]),
    ]),
  },
  {
    name: 'a tool_use split across two consecutive assistant messages',
    body: request([user('go'), assistant([toolUse('toolu_1')]), assistant([toolUse('toolu_2')]), user([toolResult('toolu_1'), toolResult('toolu_2')])]),
  },
  {
    name: 'exactly four cache_control breakpoints and a system string',
    body: request([user([text('a', breakpoint), text('b', breakpoint)]), assistant([text('c', breakpoint)]), user([text('d', breakpoint)])], {
      system: 'You are terse.',
    }),
  },
  { name: 'a final assistant prefill', body: request([user('Say yes'), assistant('Yes')]) },
  { name: 'server tools without input_schema beside custom tools', body: request([user('hi')], { tools: [tool('Read'), { type: 'web_search_20250305', name: 'web_search' }] }) },
];

describe('fake-anthropic request validation', () => {
  const fake = useSharedFake({ fallback: 'echo' });

  it.each(REJECTED)('rejects $name with 400 invalid_request_error naming the problem', async ({ body, message }) => {
    const res = await post(fake, body);
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toMatch(message);
    expect(fake.requests.at(-1)?.status).toBe(400);
  });

  it.each(ACCEPTED)('accepts $name', async ({ body }) => {
    const res = await post(fake, body);
    expect(res.text).toMatch(/"type":"message"/);
    expect(res.status).toBe(200);
  });

  it('does not consume a scripted turn for a rejected request', async () => {
    fake.setScript([textTurn('kept')]);
    const res = await post(fake, request([assistant('Hello')]));
    expect(res.status).toBe(400);
    expect(fake.remaining()).toBe(1);
  });

  it('surfaces a rejection through the SDK as BadRequestError', async () => {
    const client = clientFor(fake);
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: '' }] }];
    const rejected = await rejectionOf(client.messages.create({ model: MODEL, max_tokens: 10, messages }));
    expect(rejected.error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(rejected.message).toBe('messages: text content blocks must be non-empty');
  });

  it('accepts a multi-turn tool conversation driven by the SDK, with the tool results checked by expect', async () => {
    const client = clientFor(fake);
    const tools: Anthropic.Tool[] = [
      { name: 'Read', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
      { name: 'Bash', description: 'Run a command', input_schema: { type: 'object', properties: { command: { type: 'string' } } } },
    ];
    fake.setScript([
      toolUseTurn('Read', { path: 'a.txt' }, { id: 'toolu_read', expect: { toolNames: ['Read', 'Bash'] } }),
      toolUseTurn('Bash', { command: 'wc -l a.txt' }, { id: 'toolu_bash', expect: { toolResultIds: ['toolu_read'], lastUserTextIncludes: 'alpha' } }),
      textTurn('a.txt has 3 lines.', { expect: { toolResultIds: ['toolu_bash'], messageCount: 5 } }),
    ]);
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'How long is a.txt?' }];
    const results: Record<string, string> = { toolu_read: 'alpha\nbeta\ngamma', toolu_bash: '3 a.txt' };
    for (;;) {
      const reply = await client.messages.stream({ model: MODEL, max_tokens: 1000, tools, messages }).finalMessage();
      messages.push({ role: 'assistant', content: reply.content });
      if (reply.stop_reason !== 'tool_use') break;
      const uses = reply.content.filter((b) => b.type === 'tool_use');
      messages.push({
        role: 'user',
        content: uses.map((u) => ({ type: 'tool_result' as const, tool_use_id: u.id, content: results[u.id] ?? 'missing' })),
      });
    }
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'a.txt has 3 lines.' }] });
    expect(fake.requests.slice(-3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fake.remaining()).toBe(0);
  });

  it('counts tokens on /v1/messages/count_tokens without max_tokens or a scripted turn', async () => {
    fake.setScript([textTurn('untouched')]);
    const client = clientFor(fake);
    const counted = await client.messages.countTokens({ model: MODEL, messages: [{ role: 'user', content: 'x'.repeat(400) }] });
    expect(counted.input_tokens).toBeGreaterThanOrEqual(100);
    expect(fake.remaining()).toBe(1);
    const bad = await post(fake, { model: MODEL, messages: [] }, undefined, '/v1/messages/count_tokens');
    expect(errorOf(bad).message).toBe('messages: at least one message is required');
  });
});
