import { describe, expect, it } from 'vitest';
import type { ChatEntry, ChatMessage, HostToWebview } from '../../../extension/protocol/messages';
import { initialChatState, reduceChat, type ChatState } from '../../../webview/state/reducer';

const user = (id: string, text: string): ChatMessage => ({ id, role: 'user', text, status: 'done' });
const assistant = (id: string, text: string, status: ChatMessage['status'] = 'streaming'): ChatMessage => ({
  id,
  role: 'assistant',
  text,
  status,
});

function snapshot(messages: ChatMessage[], extra: Partial<Extract<HostToWebview, { type: 'sessionSnapshot' }>> = {}) {
  return {
    type: 'sessionSnapshot',
    sessionId: 's1',
    entries: messages,
    busy: false,
    setup: { hasApiKey: true, keySource: 'secretStorage' },
    model: 'claude-test',
    ...extra,
  } satisfies HostToWebview;
}

function ready(...messages: ChatMessage[]): ChatState {
  return reduceChat(initialChatState, snapshot(messages));
}

function entriesOf(state: ChatState): readonly ChatEntry[] {
  if (state.phase !== 'ready') throw new Error(`expected a ready state, got ${state.phase}`);
  return state.entries;
}

function messagesOf(state: ChatState): readonly ChatMessage[] {
  return entriesOf(state).filter((e): e is ChatMessage => e.role !== 'tool');
}

