import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SessionCheckpoints } from '../../../extension/core/engines/checkpoints/sessionCheckpoints';
import { FakeSession } from './fakeSession';
import { createGitSnapshotter } from '../../../extension/host/node/gitSnapshots';
import { NodeFileRestorer } from '../../../extension/host/node/fileRestorer';
import { NodeSessionStorage } from '../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import type { SnapshotterFactory } from '../../../extension/core/contracts/snapshots';
import { RecordingLogger } from '../support';

let root: string;
let ws: string;
const f = (name: string) => path.join(ws, name);
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: ws, stdio: 'pipe' });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cw-bashsnap-'));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  writeFileSync(f('kept.ts'), 'export const kept = 1;\n');
  writeFileSync(f('gone.ts'), 'export const gone = 1;\n');
  writeFileSync(f('.gitignore'), 'dist/\n');
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
});

function setup(opts: { factory?: SnapshotterFactory; enabled?: () => boolean } = {}) {
  const workspace = new NodeWorkspace([ws]);
  const log = new RecordingLogger();
  const checkpoints = new SessionCheckpoints({
    storageFor: (id) => new NodeSessionStorage(path.join(root, 'storage', id)),
    reader: workspace,
    restorer: new NodeFileRestorer(),
    log,
    snapshots: { factory: opts.factory ?? createGitSnapshotter, roots: () => [ws], ...(opts.enabled ? { enabled: opts.enabled } : {}) },
  });
  const session = new FakeSession();
  checkpoints.attach(session);
  const port = checkpoints.bashSnapshots()!;
  return { checkpoints, session, port, tracked: checkpoints.workspace(workspace), log };
}

/** A user prompt, once its checkpoint has started (the store starts it asynchronously). */
async function prompt(checkpoints: SessionCheckpoints, session: FakeSession, id: string, text: string) {
  session.prompt(id, text);
  await expect.poll(async () => (await checkpoints.list()).some((c) => c.promptId === id)).toBe(true);
}

/** A "command": a capture before, the change, a capture after. */
async function command(port: NonNullable<ReturnType<SessionCheckpoints['bashSnapshots']>>, change: () => void) {
  await port.before();
  change();
  return port.after();
}

