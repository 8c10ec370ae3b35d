/**
 * The SearchPort contract, run against every adapter: by vitest on the Node host and by mocha inside a
 * real VS Code (whose bundled rg is then the one found). Takes the runner's describe/it so one text serves
 * both. Each test builds its own temp tree; a `.git` folder makes it a repository, since rg honours
 * .gitignore only inside one.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchPort } from '../../extension/core/contracts/workspace';

type Describe = (name: string, fn: () => void) => void;
type It = (name: string, fn: () => Promise<void>) => void;

/** Files with ages in seconds before now (oldest first: c, a, b). */
function tree(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cw-search-contract-'));
  const files: [string, string, number][] = [
    ['.gitignore', 'ignored/\n*.log\n', 0],
    ['src/a.ts', 'const alpha = 1;\n', 200],
    ['src/b.ts', 'const beta = alpha;\n', 100],
    ['lib/c.ts', 'export {};\n', 300],
    ['notes.md', 'alpha notes\n', 50],
    ['ignored/x.ts', 'alpha\n', 10],
    ['debug.log', 'alpha\n', 10],
    ['.hidden.ts', 'alpha\n', 10],
  ];
  mkdirSync(path.join(root, '.git'));
  const now = Date.now() / 1000;
  for (const [rel, content, age] of files) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
    if (age) utimesSync(path.join(root, rel), now - age, now - age);
  }
  return root;
}

/** Runs `fn` on a fresh tree and removes the tree afterwards, pass or fail. */
async function withTree(fn: (root: string) => Promise<void>): Promise<void> {
  const root = tree();
  try {
    await fn(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const lines = (text: string) => text.split('\n').filter(Boolean).sort();

export function searchContract(describe: Describe, it: It, make: () => SearchPort): void {
  describe('SearchPort contract', () => {
    it('runs ripgrep: exit 0 with matches, 1 without, and .gitignore holds', () =>
      withTree(async (root) => {
        const hit = await make().ripgrep(['--no-config', '-l', '--', 'alpha', '.'], { cwd: root });
        assert.equal(hit.exitCode, 0);
        assert.equal(hit.truncated, false);
        assert.deepEqual(lines(hit.stdout), ['./notes.md', './src/a.ts', './src/b.ts']);
        const miss = await make().ripgrep(['--no-config', '-l', '--', 'omega', '.'], { cwd: root });
        assert.deepEqual([miss.exitCode, miss.stdout], [1, '']);
      }));

    it("answers a bad regex with exit 2 and ripgrep's message on stderr", () =>
      withTree(async (root) => {
        const out = await make().ripgrep(['--no-config', '--', 'alpha(', '.'], { cwd: root });
        assert.equal(out.exitCode, 2);
        assert.match(out.stderr, /regex parse error/);
      }));

    it('stops at maxOutputBytes with whole lines and says it was truncated', () =>
      withTree(async (root) => {
        writeFileSync(path.join(root, 'many.txt'), 'alpha line\n'.repeat(5000));
        const out = await make().ripgrep(['--no-config', '--', 'alpha', 'many.txt'], { cwd: root, maxOutputBytes: 1000 });
        assert.equal(out.truncated, true);
        assert.ok(out.stdout.length <= 1000 && out.stdout.endsWith('alpha line\n'), out.stdout.slice(-40));
      }));

    it('rejects with an AbortError when the signal is already aborted', () =>
      withTree(async (root) => {
        const controller = new AbortController();
        controller.abort();
        const signal = controller.signal;
        await assert.rejects(make().ripgrep(['--', 'alpha', '.'], { cwd: root, signal }), { name: 'AbortError' });
        await assert.rejects(make().glob('**/*', { cwd: root, limit: 10, signal }), { name: 'AbortError' });
        await assert.rejects(make().listFiles(['--files', '--null'], { cwd: root, signal }), { name: 'AbortError' });
      }));

    it('lists the files rg prints as absolute paths with their mtimes, counting the excluded ones', () =>
      withTree(async (root) => {
        const b = path.join(root, 'src', 'b.ts');
        const args = ['--no-config', '--files-with-matches', '--null', '--', 'alpha', '.'];
        const out = await make().listFiles(args, { cwd: root, exclude: (file) => file === b });
        const a = out.files.find((f) => f.path === path.join(root, 'src', 'a.ts'));
        assert.deepEqual(out.files.map((f) => f.path).sort(), [path.join(root, 'notes.md'), path.join(root, 'src', 'a.ts')]);
        assert.ok(a?.mtimeMs !== undefined && Math.abs(a.mtimeMs - (Date.now() - 200_000)) < 60_000, String(a?.mtimeMs));
        assert.deepEqual([out.hidden, out.exitCode, out.truncated], [1, 0, false]);
      }));

    it('globs absolute paths with mtimes, oldest first, leaving out ignored and hidden files', () =>
      withTree(async (root) => {
        const out = await make().glob('**/*.ts', { cwd: root, limit: 100 });
        assert.deepEqual(
          out.files.map((f) => path.relative(root, f.path)),
          [path.join('lib', 'c.ts'), path.join('src', 'a.ts'), path.join('src', 'b.ts')],
        );
        assert.ok(out.files.every((f) => path.isAbsolute(f.path) && f.mtimeMs > 0));
        assert.ok(out.files[0]!.mtimeMs < out.files[2]!.mtimeMs);
        assert.equal(out.truncated, false);
      }));

    it('does not list an ignored file even when the pattern names it', () =>
      withTree(async (root) => {
        assert.deepEqual((await make().glob('*.log', { cwd: root, limit: 100 })).files, []);
      }));

    it('keeps the oldest `limit` files and says more exist', () =>
      withTree(async (root) => {
        const out = await make().glob('**/*', { cwd: root, limit: 2 });
        assert.equal(out.truncated, true);
        assert.deepEqual(
          out.files.map((f) => path.basename(f.path)),
          ['c.ts', 'a.ts'],
        );
      }));

    it('finds nothing, without failing, in a folder that does not exist', () =>
      withTree(async (root) => {
        const out = await make().glob('*.ts', { cwd: path.join(root, 'missing'), limit: 10 });
        assert.deepEqual([out.files, out.truncated], [[], false]);
      }));
  });
}
