/**
 * Diff review in a real VS Code: the agent (driven by the fake Anthropic server) asks to change a file, the
 * diff editor opens with the file on the left and the proposal on the right, and the editor's own commands
 * answer. No test responder is installed: the extension's default approval path is what runs.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import { parseNotebook } from '../../../extension/core/base/ipynb';
import { COMMANDS } from '../../../extension/ui/palette/commands';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function reviewTab(): vscode.TabInputTextDiff | undefined {
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === 'codewright-review') return tab.input;
  }
  return undefined;
}

describe('diff review: file edits are approved in the diff editor', function () {
  this.timeout(60_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const created: string[] = [];

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
  });

  after(async () => {
    for (const f of created) rmSync(f, { force: true });
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  beforeEach(() => api.session.sessions.reset());

  const fileWith = (name: string, content: string | undefined) => {
    const file = path.join(root, name);
    created.push(file);
    if (content === undefined) rmSync(file, { force: true });
    else writeFileSync(file, content);
    return file;
  };

  /** The agent reads `file` (if it exists), asks for `tool`, then ends its turn; resolves once the diff is open. */
  async function propose(file: string, tool: { name: 'Edit' | 'Write'; input: Record<string, unknown> }) {
    const id = `toolu_review_${Math.random().toString(36).slice(2, 8)}`;
    // The previous review's tab closes while its tool runs; this one's is the next to open.
    await waitFor('the previous diff tab to close', () => (reviewTab() ? undefined : true));
    fake.setScript([
      ...(existsSync(file) ? [{ content: [{ type: 'tool_use' as const, id: `${id}_read`, name: 'Read', input: { file_path: file } }] }] : []),
      { content: [{ type: 'tool_use' as const, id, name: tool.name, input: { file_path: file, ...tool.input } }] },
      { content: [{ type: 'text' as const, text: 'Done.' }], expect: { toolResultIds: [id] } },
    ]);
    const turn = api.session.send(`change ${path.basename(file)}`);
    const tab = await waitFor('the diff review tab', reviewTab);
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(tab.original), vscode.workspace.openTextDocument(tab.modified)]);
    return { turn, tab, left, right };
  }

  const lastToolResult = () => JSON.stringify((fake.requests.at(-1)?.body as { messages: unknown[] } | undefined)?.messages.at(-1));

  it('contributes and registers Accept and Reject Proposed Edit', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(registered.has(COMMANDS.acceptProposedEdit) && registered.has(COMMANDS.rejectProposedEdit));
    // With nothing pending they answer nothing and do not throw.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit), false);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.rejectProposedEdit, { note: 'x' }), false);
  });

  it('shows the file and the proposal side by side; Accept applies it and closes the tab', async () => {
    const file = fileWith('review-accept.txt', lines(6));
    const { turn, left, right } = await propose(file, { name: 'Edit', input: { old_string: 'line 3\n', new_string: 'THREE\n' } });
    assert.equal(left.getText(), lines(6));
    assert.equal(right.getText(), lines(6).replace('line 3\n', 'THREE\n'));
    assert.equal(readFileSync(file, 'utf8'), lines(6), 'nothing is written before the answer');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit), true);
    await turn;
    assert.equal(readFileSync(file, 'utf8'), lines(6).replace('line 3\n', 'THREE\n'));
    assert.match(lastToolResult(), /has been updated/);
    assert.doesNotMatch(lastToolResult(), /modified your proposed changes/);
    // The tab closes while the tool runs, not before it (ui/diffReview/diffReviews.ts).
    await waitFor('the diff tab to close once answered', () => (reviewTab() ? undefined : true));
  });

  it('shows an empty left side for a new file', async () => {
    const file = fileWith('review-new.txt', undefined);
    const { turn, left, right } = await propose(file, { name: 'Write', input: { content: 'fresh\n' } });
    assert.equal(left.getText(), '');
    assert.equal(right.getText(), 'fresh\n');
    await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit);
    await turn;
    assert.equal(readFileSync(file, 'utf8'), 'fresh\n');
  });

  it('Reject leaves the file byte-identical and sends the note to the model', async () => {
    const original = 'keep\r\nthese\r\nbytes\r\n';
    const file = fileWith('review-reject.txt', original);
    const { turn } = await propose(file, { name: 'Write', input: { content: 'replaced\n' } });
    assert.equal(await vscode.commands.executeCommand(COMMANDS.rejectProposedEdit, { note: 'use the existing helper instead' }), true);
    await turn;
    assert.deepEqual(readFileSync(file), Buffer.from(original));
    assert.match(lastToolResult(), /The user denied Write/);
    assert.match(lastToolResult(), /use the existing helper instead/);
    await waitFor('the diff tab to close once answered', () => (reviewTab() ? undefined : true));
  });

  it('applies a proposal the user edited, and reports the change with the final diff', async () => {
    const file = fileWith('review-edited.txt', lines(8));
    const { turn, right } = await propose(file, { name: 'Edit', input: { old_string: 'line 2\n', new_string: 'TWO\n' } });
    const edit = new vscode.WorkspaceEdit();
    edit.replace(right.uri, new vscode.Range(6, 0, 6, 'line 7'.length), 'seven, typed by the user');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit);
    await turn;
    const expected = lines(8).replace('line 2\n', 'TWO\n').replace('line 7\n', 'seven, typed by the user\n');
    assert.equal(readFileSync(file, 'utf8'), expected);
    const result = lastToolResult();
    assert.match(result, /The user modified your proposed changes before accepting them/);
    assert.match(result, /-line 7\\n\+seven, typed by the user/);
  });

  it('opens beside the active editor without taking focus by default; "active" + focus opens in place and focuses', async () => {
    const hello = await vscode.window.showTextDocument(vscode.Uri.file(path.join(root, 'hello.ts')), { viewColumn: vscode.ViewColumn.One });
    const groupOf = () => vscode.window.tabGroups.all.findIndex((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'codewright-review'));
    const file = fileWith('review-focus.txt', 'a\n');
    let { turn } = await propose(file, { name: 'Write', input: { content: 'b\n' } });
    assert.equal(groupOf(), 1, 'beside the group of hello.ts');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), hello.document.uri.toString(), 'focus stays in hello.ts');
    await vscode.commands.executeCommand(COMMANDS.rejectProposedEdit, { note: '' });
    await turn;

    await config().update('diffReview.open', 'active', vscode.ConfigurationTarget.Global);
    await config().update('diffReview.focus', true, vscode.ConfigurationTarget.Global);
    try {
      await vscode.window.showTextDocument(hello.document, { viewColumn: vscode.ViewColumn.One });
      ({ turn } = await propose(file, { name: 'Write', input: { content: 'c\n' } }));
      await waitFor('focus in the review', () => (vscode.window.activeTextEditor?.document.uri.scheme === 'codewright-review' ? true : undefined));
      assert.equal(groupOf(), 0, 'in the active group');
      await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit);
      await turn;
      assert.equal(readFileSync(file, 'utf8'), 'c\n');
    } finally {
      await config().update('diffReview.open', undefined, vscode.ConfigurationTarget.Global);
      await config().update('diffReview.focus', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('stopping the turn denies the pending edit and closes its diff', async () => {
    const file = fileWith('review-stop.txt', 'as is\n');
    const { turn } = await propose(file, { name: 'Write', input: { content: 'never\n' } });
    await vscode.commands.executeCommand(COMMANDS.stop);
    await turn;
    await waitFor('the diff tab to close', () => (reviewTab() ? undefined : true));
    assert.equal(readFileSync(file, 'utf8'), 'as is\n');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit), false, 'nothing is pending any more');
  });

  it('reviews a NotebookEdit as the cell source, and applies the edited cell', async () => {
    const repo = vscode.extensions.getExtension('codewright.codewright')!.extensionPath;
    const file = fileWith('review.ipynb', readFileSync(path.join(repo, 'test/fixtures/notebooks/sample.ipynb'), 'utf8'));
    const cellSource = () => {
      const cell = parseNotebook(readFileSync(file, 'utf8')).notebook.cells.find((c) => c.id === 'c9d0e1f2')!;
      return Array.isArray(cell.source) ? cell.source.join('') : cell.source;
    };
    const before = cellSource();
    const id = 'toolu_review_nb';
    fake.setScript([
      { content: [{ type: 'tool_use', id: `${id}_search`, name: 'ToolSearch', input: { query: 'select:NotebookEdit' } }] },
      { content: [{ type: 'tool_use', id: `${id}_read`, name: 'Read', input: { file_path: file } }] },
      { content: [{ type: 'tool_use', id, name: 'NotebookEdit', input: { notebook_path: file, cell_id: 'c9d0e1f2', new_source: 'y = 2\nprint(y)' } }] },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: [id] } },
    ]);
    const turn = api.session.send('change the notebook');
    const tab = await waitFor('the notebook review tab', reviewTab);
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(tab.original), vscode.workspace.openTextDocument(tab.modified)]);
    assert.equal(left.getText(), before.replace(/\r\n/g, '\n'));
    assert.equal(right.getText(), 'y = 2\nprint(y)');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(right.uri, new vscode.Range(0, 0, 0, 'y = 2'.length), 'y = 3');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit);
    await turn;
    assert.equal(cellSource(), 'y = 3\nprint(y)');
    assert.match(lastToolResult(), /The user modified your proposed changes/);
  });

  it('per-hunk review: a rejected hunk stays as it was, the rest is applied, and the model is told which', async () => {
    const before = lines(12);
    const proposed = before.replace('line 2\n', 'TWO\n').replace('line 6\n', 'line 6\nnew a\nnew b\n').replace('line 11\n', 'ELEVEN\n');
    const file = fileWith('review-hunks.txt', before);
    const { turn, right } = await propose(file, { name: 'Write', input: { content: proposed } });
    const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', right.uri)) ?? [];
    const initial = await lenses();
    assert.deepEqual(
      initial.map((l) => [l.range.start.line, l.command?.title]),
      [
        [1, '$(check) Accept hunk'],
        [1, '$(discard) Reject hunk'],
        [6, '$(check) Accept hunk'],
        [6, '$(discard) Reject hunk'],
        [12, '$(check) Accept hunk'],
        [12, '$(discard) Reject hunk'],
      ],
    );
    const run = (lens: vscode.CodeLens | undefined) => vscode.commands.executeCommand(lens!.command!.command, ...(lens!.command!.arguments ?? []));
    assert.equal(await run(initial[0]), true, 'accept the first hunk');
    assert.equal(await run(initial[3]), true, 'reject the second');
    assert.equal(right.getText(), before.replace('line 2\n', 'TWO\n').replace('line 11\n', 'ELEVEN\n'));
    const after = await lenses();
    assert.deepEqual(
      after.map((l) => [l.range.start.line, l.command?.title]),
      [
        [1, '$(check) Kept'],
        [1, '$(discard) Reject hunk'],
        [10, '$(check) Accept hunk'],
        [10, '$(discard) Reject hunk'],
      ],
    );
    await vscode.commands.executeCommand(COMMANDS.acceptProposedEdit);
    await turn;
    assert.equal(readFileSync(file, 'utf8'), before.replace('line 2\n', 'TWO\n').replace('line 11\n', 'ELEVEN\n'));
    const result = lastToolResult();
    assert.match(result, /Of your 3 proposed hunks the user kept 2, rejected 1/);
    assert.match(result, /rejected \(left as it was\): original after line 6 → proposed lines 7–8/);
    assert.match(result, /kept: original line 2 → proposed line 2/);
  });
});
