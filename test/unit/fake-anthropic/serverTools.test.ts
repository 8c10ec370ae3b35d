import { describe, expect, it } from 'vitest';
import { parseScript, type FakeTurn } from '../../fixtures/fake-anthropic';
import { useSharedFake } from '../fakeApi';
import { clientFor, MODEL } from './helpers';

const SEARCH_TOOL = { type: 'web_search_20250305' as const, name: 'web_search' as const, max_uses: 2 };

const searchTurn: FakeTurn = {
  content: [
    { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'vitest 4 release' } },
    { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ title: 'Vitest 4', url: 'https://vitest.dev/blog/vitest-4', page_age: '2 days ago' }] },
    { type: 'text', text: 'Vitest 4 is out.' },
  ],
};

describe('fake-anthropic server tools', () => {
  const fake = useSharedFake();

  const ask = (tools: unknown[]) =>
    clientFor(fake).messages.create({ model: MODEL, max_tokens: 512, messages: [{ role: 'user', content: 'search' }], tools: tools as never });

  it('returns server_tool_use and web_search_tool_result blocks and counts the searches in usage', async () => {
    fake.setScript([searchTurn]);
    const reply = await ask([SEARCH_TOOL]);
    expect(reply.content).toEqual([
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'vitest 4 release' }, caller: { type: 'direct' } },
      {
        type: 'web_search_tool_result',
        tool_use_id: 'srvtoolu_1',
        content: [{ type: 'web_search_result', title: 'Vitest 4', url: 'https://vitest.dev/blog/vitest-4', page_age: '2 days ago', encrypted_content: 'fake-encrypted-content' }],
        caller: { type: 'direct' },
      },
      { type: 'text', text: 'Vitest 4 is out.', citations: null },
    ]);
    expect(reply.usage.server_tool_use).toEqual({ web_search_requests: 1, web_fetch_requests: 0 });
  });

  it('streams the same blocks: the SDK assembles the search input and the results', async () => {
    fake.setScript([searchTurn]);
    const stream = clientFor(fake).messages.stream({ model: MODEL, max_tokens: 512, messages: [{ role: 'user', content: 'search' }], tools: [SEARCH_TOOL] });
    const final = await stream.finalMessage();
    expect(final.content.map((b) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result', 'text']);
    expect(final.content[0]).toMatchObject({ input: { query: 'vitest 4 release' } });
  });

  it('refuses a scripted search when the request offers no web_search server tool, or more than max_uses', async () => {
    fake.setScript([searchTurn]);
    const custom = { name: 'web_search', description: 'mine', input_schema: { type: 'object' } };
    await expect(ask([custom])).rejects.toThrow(/call server tool 'web_search', which the request does not offer/);
    const call = (id: string) => ({ type: 'server_tool_use' as const, id, name: 'web_search' as const, input: { query: 'q' } });
    fake.setScript([{ content: [call('srvtoolu_1'), call('srvtoolu_2')] }]);
    await expect(ask([{ ...SEARCH_TOOL, max_uses: 1 }])).rejects.toThrow(/runs 2 web_search calls but the request allows max_uses 1/);
  });

  it('rejects a script whose search result answers no earlier server_tool_use', () => {
    expect(() => parseScript([{ content: [{ type: 'web_search_tool_result', tool_use_id: 'srvtoolu_x', content: { error_code: 'unavailable' } }] }])).toThrow(
      /no server_tool_use with id srvtoolu_x comes before this result/,
    );
  });
});
