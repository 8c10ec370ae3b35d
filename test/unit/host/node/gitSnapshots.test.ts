import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptureResult, SnapshotChange } from '../../../../extension/core/contracts/snapshots';
import { createGitSnapshotter, GitSnapshotter } from '../../../../extension/host/node/gitSnapshots';
import { gitIn, makePlainDir, makeRepo, removeDir, stubGitEnv } from './gitRepo';

/** The id git gives a blob with these bytes (sha1). */
const blobId = (bytes: string | Buffer) => {
  const data = Buffer.from(bytes);
  return createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex');
};

/** The store's own loose objects (not the repository's, which it reaches through alternates). */
function looseObjects(gitDir: string): string[] {
  const root = path.join(gitDir, 'objects');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => /^[0-9a-f]{2}$/.test(d))
    .flatMap((d) => readdirSync(path.join(root, d)).map((f) => d + f))
    .sort();
}

function changesOf(result: CaptureResult): SnapshotChange[] {
  if (result.kind !== 'captured') throw new Error(`expected a capture, got: ${result.reason}`);
  return result.changes;
}

/**
 * A git that hangs in `add` while `marker` exists, the way a slow git would: it takes the store's index.lock
 * and writes its pid first. Otherwise it is the real git.
 */
function slowGit(dir: string, storeDir: string): { git: string; marker: string; pidFile: string } {
  const marker = path.join(dir, 'slow');
  const pidFile = path.join(dir, 'pid');
  const git = path.join(dir, 'git');
  writeFileSync(
    git,
    `#!/bin/sh\nfor a in "$@"; do if [ "$a" = add ] && [ -f '${marker}' ]; then echo $$ > '${pidFile}'; : > '${storeDir}/index.lock'; exec sleep 30; fi; done\nexec git "$@"\n`,
  );
  chmodSync(git, 0o755);
  return { git, marker, pidFile };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const posixOnly = it.skipIf(process.platform === 'win32'); // the slow git is a shell script

function commitAll(repo: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
    writeFileSync(path.join(repo, name), content);
  }
  gitIn(repo, 'add', '-A');
  gitIn(repo, 'commit', '-q', '-m', 'files');
}

