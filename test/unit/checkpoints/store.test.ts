import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CheckpointStore } from '../../../extension/core/engines/checkpoints/store';
import { changedFiles } from '../../../extension/core/engines/checkpoints/changes';
import { NodeFileRestorer } from '../../../extension/host/node/fileRestorer';
import { NodeSessionStorage } from '../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../extension/host/node/workspace';

let root: string;
let storage: NodeSessionStorage;
let ws: NodeWorkspace;
const restorer = new NodeFileRestorer();

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cw-checkpoints-'));
  mkdirSync(path.join(root, 'ws'));
  storage = new NodeSessionStorage(path.join(root, 'storage'));
  ws = new NodeWorkspace([path.join(root, 'ws')]);
});

const file = (name: string) => path.join(root, 'ws', name);
const read = (name: string) => readFileSync(file(name), 'utf8');

/** A tool write as the decorator does it: pre-image, write, record. */
async function write(store: CheckpointStore, name: string, text: string): Promise<void> {
  await store.beforeWrite(file(name), ws);
  await ws.writeText(file(name), text, { encoding: 'utf8', bom: false });
  await store.afterWrite(file(name), ws);
}

describe('CheckpointStore', () => {
  it('keeps the pre-image of a file once per prompt, and again for the next prompt', async () => {
    await ws.writeText(file('a.txt'), 'v0\n', { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('p1', 'first');
    await write(store, 'a.txt', 'v1\n');
    await write(store, 'a.txt', 'v2\n');
    await store.beginPrompt('p2', 'second');
    await write(store, 'a.txt', 'v3\n');
    const [c1, c2] = store.checkpoints();
    const pre1 = c1!.files[file('a.txt')]!;
    const pre2 = c2!.files[file('a.txt')]!;
    expect(Buffer.from((await store.bytesOf(pre1))!).toString()).toBe('v0\n');
    expect(Buffer.from((await store.bytesOf(pre2))!).toString()).toBe('v2\n');

    // Rewinding to the second prompt restores v2; to the first, v0.
    const plan2 = await store.plan('p2', ws);
    expect(plan2?.files).toEqual([{ path: file('a.txt'), action: 'restore', changedSince: false }]);
    await store.restore(plan2!, ws, restorer, new Set());
    expect(read('a.txt')).toBe('v2\n');
    const plan1 = await store.plan('p1', ws);
    await store.restore(plan1!, ws, restorer, new Set());
    expect(read('a.txt')).toBe('v0\n');
  });

  it('deletes a file the session created when rewinding past its creation', async () => {
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('p1', 'make it');
    await write(store, 'new.txt', 'hello\n');
    const plan = await store.plan('p1', ws);
    expect(plan?.files).toEqual([{ path: file('new.txt'), action: 'delete', changedSince: false }]);
    const result = await store.restore(plan!, ws, restorer, new Set());
    expect(existsSync(file('new.txt'))).toBe(false);
    expect(result.restored.get(file('new.txt'))).toBe('absent');
  });

  it('detects a file edited by hand after the session wrote it and leaves it alone unless told to overwrite', async () => {
    await ws.writeText(file('a.txt'), 'orig\n', { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('p1', 'edit');
    await write(store, 'a.txt', 'agent\n');
    writeFileSync(file('a.txt'), 'mine\n');
    const plan = await store.plan('p1', ws);
    expect(plan?.files).toEqual([{ path: file('a.txt'), action: 'restore', changedSince: true }]);
    const kept = await store.restore(plan!, ws, restorer, new Set());
    expect(kept.kept).toEqual([file('a.txt')]);
    expect(read('a.txt')).toBe('mine\n');
    await store.restore(plan!, ws, restorer, new Set([file('a.txt')]));
    expect(read('a.txt')).toBe('orig\n');
  });

  it('re-checks for hand edits at restore time, after the plan was made', async () => {
    await ws.writeText(file('a.txt'), 'orig\n', { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('p1', 'edit');
    await write(store, 'a.txt', 'agent\n');
    const plan = await store.plan('p1', ws);
    expect(plan?.files[0]?.changedSince).toBe(false);
    writeFileSync(file('a.txt'), 'typed while the dialog was open\n');
    const result = await store.restore(plan!, ws, restorer, new Set());
    expect(result.kept).toEqual([file('a.txt')]);
    expect(read('a.txt')).toBe('typed while the dialog was open\n');
  });

  it('records files over the size cap as too large and reports them instead of restoring', async () => {
    writeFileSync(file('big.bin'), Buffer.alloc(2000, 1));
    await ws.writeText(file('small.txt'), 'small\n', { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage, { maxFileBytes: 1000, maxSessionBytes: 1_000_000 });
    await store.beginPrompt('p1', 'edit both');
    await write(store, 'big.bin', 'replaced');
    await write(store, 'small.txt', 'changed\n');
    expect(store.checkpoints()[0]!.files[file('big.bin')]).toEqual({ kind: 'tooLarge', size: 2000, reason: 'file' });
    const plan = await store.plan('p1', ws);
    expect(plan?.tooLarge).toEqual([file('big.bin')]);
    expect(plan?.files.map((f) => f.path)).toEqual([file('small.txt')]);
    await store.restore(plan!, ws, restorer, new Set());
    expect(read('big.bin')).toBe('replaced');
    expect(read('small.txt')).toBe('small\n');
  });

  it('stops keeping pre-images once the session total would pass its cap', async () => {
    await ws.writeText(file('a.txt'), 'a'.repeat(60), { encoding: 'utf8', bom: false });
    await ws.writeText(file('b.txt'), 'b'.repeat(60), { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage, { maxFileBytes: 1000, maxSessionBytes: 100 });
    await store.beginPrompt('p1', 'edit');
    await write(store, 'a.txt', 'A');
    await write(store, 'b.txt', 'B');
    const files = store.checkpoints()[0]!.files;
    expect(files[file('a.txt')]?.kind).toBe('content');
    expect(files[file('b.txt')]).toEqual({ kind: 'tooLarge', size: 60, reason: 'session' });
  });

  it('persists to the session storage and reloads with every checkpoint', async () => {
    await ws.writeText(file('a.txt'), 'before\n', { encoding: 'utf8', bom: false });
    const first = (await CheckpointStore.load(storage)).store;
    await first.beginPrompt('p1', 'edit');
    await write(first, 'a.txt', 'after\n');
    await write(first, 'n.txt', 'new\n');
    expect(readdirSync(path.join(storage.dir, 'checkpoints', 'blobs'))).toHaveLength(1);

    const { store: again, warning } = await CheckpointStore.load(new NodeSessionStorage(storage.dir));
    expect(warning).toBeUndefined();
    expect(again.checkpoints()).toEqual(first.checkpoints());
    const plan = await again.plan('p1', ws);
    expect(plan?.files.map((f) => [path.basename(f.path), f.action, f.changedSince])).toEqual([
      ['a.txt', 'restore', false],
      ['n.txt', 'delete', false],
    ]);
    await again.restore(plan!, ws, restorer, new Set());
    expect(read('a.txt')).toBe('before\n');
    expect(existsSync(file('n.txt'))).toBe(false);
  });

  it('starts afresh with a warning when the manifest is damaged', async () => {
    await storage.writeText('checkpoints/manifest.json', '{"version": 7');
    const { store, warning } = await CheckpointStore.load(storage);
    expect(store.checkpoints()).toEqual([]);
    expect(warning).toMatch(/could not be read/);
  });

  it('finds a reloaded session’s checkpoint by prompt text when the entry id changed', async () => {
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('old-id', 'make a file');
    await write(store, 'x.txt', 'x');
    expect(await store.plan('new-id', ws)).toBeUndefined();
    expect((await store.plan('new-id', ws, 'make a file'))?.files.map((f) => f.action)).toEqual(['delete']);
  });

  it('tells repeated prompts of a reloaded session apart by their position from the end', async () => {
    await ws.writeText(file('r.txt'), '0', { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('old-1', 'again');
    await write(store, 'r.txt', '1');
    await store.beginPrompt('old-2', 'again');
    await write(store, 'r.txt', '2');
    expect((await store.plan('new-2', ws, 'again', 1))?.promptId).toBe('old-2');
    const plan = await store.plan('new-1', ws, 'again', 2);
    expect(plan?.promptId).toBe('old-1');
    await store.restore(plan!, ws, restorer, new Set());
    expect(read('r.txt')).toBe('0');
    expect(await store.plan('new-0', ws, 'again', 3)).toBeUndefined();
  });

  it('forks the checkpoints of earlier prompts into another session with the restored hashes', async () => {
    await ws.writeText(file('a.txt'), '0', { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('p1', 'one');
    await write(store, 'a.txt', '1');
    await store.beginPrompt('p2', 'two');
    await write(store, 'a.txt', '2');
    const restored = await store.restore((await store.plan('p2', ws))!, ws, restorer, new Set());
    const other = new NodeSessionStorage(path.join(root, 'fork'));
    await store.forkInto(other, 'p2', restored.restored);
    const { store: forked } = await CheckpointStore.load(other);
    expect(forked.checkpoints().map((c) => c.promptId)).toEqual(['p1']);
    // The restored file counts as written by the session: rewinding further is not a "hand edit".
    expect((await forked.plan('p1', ws))?.files).toEqual([{ path: file('a.txt'), action: 'restore', changedSince: false }]);
    await forked.restore((await forked.plan('p1', ws))!, ws, restorer, new Set());
    expect(read('a.txt')).toBe('0');
  });
});

describe('changedFiles', () => {
  it('lists files changed since the session start with +/− line counts, created and deleted', async () => {
    await ws.writeText(file('a.txt'), 'one\ntwo\nthree\n', { encoding: 'utf8', bom: false });
    await ws.writeText(file('same.txt'), 'same\n', { encoding: 'utf8', bom: false });
    const { store } = await CheckpointStore.load(storage);
    await store.beginPrompt('p1', 'edit');
    await write(store, 'a.txt', 'one\nTWO\nthree\nfour\n');
    await write(store, 'new.txt', 'x\ny\n');
    await write(store, 'same.txt', 'same\n');
    const files = await changedFiles(store, ws);
    expect(files).toEqual([
      { path: file('a.txt'), added: 2, removed: 1, created: false, deleted: false, binary: false },
      { path: file('new.txt'), added: 2, removed: 0, created: true, deleted: false, binary: false },
    ]);
  });
});
