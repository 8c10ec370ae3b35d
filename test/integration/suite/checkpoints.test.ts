/**
 * Checkpoints in the real extension: two prompts edit and create files in acceptEdits mode (no approval),
 * the user edits one by hand, and "Rewind to here" on the first prompt restores the touched files, deletes
 * the created ones, reports and keeps the hand-edited file, and forks the conversation. "Review changes"
 * opens VS Code's multi-file diff. The confirmation modal is answered through the api's test seam.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { RewindSummary } from '../../../extension/ui/checkpoints/rewind';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';

describe('checkpoints: rewind to here and review changes', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const dir = path.join(root, 'checkpoint-test');
  const f = (name: string) => path.join(dir, name);
  const read = (name: string) => readFileSync(f(name), 'utf8');

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
  });

  after(async () => {
    api.checkpoints.setConfirm(undefined);
    api.session.setPermissionMode('default');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  it('restores touched files, removes created ones, keeps a hand-edited file, forks the conversation, and reviews changes', async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(f('a.txt'), 'alpha\nbeta\n');
    writeFileSync(f('h.txt'), 'hand original\n');
    api.session.sessions.reset();
    api.session.setPermissionMode('acceptEdits');
    const firstSession = api.session.sessionId;

    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_r1', name: 'Read', input: { file_path: f('a.txt') } }] },
      {
        content: [
          { type: 'tool_use', id: 'toolu_e1', name: 'Edit', input: { file_path: f('a.txt'), old_string: 'alpha', new_string: 'ALPHA' } },
          { type: 'tool_use', id: 'toolu_w1', name: 'Write', input: { file_path: f('new1.txt'), content: 'created by the first prompt\n' } },
        ],
        expect: { toolResultIds: ['toolu_r1'] },
      },
      { content: [{ type: 'text', text: 'First done.' }], expect: { toolResultIds: ['toolu_e1', 'toolu_w1'] } },
      { content: [{ type: 'tool_use', id: 'toolu_r2', name: 'Read', input: { file_path: f('h.txt') } }] },
      {
        content: [
          { type: 'tool_use', id: 'toolu_e2', name: 'Edit', input: { file_path: f('h.txt'), old_string: 'original', new_string: 'by the agent' } },
          { type: 'tool_use', id: 'toolu_e3', name: 'Edit', input: { file_path: f('a.txt'), old_string: 'beta', new_string: 'BETA' } },
          { type: 'tool_use', id: 'toolu_w2', name: 'Write', input: { file_path: f('new2.txt'), content: 'created by the second prompt\n' } },
        ],
        expect: { toolResultIds: ['toolu_r2'] },
      },
      { content: [{ type: 'text', text: 'Second done.' }], expect: { toolResultIds: ['toolu_e2', 'toolu_e3', 'toolu_w2'] } },
    ]);
    await api.session.send('first prompt');
    await api.session.send('second prompt');
    assert.equal(read('a.txt'), 'ALPHA\nBETA\n');
    assert.equal(read('h.txt'), 'hand by the agent\n');
    assert.ok(existsSync(f('new1.txt')) && existsSync(f('new2.txt')));

    // The changed-files list (edits applied without asking in acceptEdits mode).
    await api.checkpoints.checkpoints.refresh();
    const changed = api.checkpoints.checkpoints.changed();
    assert.deepEqual(
      changed.map((c) => [path.basename(c.path), c.added, c.removed, c.created]),
      [
        ['a.txt', 2, 2, false],
        ['new1.txt', 1, 0, true],
        ['h.txt', 1, 1, false],
        ['new2.txt', 1, 0, true],
      ],
    );
    // Pre-images live in the session's storage.
    const manifest = path.join(api.storageRoot, 'sessions', firstSession, 'checkpoints', 'manifest.json');
    assert.ok(existsSync(manifest), `checkpoint manifest at ${manifest}`);

    // Review changes: a multi-file diff editor against the session's start.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('codewright.reviewChanges');
    const tab = await waitFor(() => vscode.window.tabGroups.activeTabGroup.activeTab);
    assert.match(tab.label, /4 files changed in this session/);
    assert.ok(!(tab.input instanceof vscode.TabInputText) && !(tab.input instanceof vscode.TabInputTextDiff), 'a multi-file diff, not a single editor');
    const original = await vscode.workspace.openTextDocument(vscode.Uri.file(f('a.txt')).with({ scheme: 'codewright-original', query: `session=${firstSession}` }));
    assert.equal(original.getText(), 'alpha\nbeta\n', 'the original side is the session-start content');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // The user changes h.txt by hand after the agent wrote it.
    writeFileSync(f('h.txt'), 'typed by the user\n');

    const summaries: RewindSummary[] = [];
    api.checkpoints.setConfirm(async (s) => {
      summaries.push(s);
      return { proceed: true, overwrite: [] };
    });
    const first = api.session.allEntries().find((e) => e.role === 'user' && e.text === 'first prompt');
    assert.ok(first);
    const outcome = await api.checkpoints.rewind(first.id);
    assert.equal(outcome.done, true, JSON.stringify(outcome));

    assert.equal(summaries.length, 1);
    assert.deepEqual(summaries[0]!.restore, [f('a.txt')]);
    assert.deepEqual([...summaries[0]!.remove].sort(), [f('new1.txt'), f('new2.txt')]);
    assert.deepEqual(summaries[0]!.handEdited, [f('h.txt')]);

    assert.equal(read('a.txt'), 'alpha\nbeta\n', 'a.txt restored');
    assert.equal(existsSync(f('new1.txt')), false, 'new1.txt removed');
    assert.equal(existsSync(f('new2.txt')), false, 'new2.txt removed');
    assert.equal(read('h.txt'), 'typed by the user\n', 'the hand-edited file is left alone');
    assert.ok(outcome.done && outcome.kept.includes(f('h.txt')), 'the hand-edited file is reported');
    assert.ok(outcome.done && outcome.draft === 'first prompt');

    // Forked: a new session with the conversation before the first prompt; the old transcript is kept.
    assert.notEqual(api.session.sessionId, firstSession);
    assert.deepEqual(api.session.allEntries(), []);
    assert.equal(api.session.history.length, 0);
    const forked = api.session.sessionId;
    await api.session.sessions.resume(firstSession);
    assert.ok(
      api.session.messages().some((m) => m.text === 'second prompt'),
      'the original session can still be resumed with both prompts',
    );
    assert.notEqual(forked, firstSession);
  });
});

async function waitFor<T>(get: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
