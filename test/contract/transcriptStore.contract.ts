/**
 * The TranscriptStore contract, run against every adapter: by vitest on the Node host and by mocha inside
 * a real VS Code. Takes the runner's describe/it so one text serves both. `make` returns an empty store.
 */
import * as assert from 'node:assert/strict';
import type { TranscriptStore } from '../../extension/core/contracts/storage';

type Describe = (name: string, fn: () => void) => void;
type It = (name: string, fn: () => Promise<void>) => void;

export function transcriptStoreContract(describe: Describe, it: It, make: () => TranscriptStore): void {
  describe('TranscriptStore contract', () => {
    it('reads undefined and lists nothing before anything is written', async () => {
      const store = make();
      assert.equal(await store.read('never-written'), undefined);
      assert.deepEqual(await store.list(), []);
    });

    it('reads back appended lines in order, each ending in a newline', async () => {
      const store = make();
      await store.append('s1', ['{"n":1}', '{"n":2}']);
      await store.append('s1', ['{"n":3}']);
      assert.equal(await store.read('s1'), '{"n":1}\n{"n":2}\n{"n":3}\n');
    });

    it('keeps sessions apart', async () => {
      const store = make();
      await store.append('a', ['{"s":"a"}']);
      await store.append('b', ['{"s":"b"}']);
      assert.equal(await store.read('a'), '{"s":"a"}\n');
      assert.equal(await store.read('b'), '{"s":"b"}\n');
    });

    it('round-trips non-ASCII text and reports its size in bytes', async () => {
      const store = make();
      const line = JSON.stringify({ text: 'ünïcödé ✓ 日本語 \u2028' });
      await store.append('u', [line]);
      assert.equal(await store.read('u'), `${line}\n`);
      const [entry] = await store.list();
      assert.equal(entry?.sessionId, 'u');
      assert.equal(entry?.sizeBytes, Buffer.byteLength(`${line}\n`, 'utf8'));
    });

    it('lists every session with its size and modification time', async () => {
      const store = make();
      const before = Date.now() - 5_000;
      await store.append('first', ['{}']);
      await store.append('second', ['{"x":1}', '{"x":2}']);
      const listed = (await store.list()).sort((x, y) => x.sessionId.localeCompare(y.sessionId));
      assert.deepEqual(
        listed.map((e) => [e.sessionId, e.sizeBytes]),
        [
          ['first', 3],
          ['second', 16],
        ],
      );
      for (const e of listed) assert.ok(e.modifiedMs >= before && e.modifiedMs <= Date.now() + 5_000, `mtime ${e.modifiedMs}`);
    });

    it('keeps every line whole when appends are not awaited one by one', async () => {
      const store = make();
      const lines = Array.from({ length: 40 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(i * 50) }));
      await Promise.all(lines.map((line) => store.append('c', [line])));
      const text = (await store.read('c')) ?? '';
      assert.deepEqual(text.split('\n').slice(0, -1), lines);
    });

    it('treats an empty append as no write', async () => {
      const store = make();
      await store.append('empty', []);
      assert.equal(await store.read('empty'), undefined);
    });

    it('refuses session ids that are not plain names', async () => {
      const store = make();
      await assert.rejects(store.append('../escape', ['{}']), /Invalid session id/);
      await assert.rejects(store.read('a/b'), /Invalid session id/);
      await assert.rejects(store.append('', ['{}']), /Invalid session id/);
    });

    it('refuses a line containing a newline, which would split it in two', async () => {
      const store = make();
      await assert.rejects(store.append('n', ['{"a":1}\n{"b":2}']), /newline/);
      assert.equal(await store.read('n'), undefined);
    });
  });
}
