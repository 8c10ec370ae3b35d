import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { absoluteListed, listRipgrepFiles, withTrailingSep } from '../../../../extension/host/node/fileList';
import { fakeRg, makeTree, removeTempDirs, tempDir } from '../../tools/Grep/searchTree';

afterAll(removeTempDirs);

const posixOnly = it.skipIf(process.platform === 'win32');

/** Shell lines that wait (at most 5 s) until `file` exists: the test's side says when it has read a path. */
const waitFor = (file: string) => `i=0; while [ ! -e '${file}' ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done`;

describe('host/node listRipgrepFiles', () => {
  posixOnly('stats each file as rg prints it, while rg is still running', async () => {
    const root = makeTree({ 'a.ts': 'a', 'x.ts': 'x', 'b.ts': 'b' }, { 'a.ts': 100, 'x.ts': 100, 'b.ts': 100 });
    const flag = path.join(tempDir('cw-flag-'), 'seen-x');
    // rg prints a.ts and x.ts, waits until x.ts has been read, then makes a.ts ancient and prints b.ts. A list
    // stat'ed after rg exited would give a.ts the year 2000.
    const { rgPath } = fakeRg(`printf 'a.ts\\000x.ts\\000'\n${waitFor(flag)}\ntouch -t 200001010000 a.ts\nprintf 'b.ts\\000'`);
    const exclude = (file: string) => {
      if (file.endsWith(`${path.sep}x.ts`)) writeFileSync(flag, '');
      return false;
    };
    const listed = await listRipgrepFiles(rgPath, [], { cwd: root, exclude });
    expect(existsSync(flag)).toBe(true);
    expect(listed.files.map((f) => path.basename(f.path))).toEqual(['a.ts', 'x.ts', 'b.ts']);
    expect(listed.files[0]!.mtimeMs).toBeGreaterThan(Date.UTC(2020, 0, 1));
  });

  posixOnly('joins a name split between two reads, inside a UTF-8 sequence too, and keeps newlines in names', async () => {
    const root = makeTree({ 'a.ts': 'a', 'dé.ts': 'é', 'two\nlines.ts': 'n' });
    const flag = path.join(tempDir('cw-flag-'), 'seen-a');
    // The first write ends in the middle of "é" (\303\251); the rest comes only after a.ts was read.
    const { rgPath } = fakeRg(`printf './a.ts\\000./d\\303'\n${waitFor(flag)}\nprintf '\\251.ts\\000two\\nlines.ts\\000'`);
    const exclude = (file: string) => (file.endsWith(`${path.sep}a.ts`) && writeFileSync(flag, ''), false);
    const listed = await listRipgrepFiles(rgPath, [], { cwd: root, exclude });
    expect(listed.files.map((f) => f.path)).toEqual([path.join(root, 'a.ts'), path.join(root, 'dé.ts'), path.join(root, 'two\nlines.ts')]);
    expect(listed.files.every((f) => f.mtimeMs !== undefined)).toBe(true);
  });

  posixOnly('counts excluded files without listing them, and leaves a vanished file without an mtime', async () => {
    const root = makeTree({ 'keep.ts': 'k', 'secret.ts': 's' });
    const { rgPath } = fakeRg(`printf 'keep.ts\\000secret.ts\\000gone.ts\\000'`);
    const listed = await listRipgrepFiles(rgPath, [], { cwd: root, exclude: (file) => file === path.join(root, 'secret.ts') });
    expect(listed.hidden).toBe(1);
    expect(listed.files.map((f) => [path.basename(f.path), f.mtimeMs !== undefined])).toEqual([
      ['keep.ts', true],
      ['gone.ts', false],
    ]);
    expect(listed.exitCode).toBe(0);
  });

  posixOnly('stops rg past maxOutputBytes and says the list is partial', async () => {
    const root = makeTree({ 'a.ts': 'a' });
    const { rgPath } = fakeRg(`while :; do printf 'a.ts\\000'; done`);
    const listed = await listRipgrepFiles(rgPath, [], { cwd: root, maxOutputBytes: 1000 });
    expect(listed.truncated).toBe(true);
    expect(listed.files.length).toBeGreaterThan(0);
    expect(listed.files.every((f) => f.path === path.join(root, 'a.ts'))).toBe(true);
  });
});

describe('host/node absoluteListed', () => {
  it('resolves what rg prints: names, ./names and absolute paths', () => {
    const repo = path.resolve(path.sep, 'repo');
    const dir = withTrailingSep(path.join(repo, 'sub', '..'));
    expect(dir).toBe(repo + path.sep);
    expect(absoluteListed(dir, path.join('src', 'a.ts'))).toBe(path.join(repo, 'src', 'a.ts'));
    expect(absoluteListed(dir, `.${path.sep}a.ts`)).toBe(path.join(repo, 'a.ts'));
    const elsewhere = path.resolve(path.sep, 'other', 'b.ts');
    expect(absoluteListed(dir, elsewhere)).toBe(elsewhere);
    expect(withTrailingSep(path.resolve(path.sep))).toBe(path.resolve(path.sep));
  });
});
