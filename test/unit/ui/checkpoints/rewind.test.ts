import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatSession } from '../../../../extension/conversation/chatSession';
import { SessionCheckpoints } from '../../../../extension/core/engines/checkpoints/sessionCheckpoints';
import type { PermissionDecider } from '../../../../extension/core/contracts/permissionPrompts';
import { NodeFileRestorer } from '../../../../extension/host/node/fileRestorer';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { ReadTool } from '../../../../extension/tools/Read/Read';
import { EditTool } from '../../../../extension/tools/Edit/Edit';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import type { CheckpointControls } from '../../../../extension/ui/checkpoints/checkpointControls';
import { rewindTo, type RewindAnswer, type RewindSummary } from '../../../../extension/ui/checkpoints/rewind';
import { BlockModel } from '../../chat/blockModel';
import { agentDeps, RecordingLogger, sequentialIds, until } from '../../support';
import { bridgeOver, chatOver } from '../chat/bridgeHarness';

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

/** Two prompts: the first edits a.txt and creates b.txt, the second edits a.txt again and creates c.txt. */
function make(answer: (s: RewindSummary) => RewindAnswer) {
  const model = new BlockModel([
    [{ tool: { id: 'r1', name: 'Read', input: { file_path: 'a.txt' } } }],
    [{ tool: { id: 'e1', name: 'Edit', input: { file_path: 'a.txt', old_string: 'one', new_string: 'ONE' } } }, { tool: { id: 'w1', name: 'Write', input: { file_path: 'b.txt', content: 'bee\n' } } }],
    [{ text: 'First done.' }],
    [{ tool: { id: 'r2', name: 'Read', input: { file_path: 'a.txt' } } }],
    [{ tool: { id: 'e2', name: 'Edit', input: { file_path: 'a.txt', old_string: 'two', new_string: 'TWO' } } }, { tool: { id: 'w2', name: 'Write', input: { file_path: 'c.txt', content: 'sea\n' } } }],
    [{ text: 'Second done.' }],
  ]);
  const deps = agentDeps(model);
  const dir = deps.cwd;
  writeFileSync(path.join(dir, 'a.txt'), 'one\ntwo\n');
  const log = new RecordingLogger();
  const reader = new NodeWorkspace([dir]);
  const checkpoints = new SessionCheckpoints({ storageFor: deps.storageFor, reader, restorer: new NodeFileRestorer(), log });
  const session = chatOver({ ...deps, toolPorts: { ...deps.toolPorts, workspace: checkpoints.workspace(reader) }, tools: [ReadTool, WriteTool, EditTool], decider: allowAll }, { log });
  checkpoints.attach(session);
  const summaries: RewindSummary[] = [];
  const notes: string[] = [];
  const rewind = (messageId: string) =>
    rewindTo(messageId, {
      session,
      checkpoints,
      confirm: async (s) => {
        summaries.push(s);
        return answer(s);
      },
      notify: (m) => notes.push(m),
      newId: sequentialIds('fork'),
      log,
    });
  return { session, checkpoints, dir, deps, rewind, summaries, notes };
}

const firstUser = (session: ChatSession) => session.allEntries().find((e) => e.role === 'user')!;

