import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transcriptEntrySchema } from '../../../extension/core/engines/transcripts/entries';
import { parseTranscript, TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { NodeTranscriptStore } from '../../../extension/host/node/transcriptStore';
import { sequentialIds } from '../support';
import { assistant, MemoryTranscriptStore, user } from './support';

const clock = () => ({ now: () => new Date('2030-01-01T00:00:00.000Z'), uuid: sequentialIds('uuid') });

function entries(text: string) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => transcriptEntrySchema.parse(JSON.parse(line)));
}

describe('TranscriptWriter', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cw-writer-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes 50 unawaited appends to the file in call order', async () => {
    const store = new NodeTranscriptStore(root);
    const writer = new TranscriptWriter(store, 's1');
    const uuids = Array.from({ length: 50 }, (_, i) => writer.appendMessage(user(`prompt ${i}`)));
    const resolved = await Promise.all(uuids);
    const written = entries(await readFile(path.join(root, 's1.jsonl'), 'utf8'));
    expect(written.map((e) => (e.type === 'message' ? e.message.content : e.type))).toEqual(Array.from({ length: 50 }, (_, i) => `prompt ${i}`));
    expect(written.map((e) => (e.type === 'message' ? e.uuid : ''))).toEqual(resolved);
    expect(new Set(resolved).size).toBe(50);
  });

  it('resolves an append only after the store has it', async () => {
    const store = new MemoryTranscriptStore();
    const writer = new TranscriptWriter(store, 's', clock());
    store.hold();
    let done = false;
    const pending = writer.appendMessage(user('hi')).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    expect(store.texts.get('s')).toBeUndefined();
    store.release();
    await pending;
    expect(done).toBe(true);
    expect(store.texts.get('s')).toContain('"hi"');
  });

  it('sends lines queued during a write together in the next append, in order', async () => {
    const store = new MemoryTranscriptStore();
    const writer = new TranscriptWriter(store, 's', clock());
    store.hold();
    const all = [writer.appendTitle('one'), writer.appendTitle('two'), writer.appendTitle('three')];
    store.release();
    await Promise.all(all);
    expect(store.appendCalls.map((c) => c.length)).toEqual([1, 2]);
    expect(parseTranscript(store.texts.get('s')!).title).toBe('three');
  });

  it('rejects only the lines of a failed write and keeps writing later ones', async () => {
    const store = new MemoryTranscriptStore();
    const writer = new TranscriptWriter(store, 's', clock());
    store.failing.add(JSON.stringify({ type: 'title', title: 'lost' }));
    await expect(writer.appendTitle('lost')).rejects.toThrow('disk full');
    await writer.appendTitle('kept');
    expect(store.texts.get('s')).toBe('{"type":"title","title":"kept"}\n');
  });

  it('refuses an entry a reader would skip, without writing anything', async () => {
    const store = new MemoryTranscriptStore();
    const writer = new TranscriptWriter(store, 's', clock());
    const broken = { role: 'assistant', content: [{ type: 'tool_use', name: 'Bash', input: {} }] } as never;
    await expect(writer.appendMessage(broken)).rejects.toThrow(/invalid message transcript line.*id/);
    await expect(writer.appendUsage({ model: 'm', inputTokens: -1, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0 })).rejects.toThrow(/inputTokens/);
    expect(store.appendCalls).toEqual([]);
  });

  it('writes every entry type so that parsing reads the session back', async () => {
    const store = new MemoryTranscriptStore();
    const writer = new TranscriptWriter(store, 'sess-1', clock());
    await writer.writeMeta({ cwd: '/repo', model: 'claude-test' });
    const first = await writer.appendMessage(user('Fix the tests'));
    await writer.appendMessage(assistant('Done.'));
    await writer.appendTitle('Fixing tests');
    await writer.appendUsage({ model: 'claude-test', inputTokens: 100, outputTokens: 20, cacheReadInputTokens: 50, cacheCreationInputTokens: 10, costUsd: 0.25 });
    await writer.appendEvent('permissionGranted', { tool: 'Bash' });
    await writer.appendEvent('stopped');
    const text = store.texts.get('sess-1')!;
    expect(first).toBe('uuid-1');
    expect(text.split('\n').at(-1)).toBe('');
    const parsed = parseTranscript(text);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.meta).toEqual({ type: 'meta', sessionId: 'sess-1', createdAt: '2030-01-01T00:00:00.000Z', cwd: '/repo', model: 'claude-test', version: 1 });
    expect(parsed.messages).toEqual([user('Fix the tests'), assistant('Done.')]);
    expect(parsed.title).toBe('Fixing tests');
    expect(parsed.usage).toEqual({ inputTokens: 100, outputTokens: 20, cacheReadInputTokens: 50, cacheCreationInputTokens: 10, costUsd: 0.25 });
    expect(entries(text).filter((e) => e.type === 'event')).toEqual([
      { type: 'event', timestamp: '2030-01-01T00:00:00.000Z', name: 'permissionGranted', data: { tool: 'Bash' } },
      { type: 'event', timestamp: '2030-01-01T00:00:00.000Z', name: 'stopped' },
    ]);
  });

  it('idle() waits for every queued line', async () => {
    const store = new MemoryTranscriptStore();
    const writer = new TranscriptWriter(store, 's', clock());
    void writer.appendTitle('a');
    void writer.appendTitle('b');
    await writer.idle();
    expect(store.texts.get('s')?.split('\n').filter(Boolean)).toHaveLength(2);
  });
});