describe('host/node/gitSnapshots', () => {
  stubGitEnv();
  const dirs: string[] = [];
  const temp = (dir: string) => (dirs.push(dir), dir);
  const newStore = () => path.join(temp(makePlainDir('cw-snap-store-')), 'store');
  afterEach(() => {
    for (const dir of dirs.splice(0)) removeDir(dir);
  });

  it('reports nothing on the first capture, then exactly the files created, modified, deleted and renamed', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    commitAll(repo, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'b\n', 'old.txt': 'moved content\n' });
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
    expect(changesOf(await snapshots.capture())).toEqual([]);

    writeFileSync(path.join(repo, 'src/a.ts'), 'export const a = 2;\n');
    rmSync(path.join(repo, 'src/b.ts'));
    writeFileSync(path.join(repo, 'new.txt'), 'brand new\n');
    renameSync(path.join(repo, 'old.txt'), path.join(repo, 'renamed.txt'));
    const changes = changesOf(await snapshots.capture());
    expect(changes).toEqual([
      { path: path.join(repo, 'new.txt'), change: 'created' },
      { path: path.join(repo, 'old.txt'), change: 'deleted', before: blobId('moved content\n') },
      { path: path.join(repo, 'renamed.txt'), change: 'created' },
      { path: path.join(repo, 'src/a.ts'), change: 'modified', before: blobId('export const a = 1;\n') },
      { path: path.join(repo, 'src/b.ts'), change: 'deleted', before: blobId('b\n') },
    ]);
    expect(Buffer.from((await snapshots.readBlob(blobId('export const a = 1;\n')))!).toString()).toBe('export const a = 1;\n');
    expect(Buffer.from((await snapshots.readBlob(blobId('b\n')))!).toString()).toBe('b\n');
    expect(changesOf(await snapshots.capture())).toEqual([]);
  });

  it('does not report a file whose times changed but whose content did not', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
    await snapshots.capture();
    const readme = path.join(repo, 'README.md');
    utimesSync(readme, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    writeFileSync(path.join(repo, 'other.md'), 'x\n');
    expect(changesOf(await snapshots.capture()).map((c) => path.basename(c.path))).toEqual(['other.md']);
  });

  it('never reports ignored files', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    commitAll(repo, { '.gitignore': 'node_modules/\ndist/\n' });
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
    await snapshots.capture();
    mkdirSync(path.join(repo, 'node_modules'));
    mkdirSync(path.join(repo, 'dist'));
    writeFileSync(path.join(repo, 'node_modules/x.js'), 'module.exports = 1;\n');
    writeFileSync(path.join(repo, 'dist/out.js'), 'built\n');
    writeFileSync(path.join(repo, 'kept.js'), 'source\n');
    expect(changesOf(await snapshots.capture())).toEqual([{ path: path.join(repo, 'kept.js'), change: 'created' }]);
  });

  it('copies none of the repository\'s content into its store, only the new contents', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`f${i}.txt`] = `file ${i}\n`;
    commitAll(repo, files);
    writeFileSync(path.join(repo, 'staged.txt'), 'staged, not committed\n');
    gitIn(repo, 'add', 'staged.txt');
    const storeDir = newStore();
    const snapshots = createGitSnapshotter({ storeDir, roots: [repo] });
    await snapshots.capture();
    expect(looseObjects(storeDir)).toEqual([]);
    expect(readFileSync(path.join(storeDir, 'objects/info/alternates'), 'utf8').trim()).toBe(path.join(repo, '.git', 'objects'));

    writeFileSync(path.join(repo, 'f1.txt'), 'changed\n');
    writeFileSync(path.join(repo, 'copy.txt'), 'file 2\n'); // content the repository already has
    const changes = changesOf(await snapshots.capture());
    expect(changes.map((c) => [path.basename(c.path), c.change])).toEqual([['copy.txt', 'created'], ['f1.txt', 'modified']]);
    expect(looseObjects(storeDir)).toEqual([blobId('changed\n')]);
  });

  it('keeps the bytes on disk, CRLF included, in a repository whose .gitattributes converts line endings', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const crlf = 'line one\r\nline two\r\n';
    commitAll(repo, { '.gitattributes': '* text=auto\n', 'win.txt': crlf });
    expect(gitIn(repo, 'cat-file', '-p', `HEAD:win.txt`)).toBe('line one\nline two'); // the repository stores LF
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
    await snapshots.capture();
    writeFileSync(path.join(repo, 'win.txt'), 'replaced\r\n');
    const [change] = changesOf(await snapshots.capture());
    expect(change).toEqual({ path: path.join(repo, 'win.txt'), change: 'modified', before: blobId(crlf) });
    expect(Buffer.from((await snapshots.readBlob(change!.before!))!).equals(Buffer.from(crlf))).toBe(true);
  });

  it('snapshots a folder that is not in a repository', async () => {
    const dir = temp(makePlainDir());
    writeFileSync(path.join(dir, 'keep.txt'), 'keep\n');
    writeFileSync(path.join(dir, 'gone.txt'), 'gone\n');
    const storeDir = newStore();
    const snapshots = createGitSnapshotter({ storeDir, roots: [dir] });
    expect(changesOf(await snapshots.capture())).toEqual([]);
    expect(existsSync(path.join(storeDir, 'objects/info/alternates'))).toBe(false);
    rmSync(path.join(dir, 'gone.txt'));
    writeFileSync(path.join(dir, 'keep.txt'), 'kept and changed\n');
    expect(changesOf(await snapshots.capture())).toEqual([
      { path: path.join(dir, 'gone.txt'), change: 'deleted', before: blobId('gone\n') },
      { path: path.join(dir, 'keep.txt'), change: 'modified', before: blobId('keep\n') },
    ]);
    expect(Buffer.from((await snapshots.readBlob(blobId('gone\n')))!).toString()).toBe('gone\n');
  });

  it('reports only the files inside a root that is a subfolder of a repository, under that root', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    commitAll(repo, { 'pkg/app/main.ts': 'main\n', 'pkg/other.ts': 'other\n' });
    const root = path.join(repo, 'pkg', 'app');
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [root] });
    await snapshots.capture();
    writeFileSync(path.join(root, 'main.ts'), 'main 2\n');
    writeFileSync(path.join(repo, 'pkg/other.ts'), 'other 2\n');
    writeFileSync(path.join(repo, 'top.txt'), 'outside\n');
    expect(changesOf(await snapshots.capture())).toEqual([
      { path: path.join(root, 'main.ts'), change: 'modified', before: blobId('main\n') },
    ]);
  });

  it('keeps one store per root when there are several', async () => {
    const one = temp(makeRepo('cw-snap-one-'));
    const two = temp(makePlainDir('cw-snap-two-'));
    const storeDir = newStore();
    const snapshots = createGitSnapshotter({ storeDir, roots: [one, two] });
    await snapshots.capture();
    writeFileSync(path.join(one, 'README.md'), 'changed\n');
    writeFileSync(path.join(two, 'made.txt'), 'made\n');
    expect(changesOf(await snapshots.capture())).toEqual([
      { path: path.join(one, 'README.md'), change: 'modified', before: blobId('hello\n') },
      { path: path.join(two, 'made.txt'), change: 'created' },
    ]);
    expect(readdirSync(storeDir).sort()).toEqual([`0-${path.basename(one)}`, `1-${path.basename(two)}`]);
  });

  it('skips once with a reason, then at once, when the capture is over its time budget', async () => {
    const dir = temp(makePlainDir());
    for (let d = 0; d < 30; d++) {
      mkdirSync(path.join(dir, `d${d}`));
      for (let f = 0; f < 100; f++) writeFileSync(path.join(dir, `d${d}`, `f${f}.txt`), `${d}/${f}\n`);
    }
    const storeDir = newStore();
    const snapshots = new GitSnapshotter({ storeDir, roots: [dir], firstBudgetMs: 1 });
    const first = await snapshots.capture();
    expect(first).toEqual({ kind: 'skipped', reason: expect.stringMatching(/^The workspace is too large to snapshot in time \(.*over 0\.001 s\); Bash changes are not checkpointed in this session\.$/), firstTime: true });
    expect(existsSync(path.join(storeDir, 'index.lock'))).toBe(false);
    const started = performance.now();
    const again = await snapshots.capture();
    expect(again).toMatchObject({ kind: 'skipped', firstTime: false });
    expect(performance.now() - started).toBeLessThan(50);
  });

  posixOnly('kills git, removes its index.lock and names the file count when a capture runs over budget', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    commitAll(repo, { 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const storeDir = newStore();
    const slow = slowGit(temp(makePlainDir('cw-snap-git-')), storeDir);
    const snapshots = new GitSnapshotter({ storeDir, roots: [repo], git: slow.git, budgetMs: 300 });
    expect(changesOf(await snapshots.capture())).toEqual([]);
    writeFileSync(slow.marker, '');
    const started = performance.now();
    expect(await snapshots.capture()).toEqual({
      kind: 'skipped',
      reason: 'The workspace is too large to snapshot in time (3 files, over 0.3 s); Bash changes are not checkpointed in this session.',
      firstTime: true,
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(alive(Number(readFileSync(slow.pidFile, 'utf8')))).toBe(false);
    expect(existsSync(path.join(storeDir, 'index.lock'))).toBe(false);
    rmSync(slow.marker);
    expect(await snapshots.capture()).toMatchObject({ kind: 'skipped', firstTime: false });
  });

  posixOnly('kills git on cancel mid-capture and still reports the change on the next capture', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const storeDir = newStore();
    const slow = slowGit(temp(makePlainDir('cw-snap-git-')), storeDir);
    const snapshots = new GitSnapshotter({ storeDir, roots: [repo], git: slow.git });
    await snapshots.capture();
    writeFileSync(path.join(repo, 'README.md'), 'edited\n');
    writeFileSync(slow.marker, '');
    const controller = new AbortController();
    const pending = snapshots.capture(controller.signal);
    await vi.waitFor(() => expect(existsSync(slow.pidFile)).toBe(true));
    controller.abort();
    expect(await pending).toEqual({ kind: 'skipped', reason: 'The snapshot was cancelled.', firstTime: false });
    expect(alive(Number(readFileSync(slow.pidFile, 'utf8')))).toBe(false);
    expect(existsSync(path.join(storeDir, 'index.lock'))).toBe(false);
    rmSync(slow.marker);
    expect(changesOf(await snapshots.capture())).toEqual([
      { path: path.join(repo, 'README.md'), change: 'modified', before: blobId('hello\n') },
    ]);
  });

  it('ignores GIT_DIR and GIT_INDEX_FILE inherited from the environment', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const other = temp(makeRepo('cw-snap-other-'));
    vi.stubEnv('GIT_DIR', path.join(other, '.git'));
    vi.stubEnv('GIT_INDEX_FILE', path.join(other, '.git', 'index'));
    try {
      const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
      await snapshots.capture();
      writeFileSync(path.join(repo, 'new.txt'), 'new\n');
      expect(changesOf(await snapshots.capture())).toEqual([{ path: path.join(repo, 'new.txt'), change: 'created' }]);
    } finally {
      vi.stubEnv('GIT_DIR', undefined);
      vi.stubEnv('GIT_INDEX_FILE', undefined);
    }
    expect(gitIn(other, 'status', '--porcelain')).toBe('');
  });

  it('skips once with a reason when git cannot be found', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const snapshots = new GitSnapshotter({ storeDir: newStore(), roots: [repo], git: path.join(repo, 'no-such-git') });
    expect(await snapshots.capture()).toEqual({ kind: 'skipped', reason: expect.stringMatching(/^git was not found .*Install git/), firstTime: true });
    expect(await snapshots.capture()).toMatchObject({ kind: 'skipped', firstTime: false });
  });

  it('skips with git\'s message when a root cannot be read', async () => {
    const dir = temp(makePlainDir());
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [path.join(dir, 'missing')] });
    expect(await snapshots.capture()).toEqual({ kind: 'skipped', reason: `The folder ${path.join(dir, 'missing')} cannot be read.`, firstTime: true });
  });

  it('returns a cancelled capture without turning snapshots off, and reports its changes next time', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
    await snapshots.capture();
    writeFileSync(path.join(repo, 'README.md'), 'edited\n');
    const controller = new AbortController();
    const pending = snapshots.capture(controller.signal);
    setTimeout(() => controller.abort(), 1);
    const result = await pending;
    if (result.kind === 'skipped') expect(result).toEqual({ kind: 'skipped', reason: 'The snapshot was cancelled.', firstTime: false });
    const aborted = new AbortController();
    aborted.abort();
    expect(await snapshots.capture(aborted.signal)).toMatchObject({ kind: 'skipped', firstTime: false });
    // Whether the timer beat git or not, the edit is reported exactly once.
    const later = changesOf(await snapshots.capture());
    const reported = result.kind === 'captured' ? result.changes : later;
    expect(reported).toEqual([{ path: path.join(repo, 'README.md'), change: 'modified', before: blobId('hello\n') }]);
    if (result.kind === 'captured') expect(later).toEqual([]);
  });

  it('runs concurrent captures one after the other, so a change is reported once', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
    await snapshots.capture();
    writeFileSync(path.join(repo, 'README.md'), 'edited\n');
    const results = await Promise.all([snapshots.capture(), snapshots.capture(), snapshots.capture()]);
    expect(results.map((r) => changesOf(r).map((c) => c.change))).toEqual([['modified'], [], []]);
  });

  it('reads back only verified blobs', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const storeDir = newStore();
    const snapshots = createGitSnapshotter({ storeDir, roots: [repo] });
    expect(await snapshots.readBlob(blobId('hello\n'))).toBeUndefined(); // no store yet
    await snapshots.capture();
    expect(Buffer.from((await snapshots.readBlob(blobId('hello\n')))!).toString()).toBe('hello\n'); // from the repository
    expect(await snapshots.readBlob(blobId('never stored\n'))).toBeUndefined();
    expect(await snapshots.readBlob('HEAD')).toBeUndefined();
    expect(await snapshots.readBlob(blobId('hello\n').toUpperCase())).toBeUndefined();
    expect(await snapshots.readBlob(gitIn(repo, 'rev-parse', 'HEAD^{tree}'))).toBeUndefined(); // a tree, not a blob
  });

  it('prunes the store\'s objects that neither the index nor the keep-set names', async () => {
    const repo = temp(makeRepo('cw-snap-repo-'));
    const storeDir = newStore();
    const snapshots = createGitSnapshotter({ storeDir, roots: [repo] });
    await snapshots.capture();
    const readme = path.join(repo, 'README.md');
    for (const version of ['two\n', 'three\n', 'four\n']) {
      writeFileSync(readme, version);
      await snapshots.capture();
    }
    expect(looseObjects(storeDir)).toEqual([blobId('two\n'), blobId('three\n'), blobId('four\n')].sort());
    const objectFile = (oid: string) => path.join(storeDir, 'objects', oid.slice(0, 2), oid.slice(2));
    const threeSize = statSync(objectFile(blobId('three\n'))).size;
    expect(await snapshots.prune(new Set([blobId('two\n')]))).toBe(threeSize);
    expect(looseObjects(storeDir)).toEqual([blobId('two\n'), blobId('four\n')].sort()); // kept, and in the index
    expect(await snapshots.readBlob(blobId('three\n'))).toBeUndefined();
    expect(Buffer.from((await snapshots.readBlob(blobId('hello\n')))!).toString()).toBe('hello\n'); // the repository's, untouched
    const twoSize = statSync(objectFile(blobId('two\n'))).size;
    expect(await snapshots.prune(new Set())).toBe(twoSize);
    expect(looseObjects(storeDir)).toEqual([blobId('four\n')]);
    expect(gitIn(repo, 'cat-file', '-p', `HEAD:README.md`)).toBe('hello');
  });

  it('drops its index on release, keeps its blobs readable, and starts from a fresh baseline after', async () => {
    const repo = temp(makeRepo('cw-snap-release-'));
    commitAll(repo, { 'a.txt': 'one\n' });
    const storeDir = newStore();
    const snapshots = createGitSnapshotter({ storeDir, roots: [repo] });
    await snapshots.capture();
    writeFileSync(path.join(repo, 'a.txt'), 'two\n');
    await snapshots.capture();
    writeFileSync(path.join(repo, 'a.txt'), 'three\n');
    const [change] = changesOf(await snapshots.capture());
    expect(change).toMatchObject({ change: 'modified', before: blobId('two\n') });
    await snapshots.release();
    expect(existsSync(path.join(storeDir, 'index'))).toBe(false);
    expect(Buffer.from((await snapshots.readBlob(blobId('two\n')))!).toString()).toBe('two\n');
    writeFileSync(path.join(repo, 'a.txt'), 'four\n');
    expect(changesOf(await snapshots.capture())).toEqual([]); // a baseline again
    writeFileSync(path.join(repo, 'b.txt'), 'b\n');
    expect(changesOf(await snapshots.capture())).toEqual([{ path: path.join(repo, 'b.txt'), change: 'created' }]);
  });

  it('works in a sha256 repository', async () => {
    const repo = temp(makePlainDir('cw-snap-sha256-'));
    gitIn(repo, 'init', '-q', '--object-format=sha256');
    commitAll(repo, { 'a.txt': 'alpha\n' });
    const snapshots = createGitSnapshotter({ storeDir: newStore(), roots: [repo] });
    await snapshots.capture();
    writeFileSync(path.join(repo, 'a.txt'), 'beta\n');
    const [change] = changesOf(await snapshots.capture());
    const expected = createHash('sha256').update('blob 6\0alpha\n').digest('hex');
    expect(change).toEqual({ path: path.join(repo, 'a.txt'), change: 'modified', before: expected });
    expect(Buffer.from((await snapshots.readBlob(expected))!).toString()).toBe('alpha\n');
  });
});