describe('rewindTo', () => {
  it('restores touched files, deletes created ones, leaves a hand-edited file, and forks the conversation', async () => {
    const { session, checkpoints, dir, deps, rewind, summaries, notes } = make(() => ({ proceed: true, overwrite: [] }));
    await session.send('first');
    await session.send('second');
    await checkpoints.refresh();
    expect(checkpoints.changed().map((f) => [path.basename(f.path), f.added, f.removed, f.created])).toEqual([
      ['a.txt', 2, 2, false],
      ['b.txt', 1, 0, true],
      ['c.txt', 1, 0, true],
    ]);
    writeFileSync(path.join(dir, 'b.txt'), 'my own bee\n');
    const oldId = session.sessionId;
    const first = firstUser(session);

    const outcome = await rewind(first.id);
    expect(outcome).toMatchObject({ done: true, draft: 'first', kept: [path.join(dir, 'b.txt')] });
    expect(summaries[0]).toMatchObject({
      promptText: 'first',
      restore: [path.join(dir, 'a.txt')],
      remove: [path.join(dir, 'c.txt')],
      handEdited: [path.join(dir, 'b.txt')],
      tooLarge: [],
      noCheckpoint: false,
    });
    expect(readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(existsSync(path.join(dir, 'c.txt'))).toBe(false);
    expect(readFileSync(path.join(dir, 'b.txt'), 'utf8')).toBe('my own bee\n');
    expect(notes.join('\n')).toMatch(/b\.txt/);

    // Forked: a new session id, nothing before the first prompt, the old transcript kept.
    expect(session.sessionId).not.toBe(oldId);
    expect(session.allEntries()).toEqual([]);
    expect(session.history).toEqual([]);
    expect(await deps.transcripts.read(oldId)).toContain('second');
    expect(await deps.transcripts.read(session.sessionId)).toBeDefined();
  });

  it('overwrites a hand-edited file only when the answer names it', async () => {
    const { session, dir, rewind } = make((s) => ({ proceed: true, overwrite: s.handEdited }));
    await session.send('first');
    await session.send('second');
    writeFileSync(path.join(dir, 'b.txt'), 'my own bee\n');
    const outcome = await rewind(firstUser(session).id);
    expect(outcome.done).toBe(true);
    expect(existsSync(path.join(dir, 'b.txt'))).toBe(false);
  });

  it('changes nothing when the user cancels', async () => {
    const { session, dir, rewind } = make(() => ({ proceed: false, overwrite: [] }));
    await session.send('first');
    const id = session.sessionId;
    expect(await rewind(firstUser(session).id)).toEqual({ done: false, reason: 'cancelled' });
    expect(readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('ONE\ntwo\n');
    expect(session.sessionId).toBe(id);
    expect(session.allEntries()).toHaveLength(6);
  });

  it('rewinds to the second prompt keeping the first exchange, and can rewind further from the fork', async () => {
    const { session, dir, rewind, summaries } = make(() => ({ proceed: true, overwrite: [] }));
    await session.send('first');
    await session.send('second');
    const second = session.allEntries().filter((e) => e.role === 'user')[1]!;
    expect((await rewind(second.id)).done).toBe(true);
    expect(readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('ONE\ntwo\n');
    expect(session.allEntries().map((e) => (e.role === 'tool' ? e.name : e.text))).toEqual(['first', '', 'Read', 'Edit', 'Write', 'First done.']);
    expect(session.history.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    // From the fork, the first prompt's checkpoint is still there; the files a rewind restored are not "hand edits".
    expect((await rewind(firstUser(session).id)).done).toBe(true);
    expect(summaries[1]?.handEdited).toEqual([]);
    expect(readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(existsSync(path.join(dir, 'b.txt'))).toBe(false);
  });

  it('refuses while a turn runs', async () => {
    const { session, rewind, notes } = make(() => ({ proceed: true, overwrite: [] }));
    await session.send('first');
    const running = session.send('second');
    expect(await rewind(firstUser(session).id)).toMatchObject({ done: false });
    expect(notes[0]).toMatch(/Stop it before rewinding/);
    await running;
  });
});

describe('ChatBridge checkpoint requests', () => {
  it('routes rewind and reviewChanges, posts the draft and sends changed files in the snapshot and as they change', async () => {
    const calls: string[] = [];
    let listener: ((files: ReturnType<CheckpointControls['changedFiles']>) => void) | undefined;
    const file = { path: '/w/a.ts', added: 1, removed: 0, created: false, deleted: false, binary: false };
    const controls: CheckpointControls = {
      changedFiles: () => [file],
      onChanged: (l) => {
        listener = l;
        return () => (listener = undefined);
      },
      rewind: async (id) => {
        calls.push(`rewind:${id}`);
        return 'the prompt';
      },
      review: async () => void calls.push('review'),
    };
    const { session } = make(() => ({ proceed: false, overwrite: [] }));
    const { bridge, posted } = bridgeOver(session, { checkpoints: controls });
    expect(bridge.receive({ type: 'rewind', messageId: 'm1' })).toBe(true);
    expect(bridge.receive({ type: 'reviewChanges' })).toBe(true);
    expect(bridge.receive({ type: 'rewind' })).toBe(false);
    await until(() => posted.some((m) => m.type === 'composerDraft'));
    expect(calls).toEqual(['rewind:m1', 'review']);
    expect(posted).toContainEqual({ type: 'composerDraft', text: 'the prompt' });
    listener?.([]);
    expect(posted).toContainEqual({ type: 'changedFiles', files: [] });
    bridge.receive({ type: 'ready' });
    await until(() => posted.some((m) => m.type === 'sessionSnapshot'));
    expect(posted.find((m) => m.type === 'sessionSnapshot')).toMatchObject({ changedFiles: [file] });
    bridge.dispose();
    expect(listener).toBeUndefined();
  });
});
