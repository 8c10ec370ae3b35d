import { describe, expect, it } from 'vitest';
import type { Message } from '../../../extension/core/base/messages';
import { INTERRUPTED_TOOL_RESULT, MISSING_START_TEXT } from '../../../extension/core/engines/transcripts/repair';
import { repairForResume } from '../../../extension/core/engines/transcripts/transcript';
import { apiProblems, assistant, toolCall, toolResult, user } from './support';

const interrupted = (...ids: string[]): Message => ({
  role: 'user',
  content: ids.map((id) => ({ type: 'tool_result' as const, tool_use_id: id, content: INTERRUPTED_TOOL_RESULT, is_error: true })),
});

describe('repairForResume', () => {
  it('leaves a valid conversation untouched', () => {
    const messages = [user('hi'), toolCall('t1'), toolResult('t1'), assistant('done'), user('thanks')];
    expect(repairForResume(messages)).toEqual({ messages, repaired: [] });
  });

  it('answers the tool calls of a trailing assistant message with interrupted errors', () => {
    const call: Message = {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 't1', name: 'Read', input: {} },
        { type: 'tool_use', id: 't2', name: 'Bash', input: {} },
      ],
    };
    const { messages, repaired } = repairForResume([user('go'), call]);
    expect(messages).toEqual([user('go'), call, interrupted('t1', 't2')]);
    expect(repaired).toEqual(['Added interrupted results for 2 unfinished tool call(s): t1, t2.']);
    expect(apiProblems(messages)).toEqual([]);
  });

  it('answers only the calls whose results are missing, before the results that were written', () => {
    const call: Message = {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 't1', name: 'Read', input: {} },
        { type: 'tool_use', id: 't2', name: 'Read', input: {} },
      ],
    };
    const { messages } = repairForResume([user('go'), call, toolResult('t2'), assistant('ok')]);
    expect(messages).toEqual([user('go'), call, interrupted('t1'), toolResult('t2'), assistant('ok')]);
    expect(apiProblems(messages)).toEqual([]);
  });

  it('drops an empty trailing assistant message and empty text blocks', () => {
    const { messages, repaired } = repairForResume([user('hi'), { role: 'assistant', content: [] }]);
    expect(messages).toEqual([user('hi')]);
    expect(repaired).toEqual(['Dropped empty assistant message 2.']);
    const blank = repairForResume([user('hi'), { role: 'assistant', content: [{ type: 'text', text: '  ' }, { type: 'text', text: 'real' }] }]);
    expect(blank.messages).toEqual([user('hi'), assistant('real')]);
  });

  it('keeps consecutive messages of one role, which the API merges', () => {
    const messages = [user('a'), user('b'), assistant('c'), assistant('d')];
    expect(repairForResume(messages)).toEqual({ messages, repaired: [] });
  });

  it('puts a user message before a conversation that starts with the assistant', () => {
    const { messages, repaired } = repairForResume([toolCall('t1'), toolResult('t1'), assistant('done')]);
    expect(messages).toEqual([user(MISSING_START_TEXT), toolCall('t1'), toolResult('t1'), assistant('done')]);
    expect(repaired).toHaveLength(1);
    expect(apiProblems(messages)).toEqual([]);
  });

  it('drops tool results whose call is not in the assistant turn just before, and messages left empty', () => {
    const { messages, repaired } = repairForResume([user('hi'), toolCall('t1'), toolResult('t1'), assistant('x'), toolResult('t1'), toolResult('ghost'), user('next')]);
    expect(messages).toEqual([user('hi'), toolCall('t1'), toolResult('t1'), assistant('x'), user('next')]);
    expect(repaired).toEqual([
      'Dropped a tool result for t1, which has no matching tool call just before it.',
      'Dropped a tool result for ghost, which has no matching tool call just before it.',
    ]);
  });

  it('drops orphan results at the start, as after a compaction cut between a call and its result', () => {
    const summary = user('Summary so far.');
    const mixed: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'gone', content: 'x' }, { type: 'text', text: 'and more' }] };
    const { messages } = repairForResume([summary, mixed, assistant('ok')]);
    expect(messages).toEqual([summary, { role: 'user', content: [{ type: 'text', text: 'and more' }] }, assistant('ok')]);
  });

  it('drops a second result for the same call', () => {
    const { messages } = repairForResume([user('go'), toolCall('t1'), toolResult('t1', 'first'), toolResult('t1', 'again')]);
    expect(messages).toEqual([user('go'), toolCall('t1'), toolResult('t1', 'first')]);
  });

  it('removes stored cache breakpoints, including inside tool results', () => {
    const cached: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] },
      toolCall('t1'),
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'r', cache_control: { type: 'ephemeral' } }], cache_control: { type: 'ephemeral' } }] },
    ];
    const { messages, repaired } = repairForResume(cached);
    expect(JSON.stringify(messages)).not.toContain('cache_control');
    expect(messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'r' }] }] });
    expect(repaired).toEqual(['Removed 3 stored cache breakpoint(s).']);
  });

  it('does not modify its input', () => {
    const input: Message[] = [toolCall('t1'), { role: 'user', content: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }] }, { role: 'assistant', content: [] }];
    const copy = structuredClone(input);
    repairForResume(input);
    expect(input).toEqual(copy);
  });

  it('yields a valid conversation from any subset of a valid one (seeded random deletions)', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const full: Message[] = [user('start')];
    for (let i = 0; i < 8; i++) full.push(toolCall(`t${i}`), toolResult(`t${i}`), assistant(`step ${i}`), user(`more ${i}`));
    for (let round = 0; round < 300; round++) {
      const subset = full.filter(() => random() > 0.3);
      const { messages } = repairForResume(subset);
      expect(apiProblems(messages), JSON.stringify(subset.map((m) => m.content))).toEqual([]);
    }
  });

  it('returns an empty conversation for no messages', () => {
    expect(repairForResume([])).toEqual({ messages: [], repaired: [] });
  });
});
