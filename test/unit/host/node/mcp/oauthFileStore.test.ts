import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../../../extension/host/node/mcp/oauthFileStore';

const POSIX = process.platform !== 'win32';
const mode = (file: string) => statSync(file).mode & 0o777;

function place(): { dir: string; file: string } {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cw-oauth-store-')), 'home');
  return { dir, file: path.join(dir, 'mcp-oauth.json') };
}

describe('host/node/mcp/oauthFileStore', () => {
  it('keeps the secrets in a file only the user can read, in a folder only the user can enter', async () => {
    const { dir, file } = place();
    const store = new FileSecretStore(file);
    expect(await store.get('a')).toBeUndefined();
    await store.store('a', '{"tokens":1}');
    await store.store('b', 'two');
    expect(await store.get('a')).toBe('{"tokens":1}');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ a: '{"tokens":1}', b: 'two' });
    if (POSIX) {
      expect(mode(file)).toBe(0o600);
      expect(mode(dir)).toBe(0o700);
    }
  });

  it('narrows a file the user made readable by others on the next write', async () => {
    const { file } = place();
    const store = new FileSecretStore(file);
    await store.store('a', '1');
    chmodSync(file, 0o644);
    await store.store('a', '2');
    if (POSIX) expect(mode(file)).toBe(0o600);
    expect(await store.get('a')).toBe('2');
  });

  it('replaces the file whole: concurrent writers of two stores keep every key and a reader never sees half a file', async () => {
    const { dir, file } = place();
    // Two stores on one file: two CLI runs signing in to different servers at once.
    const one = new FileSecretStore(file);
    const two = new FileSecretStore(file);
    const big = 'x'.repeat(64 * 1024);
    const reads: Promise<unknown>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      writes.push(one.store(`one-${i}`, big));
      reads.push(one.get('one-0').then(() => JSON.parse(readFileSync(file, 'utf8'))).catch((e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT' || Promise.reject(e)));
    }
    await Promise.all([...writes, ...reads]);
    await two.store('two', 'kept');
    const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(all).sort()).toEqual([...Array.from({ length: 20 }, (_, i) => `one-${i}`), 'two'].sort());
    expect(readdirSync(dir)).toEqual(['mcp-oauth.json']);
  });

  it('reads an unreadable file as empty, and the next write replaces it', async () => {
    const { dir, file } = place();
    const store = new FileSecretStore(file);
    await store.store('a', '1');
    writeFileSync(file, '{not json');
    expect(await store.get('a')).toBeUndefined();
    await store.store('b', '2');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ b: '2' });
    expect(readdirSync(dir)).toEqual(['mcp-oauth.json']);
  });

  it('deletes one key and leaves the others', async () => {
    const { file } = place();
    const store = new FileSecretStore(file);
    await store.store('a', '1');
    await store.store('b', '2');
    await store.delete('a');
    await store.delete('missing');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ b: '2' });
  });
});
