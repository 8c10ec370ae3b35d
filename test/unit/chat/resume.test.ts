import { describe, expect, it } from 'vitest';
import { ChatSession, type ChatEvent } from '../../../extension/conversation/chatSession';
import { entriesFromHistory } from '../../../extension/conversation/history';
import type { Message } from '../../../extension/core/base/messages';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds } from '../support';

describe('chat resume', () => {
  it('rebuilds user and assistant entries from the stored transcript when a session is resumed', async () => {
    const model = new ScriptedModel([['Hello!'], ['Sure.'], ['Still here.']]);
    const deps = agentDeps(model);
    const first = new ChatSession({ agent: deps, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds() });
    await first.send('hi');
    await first.send('and again');
    const id = first.sessionId;

    const second = new ChatSession({ agent: deps, credentials: keyed, log: new RecordingLogger(), newId: () => `r-${Math.random()}` });
    const events: ChatEvent[] = [];
    second.onEvent((e) => events.push(e));
    const warnings = await second.sessions.resume(id);

    expect(warnings).toEqual([]);
    expect(second.sessionId).toBe(id);
    expect(second.messages().map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'hi', 'done'],
      ['assistant', 'Hello!', 'done'],
      ['user', 'and again', 'done'],
      ['assistant', 'Sure.', 'done'],
    ]);
    expect(events).toEqual([{ type: 'reset', sessionId: id }]);
    // The next turn continues the resumed conversation.
    await second.send('third');
    expect(model.requests[2]?.messages).toHaveLength(5);
  });

  it('splits a stored reply around its tool rows, as the live turn did, when only messages are known', () => {
    let n = 0;
    const history: Message[] = [
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: [{ type: 'text', text: 'Reading.' }, { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'a.txt' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'file body' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'It says hello.' }] },
    ];
    expect(entriesFromHistory(history, () => `e${String(++n)}`)).toEqual([
      { id: 'e1', role: 'user', text: 'read it', status: 'done' },
      { id: 'e2', role: 'assistant', text: 'Reading.', status: 'done' },
      // No tool offers Read here: the row has no label, only its input and result text.
      { id: 't1', role: 'tool', name: 'Read', input: { file_path: 'a.txt' }, summary: null, activity: null, status: 'done', result: { isError: false, text: 'file body', truncated: false } },
      { id: 'e3', role: 'assistant', text: 'It says hello.', status: 'done' },
    ]);
  });
});
