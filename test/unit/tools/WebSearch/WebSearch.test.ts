import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { createCanUseTool } from '../../../../extension/core/engines/tools/permissionGate';
import { AnthropicModelClient } from '../../../../extension/llm/anthropicModelClient';
import { WebSearchTool } from '../../../../extension/tools/WebSearch/WebSearch';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fixtures/fake-anthropic';
import { keyed, RecordingLogger } from '../../support';
import { assistantWith, makeContext, toolUse } from '../../tool/fixtures';

let fake: FakeAnthropic;
let client: AnthropicModelClient;
beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: 'sk-test' });
  client = new AnthropicModelClient({ credentials: keyed, settings: { model: () => 'unused', maxTokens: () => 1, apiBaseUrl: () => fake.url }, log: new RecordingLogger() });
});
afterAll(() => fake.close());

async function run(input: Record<string, unknown>, withPort = true) {
  const context = makeContext([WebSearchTool]);
  context.discoveredToolNames.add('WebSearch');
  if (withPort) context.ports = { ...context.ports, webSearch: client };
  const block = toolUse('WebSearch', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: createCanUseTool(createPermissionEngine()) });
  const result = outcome.result as ToolResultBlock;
  return { text: typeof result.content === 'string' ? result.content : JSON.stringify(result.content), isError: result.is_error === true };
}

describe('tools/WebSearch', () => {
  it('runs the server-side search and returns the links of each search and the summary', async () => {
    fake.setScript([
      {
        expect: { lastUserTextIncludes: 'vitest 4 release notes' },
        content: [
          { type: 'server_tool_use', id: 'srvtoolu_a', name: 'web_search', input: { query: 'vitest 4 release notes' } },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_a',
            content: [
              { title: 'Vitest 4.0 is out!', url: 'https://vitest.dev/blog/vitest-4' },
              { title: 'Releases · vitest-dev/vitest', url: 'https://github.com/vitest-dev/vitest/releases' },
            ],
          },
          { type: 'server_tool_use', id: 'srvtoolu_b', name: 'web_search', input: { query: 'vitest 4 browser mode' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_b', content: { error_code: 'too_many_requests' } },
          { type: 'text', text: 'Vitest 4 makes browser mode stable.' },
        ],
      },
    ]);
    const { text, isError } = await run({ query: 'vitest 4 release notes', allowed_domains: ['vitest.dev', 'github.com'] });
    expect(isError).toBe(false);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Web search results for query: "vitest 4 release notes"',
      '',
      'Links: [{"title":"Vitest 4.0 is out!","url":"https://vitest.dev/blog/vitest-4"},{"title":"Releases · vitest-dev/vitest","url":"https://github.com/vitest-dev/vitest/releases"}]',
      'Search "vitest 4 browser mode" failed: too_many_requests',
      '',
    ]);
    expect(text).toContain('Vitest 4 makes browser mode stable.');
    expect(text).toContain('Sources:');
    expect(fake.requests.at(-1)?.body).toMatchObject({
      model: 'claude-test',
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 8, allowed_domains: ['vitest.dev', 'github.com'] }],
    });
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('tools.0.blocked_domains');
  });

  it('passes blocked_domains and refuses both lists together before any request', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Nothing found.' }] }]);
    const blocked = await run({ query: 'left-pad', blocked_domains: ['spam.test'] });
    expect(blocked.text).toContain('No search was run.');
    expect(fake.requests.at(-1)?.body).toMatchObject({ tools: [{ blocked_domains: ['spam.test'] }] });
    const before = fake.requests.length;
    const both = await run({ query: 'left-pad', allowed_domains: ['a.test'], blocked_domains: ['b.test'] });
    expect(both.isError).toBe(true);
    expect(both.text).toContain('Give allowed_domains or blocked_domains, not both');
    expect(fake.requests.length).toBe(before);
  });

  it('reports an API failure and a missing port as tool errors', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 400, message: 'web search is not enabled for this organization' } }]);
    const failed = await run({ query: 'anything' });
    expect(failed.isError).toBe(true);
    expect(failed.text).toContain('The web search failed:');
    expect(failed.text).toContain('web search is not enabled for this organization');
    const none = await run({ query: 'anything' }, false);
    expect(none.text).toContain('WebSearch is not available here');
  });
});
