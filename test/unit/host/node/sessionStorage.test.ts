import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeSessionStorage } from '../../../../extension/host/node/sessionStorage';

describe('NodeSessionStorage', () => {
  let root: string;
  let storage: NodeSessionStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'codewright-storage-'));
    storage = new NodeSessionStorage(path.join(root, 'session'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('exposes the folder as an absolute path', () => {
    const relative = new NodeSessionStorage(path.relative(process.cwd(), path.join(root, 'session')));
    expect(path.isAbsolute(relative.dir)).toBe(true);
    expect(relative.dir).toBe(path.join(root, 'session'));
  });

  it('writes text under the folder, creating parent folders, and returns the absolute path', async () => {
    const written = await storage.writeText('tool-results/deep/toolu_1.txt', 'héllo\nworld');
    expect(written).toBe(path.join(root, 'session', 'tool-results', 'deep', 'toolu_1.txt'));
    expect(await readFile(written, 'utf8')).toBe('héllo\nworld');
  });

  it('reads back what it wrote', async () => {
    await storage.writeText('notes.txt', 'first');
    expect(await storage.readText('notes.txt')).toBe('first');
  });

  it('replaces an existing file and leaves no temp file behind', async () => {
    await storage.writeText('a/b.txt', 'old');
    await storage.writeText('a/b.txt', 'new');
    expect(await storage.readText('a/b.txt')).toBe('new');
    expect(await readdir(path.join(storage.dir, 'a'))).toEqual(['b.txt']);
  });

  it('returns undefined for a missing file, even in a missing folder', async () => {
    expect(await storage.readText('nope.txt')).toBeUndefined();
    expect(await storage.readText('no/such/folder.txt')).toBeUndefined();
  });

  it('accepts a path with ".." that stays inside the folder', async () => {
    const written = await storage.writeText('a/../b.txt', 'inside');
    expect(written).toBe(path.join(storage.dir, 'b.txt'));
  });

  it.each(['../escape.txt', 'a/../../escape.txt', '..', '.', ''])('refuses the path %j with a clear error and writes nothing', async (bad) => {
    await expect(storage.writeText(bad, 'x')).rejects.toThrow(/Session storage path .* (escapes the session folder|must be a non-empty path relative)/);
    await expect(storage.readText(bad)).rejects.toThrow(/Session storage path/);
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses absolute paths', async () => {
    const outside = path.join(root, 'outside.txt');
    await expect(storage.writeText(outside, 'x')).rejects.toThrow(/must be a non-empty path relative to the session folder/);
    await expect(storage.writeText('C:\\Windows\\x.txt', 'x')).rejects.toThrow(/relative to the session folder/);
    await writeFile(outside, 'secret');
    await expect(storage.readText(outside)).rejects.toThrow(/relative to the session folder/);
  });

  it('does not mistake a name starting with ".." for an escape', async () => {
    const written = await storage.writeText('..hidden.txt', 'ok');
    expect(written).toBe(path.join(storage.dir, '..hidden.txt'));
  });
});
