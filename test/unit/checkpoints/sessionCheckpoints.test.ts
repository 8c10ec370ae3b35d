import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { forkPoint } from '../../../extension/core/loop/session/fork';
import { SessionCheckpoints } from '../../../extension/core/engines/checkpoints/sessionCheckpoints';
import { FakeSession } from './fakeSession';
import type { Message } from '../../../extension/core/base/messages';
import { NodeFileRestorer } from '../../../extension/host/node/fileRestorer';
import { NodeSessionStorage } from '../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { RecordingLogger } from '../support';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cw-sessioncp-'));
  mkdirSync(path.join(root, 'ws'));
});

function setup() {
  const ws = new NodeWorkspace([path.join(root, 'ws')]);
  const checkpoints = new SessionCheckpoints({
    storageFor: (id) => new NodeSessionStorage(path.join(root, 'storage', id)),
    reader: ws,
    restorer: new NodeFileRestorer(),
    log: new RecordingLogger(),
  });
  const session = new FakeSession();
  checkpoints.attach(session);
  return { ws, tracked: checkpoints.workspace(ws), checkpoints, session };
}

const f = (name: string) => path.join(root, 'ws', name);

describe('SessionCheckpoints', () => {
  it('checkpoints writes made through the decorated workspace, per user prompt, and reports changed files', async () => {
    const { tracked, checkpoints, session } = setup();
    const seen: string[][] = [];
    checkpoints.onChanged((files) => seen.push(files.map((x) => path.basename(x.path))));
    session.prompt('u1', 'create');
    await tracked.writeText(f('a.ts'), 'a\n', { encoding: 'utf8', bom: false });
    session.prompt('u2', 'edit');
    await tracked.writeText(f('a.ts'), 'a\nb\n', { encoding: 'utf8', bom: false });
    await checkpoints.refresh();
    expect(checkpoints.changed()).toEqual([{ path: f('a.ts'), added: 2, removed: 0, created: true, deleted: false, binary: false }]);
    expect(seen.at(-1)).toEqual(['a.ts']);
    // Reads pass through to the real workspace.
    expect((await tracked.readText(f('a.ts'))).content).toBe('a\nb\n');

    const plan = await checkpoints.plan('u2');
    expect(plan?.files).toEqual([{ path: f('a.ts'), action: 'restore', changedSince: false }]);
    await checkpoints.restore(plan!, new Set());
    expect(readFileSync(f('a.ts'), 'utf8')).toBe('a\n');
    expect(await checkpoints.original(f('a.ts'))).toBe('absent');
  });

  it('gives a forked session the earlier checkpoints and switches to it on reset', async () => {
    const { tracked, checkpoints, session } = setup();
    session.prompt('u1', 'one');
    await tracked.writeText(f('x.txt'), '1', { encoding: 'utf8', bom: false });
    session.prompt('u2', 'two');
    await tracked.writeText(f('y.txt'), '2', { encoding: 'utf8', bom: false });
    const plan = (await checkpoints.plan('u2'))!;
    const { restored } = await checkpoints.restore(plan, new Set());
    expect(existsSync(f('y.txt'))).toBe(false);
    await checkpoints.prepareFork('s2', 'u2', restored);
    session.reset('s2');
    const back = await checkpoints.plan('u1');
    expect(back?.files).toEqual([{ path: f('x.txt'), action: 'delete', changedSince: false }]);
    expect(await checkpoints.plan('u2')).toBeUndefined();
  });
});

describe('forkPoint', () => {
  const user = (text: string): Message => ({ role: 'user', content: text });
  const toolResult: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] };
  const assistant = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });

  it('matches a user entry to its prompt in the history from the end, across repeats and /compact rows', () => {
    const entries = [
      { id: 'e1', role: 'user', text: 'go' },
      { id: 'e2', role: 'assistant', text: 'ok' },
      { id: 'e3', role: 'user', text: '/compact' },
      { id: 'e4', role: 'user', text: 'go' },
      { id: 'e5', role: 'assistant', text: 'done' },
    ];
    const history = [user('go'), assistant('ok'), user('go'), assistant('calling'), toolResult, assistant('done')];
    expect(forkPoint(entries, history, 'e4')).toEqual({ entryIndex: 3, historyIndex: 2, text: 'go' });
    expect(forkPoint(entries, history, 'e1')).toEqual({ entryIndex: 0, historyIndex: 0, text: 'go' });
  });

  it('is undefined when the prompt was compacted away or the entry is not a user message', () => {
    const entries = [{ id: 'e1', role: 'user', text: 'old' }, { id: 'e2', role: 'assistant', text: 'x' }];
    expect(forkPoint(entries, [user('summary of the conversation')], 'e1')).toBeUndefined();
    expect(forkPoint(entries, [user('old')], 'e2')).toBeUndefined();
  });
});

describe('SessionCheckpoints notebooks', () => {
  it('checkpoints a notebook cell edit like a file write', async () => {
    const { ws, checkpoints, session } = setup();
    const nb = f('n.ipynb');
    await ws.writeText(nb, '{"cells":[]}', { encoding: 'utf8', bom: false });
    const notebooks = checkpoints.notebooks(
      {
        isOpen: () => true,
        editCell: async (p) => {
          await ws.writeText(p, '{"cells":[{"source":"x"}]}', { encoding: 'utf8', bom: false });
          return { cellId: 'c1' };
        },
      },
      ws,
    );
    session.prompt('u1', 'edit the notebook');
    expect(await notebooks.editCell(nb, { mode: 'insert', source: 'x' })).toEqual({ cellId: 'c1' });
    const plan = await checkpoints.plan('u1');
    expect(plan?.files).toEqual([{ path: nb, action: 'restore', changedSince: false }]);
    await checkpoints.restore(plan!, new Set());
    expect(readFileSync(nb, 'utf8')).toBe('{"cells":[]}');
  });
});

describe('SessionCheckpoints when storage fails', () => {
  it('still lets the tool write, and logs that no checkpoint was kept', async () => {
    const ws = new NodeWorkspace([path.join(root, 'ws')]);
    const log = new RecordingLogger();
    const broken = new NodeSessionStorage(path.join(root, 'storage'));
    broken.writeText = async () => {
      throw new Error('disk full');
    };
    const checkpoints = new SessionCheckpoints({ storageFor: () => broken, reader: ws, restorer: new NodeFileRestorer(), log });
    const session = new FakeSession();
    checkpoints.attach(session);
    session.prompt('u1', 'write');
    await checkpoints.workspace(ws).writeText(f('a.txt'), 'written anyway', { encoding: 'utf8', bom: false });
    expect(readFileSync(f('a.txt'), 'utf8')).toBe('written anyway');
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.message).join('\n')).toMatch(/disk full/);
  });
});