describe('reduceChat', () => {
  it('starts in the loading phase before any snapshot', () => {
    expect(initialChatState).toEqual({ phase: 'loading' });
  });

  it('replaces everything with the session snapshot', () => {
    const before = ready(user('old', 'old prompt'));
    const after = reduceChat(
      before,
      snapshot([user('u1', 'hi'), assistant('a1', 'hello', 'done')], {
        sessionId: 's2',
        busy: true,
        model: 'claude-other',
        setup: { hasApiKey: false, keySource: 'none' },
      }),
    );
    expect(after).toEqual({
      phase: 'ready',
      sessionId: 's2',
      model: 'claude-other',
      models: [],
      busy: true,
      setup: { hasApiKey: false, keySource: 'none' },
      entries: [user('u1', 'hi'), assistant('a1', 'hello', 'done')],
      status: null,
      usage: null,
      permission: null,
      permissionMode: 'default',
      commands: [],
      tasks: [],
      sessions: null,
      fileSuggestions: null,
      changedFiles: [],
      question: null,
      plan: null,
      elicitation: null,
      todos: [],
      workList: [],
      panel: null,
      configProblems: [],
      queue: [],
    });
  });

  it('takes the host model list and keeps it across a later snapshot', () => {
    const listed = reduceChat(ready(), { type: 'modelList', models: ['claude-sonnet-5-5', 'claude-next-6'] });
    expect(listed).toMatchObject({ models: ['claude-sonnet-5-5', 'claude-next-6'] });
    expect(reduceChat(listed, snapshot([], { sessionId: 's3' }))).toMatchObject({ sessionId: 's3', models: ['claude-sonnet-5-5', 'claude-next-6'] });
  });

  it('replaces the text of a streaming message when an attempt is discarded', () => {
    const state = ready(assistant('a1', 'partial text of a failed attempt', 'streaming'));
    const after = reduceChat(state, { type: 'assistantText', messageId: 'a1', text: '' });
    expect(messagesOf(after)[0]).toMatchObject({ text: '' });
  });

  it('shows and clears the status line, and keeps the latest usage', () => {
    let state = ready();
    state = reduceChat(state, { type: 'status', text: 'Retrying in 4 s (API overloaded; attempt 1 of 8)' });
    expect(state.phase === 'ready' && state.status).toBe('Retrying in 4 s (API overloaded; attempt 1 of 8)');
    state = reduceChat(state, { type: 'status', text: null });
    expect(state.phase === 'ready' && state.status).toBeNull();
    const usage = { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 900, cacheCreationInputTokens: 0, costUsd: 0.01, contextFill: 0.2 };
    state = reduceChat(state, { type: 'usage', usage });
    expect(state.phase === 'ready' && state.usage).toEqual(usage);
  });

  it('ignores deltas that arrive before the snapshot, which already contains them', () => {
    const events: HostToWebview[] = [
      { type: 'messageAdded', message: user('u1', 'hi') },
      { type: 'busyChanged', busy: true },
      { type: 'setupChanged', setup: { hasApiKey: true, keySource: 'environment' } },
    ];
    expect(events.reduce(reduceChat, initialChatState)).toEqual({ phase: 'loading' });
  });

  it('appends an added message after the existing ones', () => {
    const state = reduceChat(ready(user('u1', 'first')), { type: 'messageAdded', message: assistant('a1', '') });
    expect(messagesOf(state).map((m) => m.id)).toEqual(['u1', 'a1']);
    expect(messagesOf(state)[1]).toEqual(assistant('a1', ''));
  });

  it('ignores an added message whose id is already present', () => {
    const before = ready(user('u1', 'first'));
    const after = reduceChat(before, { type: 'messageAdded', message: user('u1', 'a different text') });
    expect(after).toBe(before);
    expect(messagesOf(after)).toEqual([user('u1', 'first')]);
  });

  it('appends streamed text to the message it names', () => {
    let state = ready(user('u1', 'hi'), assistant('a1', 'Hel'), assistant('a2', 'other'));
    state = reduceChat(state, { type: 'assistantDelta', messageId: 'a1', text: 'lo, ' });
    state = reduceChat(state, { type: 'assistantDelta', messageId: 'a1', text: 'world' });
    expect(messagesOf(state).map((m) => m.text)).toEqual(['hi', 'Hello, world', 'other']);
  });

  it('ignores streamed text for an unknown message id', () => {
    const before = ready(assistant('a1', 'Hello'));
    const after = reduceChat(before, { type: 'assistantDelta', messageId: 'nope', text: 'lost' });
    expect(after).toBe(before);
  });

  it('ignores streamed text for a message that already finished or belongs to the user', () => {
    const before = ready(user('u1', 'hi'), assistant('a1', 'Partial', 'stopped'));
    let after = reduceChat(before, { type: 'assistantDelta', messageId: 'a1', text: ' late' });
    after = reduceChat(after, { type: 'assistantDelta', messageId: 'u1', text: ' injected' });
    expect(messagesOf(after).map((m) => m.text)).toEqual(['hi', 'Partial']);
  });

  it('marks a message done when it finishes', () => {
    const state = reduceChat(ready(assistant('a1', 'All set')), { type: 'messageFinished', messageId: 'a1', status: 'done' });
    expect(messagesOf(state)).toEqual([assistant('a1', 'All set', 'done')]);
  });

  it('marks a message stopped when the user stopped it, keeping its text', () => {
    const state = reduceChat(ready(assistant('a1', 'Half')), { type: 'messageFinished', messageId: 'a1', status: 'stopped' });
    expect(messagesOf(state)).toEqual([assistant('a1', 'Half', 'stopped')]);
  });

  it('records the error text when a message fails', () => {
    const state = reduceChat(ready(assistant('a1', '')), {
      type: 'messageFinished',
      messageId: 'a1',
      status: 'error',
      error: 'Rate limited: try again in a minute.',
    });
    expect(messagesOf(state)).toEqual([{ ...assistant('a1', '', 'error'), error: 'Rate limited: try again in a minute.' }]);
  });

  it('drops a stale error when a failed message finishes again without one', () => {
    const failed: ChatMessage = { ...assistant('a1', 'x', 'error'), error: 'boom' };
    const state = reduceChat(ready(failed), { type: 'messageFinished', messageId: 'a1', status: 'done' });
    expect(messagesOf(state)[0]).toEqual(assistant('a1', 'x', 'done'));
    expect(messagesOf(state)[0]).not.toHaveProperty('error');
  });

  it('ignores a finish for an unknown message id', () => {
    const before = ready(assistant('a1', 'Hello'));
    expect(reduceChat(before, { type: 'messageFinished', messageId: 'zz', status: 'done' })).toBe(before);
  });

  it('tracks whether the host is busy', () => {
    const busy = reduceChat(ready(), { type: 'busyChanged', busy: true });
    expect(busy).toMatchObject({ busy: true });
    expect(reduceChat(busy, { type: 'busyChanged', busy: false })).toMatchObject({ busy: false });
  });

  it('returns the same state when busy does not change', () => {
    const before = ready();
    expect(reduceChat(before, { type: 'busyChanged', busy: false })).toBe(before);
  });

  it('replaces the setup state when it changes', () => {
    const state = reduceChat(ready(user('u1', 'hi')), {
      type: 'setupChanged',
      setup: { hasApiKey: false, keySource: 'none' },
    });
    expect(state).toMatchObject({ setup: { hasApiKey: false, keySource: 'none' }, entries: [user('u1', 'hi')] });
  });

  it('never mutates the state it was given', () => {
    const before = ready(assistant('a1', 'Hel'));
    const frozen = structuredClone(before);
    reduceChat(before, { type: 'assistantDelta', messageId: 'a1', text: 'lo' });
    reduceChat(before, { type: 'messageFinished', messageId: 'a1', status: 'done' });
    reduceChat(before, { type: 'messageAdded', message: user('u2', 'more') });
    expect(before).toEqual(frozen);
  });

  it('adds a tool entry, replaces its progress, and settles it with the result', () => {
    const start = ready(user('u1', 'go'), assistant('a1', 'Looking.'));
    let state = reduceChat(start, { type: 'toolUseStarted', toolUseId: 't1', name: 'Bash', input: { command: 'ls' }, summary: 'ls', activity: 'Running ls' });
    state = reduceChat(state, { type: 'toolProgress', toolUseId: 't1', progress: { output: 'a' } });
    state = reduceChat(state, { type: 'toolProgress', toolUseId: 't1', progress: { output: 'a\nb' } });
    expect(entriesOf(state)[2]).toMatchObject({ role: 'tool', status: 'running', progress: { output: 'a\nb' } });
    const result = { isError: true, text: 'Exit code 1', truncated: false };
    state = reduceChat(state, { type: 'toolResult', toolUseId: 't1', result });
    expect(entriesOf(state)[2]).toEqual({ id: 't1', role: 'tool', name: 'Bash', input: { command: 'ls' }, summary: 'ls', activity: 'Running ls', status: 'error', result });
    // Untouched rows keep their identity, so memoised rows do not re-render.
    expect(entriesOf(state)[0]).toBe(entriesOf(start)[0]);
    expect(entriesOf(state)[1]).toBe(entriesOf(start)[1]);
  });

  it('ignores progress after the result, a duplicate start, and tool events for messages', () => {
    let state = ready();
    const started = { type: 'toolUseStarted', toolUseId: 't1', name: 'Read', input: {}, summary: null, activity: null } as const;
    state = reduceChat(state, started);
    state = reduceChat(state, { type: 'toolResult', toolUseId: 't1', result: { isError: false, text: 'ok', truncated: false } });
    const settled = state;
    expect(reduceChat(settled, { type: 'toolProgress', toolUseId: 't1', progress: { output: 'late' } })).toBe(settled);
    expect(reduceChat(settled, { type: 'toolStopped', toolUseId: 't1' })).toBe(settled);
    expect(reduceChat(settled, started)).toBe(settled);
    const withMessage = reduceChat(settled, { type: 'messageAdded', message: assistant('a1', 'x') });
    expect(reduceChat(withMessage, { type: 'toolStopped', toolUseId: 'a1' })).toBe(withMessage);
  });

  it('marks a running tool stopped', () => {
    let state = reduceChat(ready(), { type: 'toolUseStarted', toolUseId: 't1', name: 'Bash', input: {}, summary: null, activity: null });
    state = reduceChat(state, { type: 'toolStopped', toolUseId: 't1' });
    expect(entriesOf(state)[0]).toMatchObject({ status: 'stopped' });
  });

  it('streams thinking into a streaming assistant message, and a discarded attempt replaces it', () => {
    let state = ready(assistant('a1', ''));
    state = reduceChat(state, { type: 'thinkingDelta', messageId: 'a1', text: 'Let me ' });
    state = reduceChat(state, { type: 'thinkingDelta', messageId: 'a1', text: 'think.' });
    expect(messagesOf(state)[0]?.thinking).toBe('Let me think.');
    state = reduceChat(state, { type: 'assistantText', messageId: 'a1', text: '' });
    expect(messagesOf(state)[0]).toEqual(assistant('a1', ''));
  });
});

