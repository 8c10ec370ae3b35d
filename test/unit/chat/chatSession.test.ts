import { describe, expect, it } from 'vitest';
import { ChatSession, type ChatEvent } from '../../../extension/conversation/chatSession';
import { ModelError } from '../../../extension/core/contracts/modelClient';
import type { Message } from '../../../extension/core/base/messages';
import { toolResultText } from '../../../extension/core/base/messages';
import { agentDeps, keyed, keyless, RecordingLogger, ScriptedModel, sequentialIds, until } from '../support';

/** Role and text of each message, whatever its block form (cache breakpoints turn strings into blocks). */
const plain = (ms: readonly Message[] | undefined) =>
  (ms ?? []).map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : m.content.map((b) => ('text' in b ? b.text : b.type === 'tool_result' ? toolResultText(b.content) : '')).join('') }));

function make(model: ScriptedModel, credentials = keyed) {
  const log = new RecordingLogger();
  const session = new ChatSession({ agent: agentDeps(model), credentials, log, newId: sequentialIds() });
  const events: ChatEvent[] = [];
  session.onEvent((e) => events.push(e));
  return { session, events, log };
}

describe('chat/chatSession', () => {
  it('streams the reply into an assistant message that ends done', async () => {
    const model = new ScriptedModel([['Hel', 'lo', '!']]);
    const { session, events } = make(model);
    await session.send('hi');
    expect(session.messages()).toEqual([
      { id: 'id-2', role: 'user', text: 'hi', status: 'done' },
      { id: 'id-3', role: 'assistant', text: 'Hello!', status: 'done' },
    ]);
    expect(events.filter((e) => e.type === 'assistantDelta').map((e) => e.type === 'assistantDelta' && e.text)).toEqual([
      'Hel',
      'lo',
      '!',
    ]);
    expect(model.requests[0]).toMatchObject({ model: 'claude-test', maxTokens: 256 });
    expect(plain(model.requests[0]?.messages)).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('sends the earlier turns with the next prompt', async () => {
    const model = new ScriptedModel([['one'], ['two']]);
    const { session } = make(model);
    await session.send('first');
    await session.send('second');
    expect(plain(model.requests[1]?.messages)).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: 'second' },
    ]);
  });

  it('stops a running stream, keeps the partial text, and marks it stopped', async () => {
    const model = new ScriptedModel([['partial', ' never']], true);
    const { session, events } = make(model);
    const done = session.send('go');
    await until(() => model.waiting === 1);
    model.step();
    await until(() => session.messages()[1]?.text === 'partial');
    expect(session.busy).toBe(true);
    session.stop();
    await done;
    expect(session.busy).toBe(false);
    expect(session.messages()[1]).toMatchObject({ text: 'partial', status: 'stopped' });
    expect(events.at(-1)).toEqual({ type: 'busyChanged', busy: false });
  });

  it('ends the turn with a clear error when the model fails, and leaves it out of the next request', async () => {
    const model = new ScriptedModel([new ModelError('rateLimit', 'Rate limited (429). Wait a moment.'), ['ok']]);
    const { session, log } = make(model);
    await session.send('a');
    expect(session.messages()[1]).toMatchObject({ status: 'error', error: 'Rate limited (429). Wait a moment.' });
    expect(log.lines.some((l) => l.level === 'error' && l.message.includes('429'))).toBe(true);
    await session.send('b');
    expect(plain(model.requests[1]?.messages)).toEqual([
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
    ]);
  });

  it('refuses to start without an API key and says how to set one', async () => {
    const model = new ScriptedModel([['unused']]);
    const { session } = make(model, keyless);
    await session.send('hi');
    expect(model.requests).toHaveLength(0);
    expect(session.messages()[1]?.error).toMatch(/Set API Key|ANTHROPIC_API_KEY/);
  });

  it('rejects a second prompt while a turn runs', async () => {
    const model = new ScriptedModel([['x']], true);
    const { session } = make(model);
    const first = session.send('one');
    await expect(session.send('two')).rejects.toThrow(/already running/);
    session.stop();
    await first;
  });

  it('starts over on reset with a new session id', async () => {
    const model = new ScriptedModel([['x']]);
    const { session, events } = make(model);
    await session.send('one');
    const before = session.sessionId;
    session.sessions.reset();
    expect(session.messages()).toEqual([]);
    expect(session.sessionId).not.toBe(before);
    expect(events.at(-1)).toEqual({ type: 'reset', sessionId: session.sessionId });
  });
});
