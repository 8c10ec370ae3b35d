import { describe, expect, it } from 'vitest';
import { compactConversation } from '../../../extension/core/loop/query/compact';
import type { ModelClient } from '../../../extension/core/contracts/modelClient';
import { compactedMessages } from '../../../extension/core/engines/transcripts/compacted';
import { parseTranscript, TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { apiProblems, assistant, MemoryTranscriptStore, toolCall, toolResult, user } from './support';

describe('compactedMessages', () => {
  it('wraps the summary in compact-summary tags with a note to continue when nothing is kept', () => {
    expect(compactedMessages('We did X.', [])).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<compact-summary>\nWe did X.\n</compact-summary>\n\nThis conversation was compacted: the summary above replaces the earlier messages. Continue from it.',
          },
        ],
      },
    ]);
  });

  it('merges the summary into a first kept message of plain user text', () => {
    const [first, second] = compactedMessages('S', [user('recent'), assistant('ok')]);
    expect(first).toMatchObject({ role: 'user', content: [{ type: 'text', text: expect.stringContaining('most recent messages follow unchanged') }, { type: 'text', text: 'recent' }] });
    expect(second).toEqual(assistant('ok'));
  });

  it('puts the summary in its own message before kept tool traffic, so the conversation stays valid', () => {
    const messages = compactedMessages('S', [toolCall('t1'), toolResult('t1')]);
    expect(messages.slice(1)).toEqual([toolCall('t1'), toolResult('t1')]);
    expect(apiProblems(messages)).toEqual([]);
  });
});

describe('resume after compaction', () => {
  it('rebuilds exactly the conversation the live session continued with', async () => {
    const usage = { inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };
    const model: ModelClient = {
      async *stream() {
        yield { type: 'messageComplete', message: assistant('<summary>Did A and B.</summary>'), stopReason: 'end_turn', stopSequence: null, usage };
      },
    };
    const history = [user('one'), assistant('a'), user('two'), toolCall('t1'), toolResult('t1'), assistant('b'), user('three'), assistant('c')];
    const result = await compactConversation({ messages: history, model, modelName: 'm', signal: new AbortController().signal });
    expect(result.summarizedCount).toBeGreaterThan(0);

    const store = new MemoryTranscriptStore();
    const writer = new TranscriptWriter(store, 's');
    for (const m of history) await writer.appendMessage(m);
    await writer.appendCompactBoundary({ summary: result.summary, preservedMessageCount: result.preservedCount });
    await writer.appendMessage(user('four'));

    expect(parseTranscript(store.texts.get('s')!).messages).toEqual([...result.messages, user('four')]);
  });
});
