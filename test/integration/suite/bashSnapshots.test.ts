/**
 * Bash snapshots in the real extension: one prompt runs a Bash command that creates, modifies and deletes files,
 * then edits the modified one with Edit. The Bash row lists the three files with what happened to each, the
 * changed-files list and Review include them, the diff link's "before" side is the content before the command,
 * and "Rewind to here" restores all three (the edited file to its state before the command, not after it).
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { ToolEntry } from '../../../extension/protocol/entries';
import type { RewindSummary } from '../../../extension/ui/checkpoints/rewind';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';

describe('Bash snapshots: rewind undoes what a command changed', function () {
  this.timeout(120_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const dir = path.join(root, 'bash-snapshot-test');
  const f = (name: string) => path.join(dir, name);
  const read = (name: string) => readFileSync(f(name), 'utf8');

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
  });

  after(async () => {
    api.checkpoints.setConfirm(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  it('lists the files Bash created, modified and deleted on its row and in Review, and rewind restores all three', async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(f('config.txt'), 'version = 1\nname = demo\n');
    writeFileSync(f('old.txt'), 'to be removed\n');
    api.session.sessions.reset();
    const restoreResponder = api.approvals.setResponder(async () => ({ behavior: 'allow', decisionReason: { type: 'other', reason: 'allowed by the test' } }));
    const command = `cd '${dir}' && printf 'generated\\n' > made.txt && sed -i 's/version = 1/version = 2/' config.txt && rm old.txt`;
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_b1', name: 'Bash', input: { command, description: 'Generate, bump and clean up' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_r1', name: 'Read', input: { file_path: f('config.txt') } }], expect: { toolResultIds: ['toolu_b1'] } },
      {
        content: [{ type: 'tool_use', id: 'toolu_e1', name: 'Edit', input: { file_path: f('config.txt'), old_string: 'name = demo', new_string: 'name = edited' } }],
        expect: { toolResultIds: ['toolu_r1'] },
      },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: ['toolu_e1'] } },
    ]);
    try {
      await api.session.send('bump the version');
    } finally {
      restoreResponder();
    }
    assert.equal(read('made.txt'), 'generated\n');
    assert.equal(read('config.txt'), 'version = 2\nname = edited\n');
    assert.equal(existsSync(f('old.txt')), false);

    // The Bash row: "changed 3 files", with each file's change and the content it had before.
    const row = api.session.allEntries().find((e): e is ToolEntry => e.role === 'tool' && e.name === 'Bash');
    assert.ok(row?.result?.data?.kind === 'bash', JSON.stringify(row));
    const changes = row.result.data.changedFiles ?? [];
    assert.deepEqual(
      changes.map((c) => [path.basename(c.path), c.change]).sort(),
      [
        ['config.txt', 'modified'],
        ['made.txt', 'created'],
        ['old.txt', 'deleted'],
      ],
      JSON.stringify(row.result.data),
    );
    const before = changes.find((c) => c.change === 'modified')?.before;
    assert.match(before ?? '', /^[0-9a-f]{40}$/);
    const beforeDoc = await vscode.workspace.openTextDocument(
      vscode.Uri.file(f('config.txt')).with({ scheme: 'codewright-original', query: new URLSearchParams({ session: api.session.sessionId, oid: before! }).toString() }),
    );
    assert.equal(beforeDoc.getText(), 'version = 1\nname = demo\n', "the diff link's before side is the file before the command");

    // The changed-files list and Review include them.
    await api.checkpoints.checkpoints.refresh();
    assert.deepEqual(
      api.checkpoints.checkpoints
        .changed()
        .map((c) => [path.basename(c.path), c.created, c.deleted])
        .sort(),
      [
        ['config.txt', false, false],
        ['made.txt', true, false],
        ['old.txt', false, true],
      ],
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('codewright.reviewChanges');
    const tab = await waitFor(() => vscode.window.tabGroups.activeTabGroup.activeTab);
    assert.match(tab.label, /3 files changed in this session/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // Rewind to before the prompt: all three back, the file Bash and then Edit changed to its state before both.
    const summaries: RewindSummary[] = [];
    api.checkpoints.setConfirm(async (s) => {
      summaries.push(s);
      return { proceed: true, overwrite: [] };
    });
    const prompt = api.session.allEntries().find((e) => e.role === 'user' && e.text === 'bump the version');
    assert.ok(prompt);
    const outcome = await api.checkpoints.rewind(prompt.id);
    assert.equal(outcome.done, true, JSON.stringify(outcome));
    assert.deepEqual([...summaries[0]!.restore].sort(), [f('config.txt'), f('old.txt')]);
    assert.deepEqual(summaries[0]!.remove, [f('made.txt')]);
    assert.deepEqual(summaries[0]!.handEdited, []);
    assert.equal(read('config.txt'), 'version = 1\nname = demo\n');
    assert.equal(read('old.txt'), 'to be removed\n');
    assert.equal(existsSync(f('made.txt')), false);
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
