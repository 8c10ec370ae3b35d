import { describe, expect, it } from 'vitest';
import { INTERRUPTED_TOOL_RESULT } from '../../../extension/core/engines/transcripts/repair';
import { listSessions, loadSession, sessionTitle, UNTITLED } from '../../../extension/core/engines/transcripts/sessions';
import { TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { sequentialIds } from '../support';
import { assistant, MemoryTranscriptStore, toolCall, user } from './support';

/** A writer whose clock starts at `minute` and advances a minute per line. */
function writerAt(store: MemoryTranscriptStore, sessionId: string, minute: number): TranscriptWriter {
  let m = minute;
  return new TranscriptWriter(store, sessionId, { now: () => new Date(Date.UTC(2030, 0, 1, 0, m++)), uuid: sequentialIds(sessionId) });
}

describe('sessionTitle', () => {
  it('prefers a title line, then the first line of the first prompt cut to 80 characters, then "(untitled)"', () => {
    expect(sessionTitle({ title: ' Set title ', firstPrompt: 'prompt' })).toBe('Set title');
    expect(sessionTitle({ firstPrompt: '\n  Fix the flaky test  \nin CI please' })).toBe('Fix the flaky test');
    const long = sessionTitle({ firstPrompt: 'x'.repeat(200) });
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
    expect(sessionTitle({})).toBe(UNTITLED);
    expect(sessionTitle({ title: '   ', firstPrompt: '  ' })).toBe(UNTITLED);
  });
});

describe('listSessions', () => {
  it('lists sessions newest first with titles, dates and message counts', async () => {
    const store = new MemoryTranscriptStore();
    const old = writerAt(store, 'old', 0);
    await old.writeMeta({ cwd: '/r', model: 'm' });
    await old.appendMessage(user('Refactor the parser\nwith details'));
    await old.appendMessage(assistant('Sure.'));
    const recent = writerAt(store, 'recent', 30);
    await recent.writeMeta({ cwd: '/r', model: 'm' });
    await recent.appendMessage(user('Something'));
    await recent.appendTitle('Named by the user');
    const empty = writerAt(store, 'empty', 10);
    await empty.writeMeta({ cwd: '/r', model: 'm' });

    expect(await listSessions(store)).toEqual([
      { sessionId: 'recent', title: 'Named by the user', createdAt: '2030-01-01T00:30:00.000Z', modifiedAt: '2030-01-01T00:31:00.000Z', messageCount: 1 },
      { sessionId: 'empty', title: UNTITLED, createdAt: '2030-01-01T00:10:00.000Z', modifiedAt: '2030-01-01T00:10:00.000Z', messageCount: 0 },
      { sessionId: 'old', title: 'Refactor the parser', createdAt: '2030-01-01T00:00:00.000Z', modifiedAt: '2030-01-01T00:02:00.000Z', messageCount: 2 },
    ]);
  });

  it('lists an unreadable session with a warning title instead of failing the list', async () => {
    const store = new MemoryTranscriptStore();
    await writerAt(store, 'fine', 0).appendMessage(user('Works'));
    await writerAt(store, 'locked', 5).appendMessage(user('Hidden'));
    store.unreadable.add('locked');
    const list = await listSessions(store);
    expect(list.map((s) => s.title)).toEqual(['Works', '⚠ Unreadable session (EACCES: permission denied)']);
    expect(list[1]).toMatchObject({ sessionId: 'locked', messageCount: 0, error: 'EACCES: permission denied', modifiedAt: '2030-01-01T00:00:00.000Z' });
  });

  it('lists a session of garbage as untitled and dated by its file', async () => {
    const store = new MemoryTranscriptStore();
    store.texts.set('junk', 'not json\n{"type":"nope"}\n');
    expect(await listSessions(store)).toEqual([
      { sessionId: 'junk', title: UNTITLED, createdAt: '2030-01-01T00:00:00.000Z', modifiedAt: '2030-01-01T00:00:00.000Z', messageCount: 0 },
    ]);
  });
});

describe('loadSession', () => {
  it('returns the repaired conversation, meta, title and every warning', async () => {
    const store = new MemoryTranscriptStore();
    const writer = writerAt(store, 's', 0);
    await writer.writeMeta({ cwd: '/repo', model: 'claude-test' });
    await writer.appendMessage(user('List the files'));
    await writer.appendMessage(toolCall('t1'));
    await writer.appendUsage({ model: 'claude-test', inputTokens: 7, outputTokens: 3, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0.5 });
    store.texts.set('s', `${store.texts.get('s')}{"type":"message","uu`);

    const loaded = await loadSession(store, 's');
    expect(loaded.meta).toMatchObject({ sessionId: 's', cwd: '/repo', model: 'claude-test' });
    expect(loaded.title).toBe('List the files');
    expect(loaded.usage.costUsd).toBe(0.5);
    expect(loaded.messages).toEqual([
      user('List the files'),
      toolCall('t1'),
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: INTERRUPTED_TOOL_RESULT, is_error: true }] },
    ]);
    expect(loaded.warnings).toEqual([
      'Line 5: skipped an incomplete last line (the session probably ended mid-write).',
      'Repaired: Added interrupted results for 1 unfinished tool call(s): t1.',
    ]);
  });

  it('says what to do when the session has no transcript', async () => {
    await expect(loadSession(new MemoryTranscriptStore(), 'gone')).rejects.toThrow(/No transcript for session gone.*start a new one/);
  });
});
