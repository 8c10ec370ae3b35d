import { describe, expect, it } from 'vitest';
import type { Message, UserMessage } from '../../../extension/core/base/messages';
import { runQuery, useFakeAnthropic } from './queryHarness';

/** Six finished exchanges, so there is something older than the kept recent turns to summarize. */
function longHistory(): Message[] {
  const history: Message[] = [];
  for (let i = 0; i < 6; i++) {
    history.push({ role: 'user', content: `Question ${i}: ${'context '.repeat(50)}` });
    history.push({ role: 'assistant', content: [{ type: 'text', text: `Answer ${i}.` }] });
  }
  return history;
}

const firstText = (m: Message | undefined) =>
  m === undefined ? '' : typeof m.content === 'string' ? m.content : m.content.map((b) => ('text' in b ? b.text : '')).join('');

describe('compaction inside the loop', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('compacts and retries once when the API says the prompt is too long', async () => {
    fake.setScript([
      { fault: { kind: 'http', status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' } },
      { content: [{ type: 'text', text: 'Summary: six questions about context were answered.' }] },
      { content: [{ type: 'text', text: 'Answer after compaction.' }], expect: { lastUserTextIncludes: 'latest' } },
    ]);
    const compacted: string[] = [];
    const { events, messages, text } = await runQuery(fake, {
      history: longHistory(),
      prompt: 'the latest question',
      extra: { compaction: { contextWindow: 200_000 }, onCompact: async (c) => void compacted.push(c.summary) },
    });
    expect(fake.requests.map((r) => r.status)).toEqual([400, 200, 200]);
    expect(fake.requests[1]?.body.tools).toBeUndefined(); // the summary request offers no tools
    expect(events.find((e) => e.type === 'compacted')).toMatchObject({ trigger: 'promptTooLong', summarizedCount: expect.any(Number) });
    expect(compacted).toEqual(['Summary: six questions about context were answered.']);
    expect(firstText(messages[0])).toContain('<compact-summary>');
    expect(text.endsWith('Answer after compaction.')).toBe(true);
    expect((fake.requests[2]?.body.messages as unknown[]).length).toBeLessThan(longHistory().length);
  });

  it('never retries a second time: a prompt still too long after compaction ends the turn with an error', async () => {
    const tooLong = { fault: { kind: 'http' as const, status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' } };
    fake.setScript([tooLong, { content: [{ type: 'text', text: 'A summary.' }] }, tooLong]);
    const { events } = await runQuery(fake, { history: longHistory(), extra: { compaction: { contextWindow: 200_000 } } });
    expect(events.find((e) => e.type === 'error')).toMatchObject({ kind: 'promptTooLong' });
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'error' });
    expect(fake.requests).toHaveLength(3);
  });

  it('compacts before a request that would pass the threshold of the context window', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_big', name: 'ToolSearch', input: { query: 'x' } }], usage: { input_tokens: 9_000 } },
      { content: [{ type: 'text', text: 'Summary of everything so far.' }] },
      { content: [{ type: 'text', text: 'Continuing in a smaller context.' }] },
    ]);
    const { ToolSearchTool } = await import('../../../extension/tools/ToolSearch/ToolSearch');
    const { events, messages } = await runQuery(fake, {
      history: longHistory(),
      tools: [ToolSearchTool],
      extra: { compaction: { contextWindow: 10_000, threshold: 0.8 } },
    });
    expect(events.find((e) => e.type === 'compacted')).toMatchObject({ trigger: 'auto' });
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(firstText(messages[0])).toContain('Summary of everything so far.');
    // The tool exchange that was in flight survives compaction intact.
    expect(JSON.stringify(messages)).toContain('toolu_big');
    expect((messages.at(-2) as UserMessage).role).toBe('user');
  });
});
