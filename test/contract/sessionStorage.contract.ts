/**
 * The SessionStorage contract, run against every adapter: by vitest on the Node host and by mocha inside
 * a real VS Code. Takes the runner's describe/it so one text serves both.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SessionStorage } from '../../extension/core/contracts/storage';

type Describe = (name: string, fn: () => void) => void;
type It = (name: string, fn: () => Promise<void>) => void;

export function sessionStorageContract(describe: Describe, it: It, make: () => SessionStorage): void {
  describe('SessionStorage contract', () => {
    it('writes a file under its folder and returns its absolute path', async () => {
      const storage = make();
      const written = await storage.writeText('tool-results/toolu_1.txt', 'hello\nworld');
      assert.equal(written, path.join(storage.dir, 'tool-results', 'toolu_1.txt'));
      assert.equal(readFileSync(written, 'utf8'), 'hello\nworld');
    });

    it('reads back what it wrote and undefined for a missing file', async () => {
      const storage = make();
      await storage.writeText('a/b.txt', 'ünïcödé ✓');
      assert.equal(await storage.readText('a/b.txt'), 'ünïcödé ✓');
      assert.equal(await storage.readText('missing.txt'), undefined);
    });

    it('overwrites a file whole', async () => {
      const storage = make();
      await storage.writeText('x.txt', 'a long first version');
      await storage.writeText('x.txt', 'short');
      assert.equal(await storage.readText('x.txt'), 'short');
    });

    it('refuses paths that escape the folder', async () => {
      const storage = make();
      await assert.rejects(storage.writeText('../outside.txt', 'x'), /escapes the session folder/);
      await assert.rejects(storage.writeText('/etc/passwd', 'x'), /relative to the session folder/);
    });
  });
}
