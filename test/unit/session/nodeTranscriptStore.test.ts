import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTranscript, TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { NodeTranscriptStore, workspaceKeyOf } from '../../../extension/host/node/transcriptStore';
import { assistant, user } from './support';

describe('NodeTranscriptStore', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cw-node-transcripts-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates its folder on first append and keeps one <sessionId>.jsonl per session', async () => {
    const store = new NodeTranscriptStore(path.join(root, 'deep', 'transcripts'));
    await store.append('abc-1', ['{"a":1}']);
    await store.append('abc_2', ['{"b":2}']);
    expect((await readdir(store.dir)).sort()).toEqual(['abc-1.jsonl', 'abc_2.jsonl']);
    expect(await readFile(path.join(store.dir, 'abc-1.jsonl'), 'utf8')).toBe('{"a":1}\n');
  });

  it('lists nothing when its folder does not exist yet', async () => {
    expect(await new NodeTranscriptStore(path.join(root, 'missing')).list()).toEqual([]);
  });

  it('lists only .jsonl files named like sessions', async () => {
    const store = new NodeTranscriptStore(root);
    await store.append('real', ['{}']);
    await writeFile(path.join(root, 'notes.txt'), 'x');
    await writeFile(path.join(root, 'bad name.jsonl'), '{}\n');
    await mkdir(path.join(root, 'folder.jsonl'));
    expect((await store.list()).map((e) => e.sessionId)).toEqual(['real']);
  });

  it('starts on a fresh line when a crash left the last line cut off, so new lines stay whole', async () => {
    const store = new NodeTranscriptStore(root);
    const file = path.join(root, 's.jsonl');
    const whole = JSON.stringify({ type: 'message', uuid: 'u1', timestamp: '2030-01-01T00:00:00.000Z', message: user('before the crash') });
    await writeFile(file, `${whole}\n${whole.slice(0, 30)}`);
    await new TranscriptWriter(store, 's').appendMessage(assistant('after resume'));
    const parsed = parseTranscript((await store.read('s'))!);
    expect(parsed.messages).toEqual([user('before the crash'), assistant('after resume')]);
    expect(parsed.warnings).toEqual(['Line 2: skipped, not valid JSON.']);
  });

  it('adds no blank line when the existing file already ends with a newline', async () => {
    await writeFile(path.join(root, 's.jsonl'), '{"a":1}\n');
    const store = new NodeTranscriptStore(root);
    await store.append('s', ['{"b":2}']);
    expect(await store.read('s')).toBe('{"a":1}\n{"b":2}\n');
  });

  it('reports a read failure other than a missing file', async () => {
    await mkdir(path.join(root, 'dir.jsonl'));
    await expect(new NodeTranscriptStore(root).read('dir')).rejects.toThrow(/EISDIR/);
  });
});

describe('workspaceKeyOf', () => {
  it('keys a workspace by a short hash of its path, ignoring a trailing separator', () => {
    const key = workspaceKeyOf('/home/me/project');
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(workspaceKeyOf('/home/me/project/')).toBe(key);
    expect(workspaceKeyOf('/home/me/other')).not.toBe(key);
    expect(workspaceKeyOf('c:\\work\\repo\\')).toBe(workspaceKeyOf('c:\\work\\repo'));
  });
});