describe('Bash snapshots in the checkpoints', () => {
  it('lists what a command created, changed and deleted, and rewind restores all three', async () => {
    const { checkpoints, session, port } = setup();
    await prompt(checkpoints, session, 'u1', 'run the generator');
    const { changes } = await command(port, () => {
      writeFileSync(f('new.ts'), 'export const created = 1;\n');
      writeFileSync(f('kept.ts'), 'export const kept = 2;\n');
      rmSync(f('gone.ts'));
      mkdirSync(f('dist'));
      writeFileSync(f('dist/out.js'), 'ignored build output\n');
    });
    expect(changes.map((c) => [path.basename(c.path), c.change]).sort()).toEqual([
      ['gone.ts', 'deleted'],
      ['kept.ts', 'modified'],
      ['new.ts', 'created'],
    ]);
    await checkpoints.refresh();
    const listed = checkpoints.changed().map((c) => ({ name: path.basename(c.path), created: c.created, deleted: c.deleted, added: c.added, removed: c.removed }));
    expect(listed.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'gone.ts', created: false, deleted: true, added: 0, removed: 1 },
      { name: 'kept.ts', created: false, deleted: false, added: 1, removed: 1 },
      { name: 'new.ts', created: true, deleted: false, added: 1, removed: 0 },
    ]);
    expect(Buffer.from((await checkpoints.original(f('kept.ts'))) as Uint8Array).toString('utf8')).toBe('export const kept = 1;\n');

    const plan = (await checkpoints.plan('u1'))!;
    expect(plan.files.map((x) => [path.basename(x.path), x.action, x.changedSince]).sort()).toEqual([
      ['gone.ts', 'restore', false],
      ['kept.ts', 'restore', false],
      ['new.ts', 'delete', false],
    ]);
    await checkpoints.restore(plan, new Set());
    expect(readFileSync(f('kept.ts'), 'utf8')).toBe('export const kept = 1;\n');
    expect(readFileSync(f('gone.ts'), 'utf8')).toBe('export const gone = 1;\n');
    expect(existsSync(f('new.ts'))).toBe(false);
    // Ignored output is out of scope: it stays.
    expect(existsSync(f('dist/out.js'))).toBe(true);
  });

  it('rewinds a file changed by Bash and then by Edit to its state before the prompt, and one edited first to the Edit pre-image', async () => {
    const { checkpoints, session, port, tracked } = setup();
    await prompt(checkpoints, session, 'u1', 'first');
    await command(port, () => writeFileSync(f('kept.ts'), 'bash 1\n'));
    await tracked.writeText(f('kept.ts'), 'edit 1\n', { encoding: 'utf8', bom: false });
    await prompt(checkpoints, session, 'u2', 'second');
    await tracked.writeText(f('kept.ts'), 'edit 2\n', { encoding: 'utf8', bom: false });
    await command(port, () => writeFileSync(f('kept.ts'), 'bash 2\n'));

    await checkpoints.restore((await checkpoints.plan('u2'))!, new Set());
    expect(readFileSync(f('kept.ts'), 'utf8')).toBe('edit 1\n');
    await checkpoints.restore((await checkpoints.plan('u1'))!, new Set());
    expect(readFileSync(f('kept.ts'), 'utf8')).toBe('export const kept = 1;\n');
  });

  it('counts what Bash wrote as the session own, and a later hand edit as changed since', async () => {
    const { checkpoints, session, port } = setup();
    await prompt(checkpoints, session, 'u1', 'p');
    await command(port, () => writeFileSync(f('kept.ts'), 'by bash\n'));
    expect((await checkpoints.plan('u1'))!.files[0]!.changedSince).toBe(false);
    writeFileSync(f('kept.ts'), 'by hand\n');
    const plan = (await checkpoints.plan('u1'))!;
    expect(plan.files[0]!.changedSince).toBe(true);
    const kept = await checkpoints.restore(plan, new Set());
    expect(kept.kept).toEqual([f('kept.ts')]);
    expect(readFileSync(f('kept.ts'), 'utf8')).toBe('by hand\n');
  });

  it('changes made between commands (by hand) are the next baseline, not the command', async () => {
    const { checkpoints, session, port } = setup();
    await prompt(checkpoints, session, 'u1', 'p');
    await command(port, () => writeFileSync(f('a.ts'), 'a\n'));
    writeFileSync(f('hand.ts'), 'typed by the user\n');
    const { changes } = await command(port, () => writeFileSync(f('b.ts'), 'b\n'));
    expect(changes.map((c) => path.basename(c.path))).toEqual(['b.ts']);
  });

  it('reports a workspace it cannot snapshot once, and then skips without a stall', async () => {
    let captures = 0;
    const factory: SnapshotterFactory = () => ({
      capture: async () => ({ kind: 'skipped', reason: 'The workspace is too large to snapshot in time.', firstTime: ++captures === 1 }),
      readBlob: async () => undefined,
      prune: async () => 0,
      release: async () => undefined,
    });
    const { checkpoints, session, port, log } = setup({ factory });
    await prompt(checkpoints, session, 'u1', 'p');
    expect(await command(port, () => undefined)).toEqual({ changes: [], note: 'The workspace is too large to snapshot in time.' });
    expect(await command(port, () => undefined)).toEqual({ changes: [] });
    expect(log.lines.filter((l) => l.message.includes('too large'))).toHaveLength(1);
  });

  it('drops the index of a session the chat leaves, and its rewind still reads what Bash changed', async () => {
    const { checkpoints, session, port } = setup();
    await prompt(checkpoints, session, 'u1', 'p');
    await command(port, () => writeFileSync(f('kept.ts'), 'changed\n'));
    const index = path.join(root, 'storage', 's1', 'checkpoints', 'snapshots', 'index');
    expect(existsSync(index)).toBe(true);
    session.reset('s2');
    await expect.poll(() => existsSync(index)).toBe(false);
    session.reset('s1');
    await checkpoints.restore((await checkpoints.plan('u1'))!, new Set());
    expect(readFileSync(f('kept.ts'), 'utf8')).toBe('export const kept = 1;\n');
    // Back in the session, the next command starts from a fresh baseline: the rewind's writes are not its changes.
    await prompt(checkpoints, session, 'u2', 'q');
    expect((await command(port, () => writeFileSync(f('b.ts'), 'b\n'))).changes.map((c) => path.basename(c.path))).toEqual(['b.ts']);
  });

  it('is off while the setting is off, and the fork of a rewind keeps what Bash changed as plain pre-images', async () => {
    let on = false;
    const { checkpoints, session, port } = setup({ enabled: () => on });
    await prompt(checkpoints, session, 'u1', 'p');
    expect(await command(port, () => writeFileSync(f('a.ts'), 'a\n'))).toEqual({ changes: [] });
    on = true;
    await prompt(checkpoints, session, 'u2', 'q');
    await command(port, () => writeFileSync(f('kept.ts'), 'changed\n'));
    await prompt(checkpoints, session, 'u3', 'r');
    await checkpoints.prepareFork('s2', 'u3', new Map());
    const manifest = JSON.parse(readFileSync(path.join(root, 'storage', 's2', 'checkpoints', 'manifest.json'), 'utf8')) as { checkpoints: { files: Record<string, { kind: string }> }[] };
    expect(manifest.checkpoints.map((c) => Object.values(c.files).map((p) => p.kind))).toEqual([[], ['content']]);
  });
});
