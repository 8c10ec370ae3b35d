import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { canonicalJson, MIN_CACHEABLE_TOKENS } from '../../fixtures/fake-anthropic';
import { MODEL, useFakePerTest } from './helpers';

// ~1,500 tokens at 4 characters a token: comfortably over the 1,024-token minimum.
const LONG_SYSTEM = 'You are a careful coding agent. Follow the repository conventions. '.repeat(90);
const ephemeral = { type: 'ephemeral' } as const;
const system: Anthropic.TextBlockParam[] = [{ type: 'text', text: LONG_SYSTEM, cache_control: ephemeral }];
const SEARCH: Anthropic.Tool = { name: 'ToolSearch', description: 'Find deferred tools', input_schema: { type: 'object', properties: {} } };
// ~600 tokens of definition, so its presence or absence in a count is unmistakable.
const BIG_DEFINITION: Anthropic.Tool = {
  name: 'mcp__github__create_issue',
  description: 'Create an issue in a GitHub repository, with labels and assignees. '.repeat(36),
  input_schema: { type: 'object', properties: { title: { type: 'string' } } },
};
const BIG: Anthropic.Tool = { ...BIG_DEFINITION, defer_loading: true };
const OTHER: Anthropic.Tool = { name: 'mcp__slack__post', description: 'Post a message', input_schema: { type: 'object' }, defer_loading: true };

/** A ToolSearch exchange whose result holds `content`; the last block carries a breakpoint when `mark` is set. */
function searched(content: Anthropic.ToolResultBlockParam['content'], mark = false): Anthropic.MessageParam[] {
  return [
    { role: 'user', content: 'open an issue' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_s', name: 'ToolSearch', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_s', content, ...(mark ? { cache_control: ephemeral } : {}) }] },
  ];
}

describe('fake-anthropic prompt cache with deferred tools', () => {
  const { client } = useFakePerTest({ fallback: 'echo' });

  const create = (tools: Anthropic.Tool[], messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'hi' }]) =>
    client.messages.create({ model: MODEL, max_tokens: 100, system, tools, messages });
  const count = (tools: Anthropic.Tool[], messages: Anthropic.MessageParam[]) =>
    client.messages.countTokens({ model: MODEL, system, tools, messages }).then((r) => r.input_tokens);

  it('keeps the cached prefix when a deferred tool is added to tools', async () => {
    const first = await create([SEARCH]);
    const second = await create([SEARCH, BIG, OTHER]);
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThanOrEqual(MIN_CACHEABLE_TOKENS);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
  });

  it('misses the cached prefix when the same tool is added without defer_loading', async () => {
    await create([SEARCH]);
    const second = await create([SEARCH, BIG_DEFINITION]);
    expect(second.usage.cache_read_input_tokens).toBe(0);
    expect(second.usage.cache_creation_input_tokens).toBeGreaterThan(MIN_CACHEABLE_TOKENS);
  });

  it('counts no tokens for a deferred tool until a tool_reference loads it, then counts its definition there', async () => {
    const plain = searched([{ type: 'text', text: 'One match.' }]);
    const referenced = searched([{ type: 'text', text: 'One match.' }, { type: 'tool_reference', tool_name: BIG.name }]);
    const without = await count([SEARCH], plain);
    const listed = await count([SEARCH, BIG], plain);
    const loaded = await count([SEARCH, BIG], referenced);

    const definitionTokens = canonicalJson(BIG_DEFINITION).length / 4;
    expect(listed).toBe(without);
    expect(loaded - listed).toBeGreaterThanOrEqual(Math.floor(definitionTokens));
    // The definition plus the few characters of the reference block itself.
    expect(loaded - listed).toBeLessThan(definitionTokens + 20);
  });

  it('reads the cached prefix on the request whose tool_result first references a deferred tool', async () => {
    const first = await create([SEARCH, BIG], [{ role: 'user', content: 'open an issue' }]);
    const second = await create([SEARCH, BIG], searched([{ type: 'tool_reference', tool_name: BIG.name }], true));
    const third = await create([SEARCH, BIG], searched([{ type: 'tool_reference', tool_name: BIG.name }], true));

    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    // What is written past the system prompt is mostly the definition the reference loaded.
    expect(second.usage.cache_creation_input_tokens).toBeGreaterThanOrEqual(Math.floor(canonicalJson(BIG_DEFINITION).length / 4));
    expect(third.usage.cache_read_input_tokens).toBe(
      (second.usage.cache_read_input_tokens ?? 0) + (second.usage.cache_creation_input_tokens ?? 0),
    );
  });
});
