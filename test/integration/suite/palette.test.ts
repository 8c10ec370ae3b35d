/**
 * The palette and context-menu commands in a real VS Code, each run in the state where it is enabled, and
 * the status-bar item following the permission mode from the palette, the session (as the header sets it)
 * and a `.claude/settings.json` file.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { HostToWebview } from '../../../extension/protocol/messages';
import { COMMANDS } from '../../../extension/ui/palette/commands';
import { startFakeAnthropic, textTurn, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { until } from './until';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';


describe('palette commands and the status bar', () => {
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  let posted: HostToWebview[] = [];
  let offPosted: vscode.Disposable | undefined;
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const hello = vscode.Uri.file(path.join(root, 'hello.ts'));
  const config = () => vscode.workspace.getConfiguration('codewright');
  const lastUser = () => api.session.messages().filter((m) => m.role === 'user').at(-1);

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    fake = await startFakeAnthropic({ apiKey: KEY, fallback: 'echo' });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    offPosted = api.palette.onDidPost((m) => posted.push(m));
  });

  after(async () => {
    offPosted?.dispose();
    api.session.setPermissionMode('default');
    rmSync(path.join(root, '.claude', 'settings.json'), { force: true });
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  beforeEach(() => {
    api.session.sessions.reset();
    posted = [];
  });

  async function selectInHello(startLine: number, endLine: number): Promise<void> {
    const editor = await vscode.window.showTextDocument(hello);
    editor.selection = new vscode.Selection(startLine - 1, 0, endLine - 1, editor.document.lineAt(endLine - 1).text.length);
  }

  it('cycles the permission mode default → acceptEdits → plan → auto → bypass (confirmed) → default and the status bar follows', async () => {
    api.session.setPermissionMode('default');
    await until(() => api.palette.statusBarText().includes('Ask before edits'), 'the default mode in the status bar');
    const seen: string[] = [];
    for (const arg of [undefined, undefined, undefined, { confirmed: true }, undefined]) {
      await vscode.commands.executeCommand(COMMANDS.cycleMode, arg);
      seen.push(`${api.session.permissionMode} | ${api.palette.statusBarText()}`);
    }
    assert.deepEqual(seen, [
      'acceptEdits | $(comment-discussion) Accept edits',
      'plan | $(comment-discussion) Plan',
      'auto | $(comment-discussion) Auto',
      'bypassPermissions | $(comment-discussion) Bypass permissions',
      'default | $(comment-discussion) Ask before edits',
    ]);
    // The header hears about each change too.
    assert.deepEqual(
      posted.filter((m) => m.type === 'permissionModeChanged').map((m) => m.mode),
      ['acceptEdits', 'plan', 'auto', 'bypassPermissions', 'default'],
    );
  });

  it('follows a mode set by the header (through the session) and by a settings file', async () => {
    api.session.setPermissionMode('plan');
    assert.equal(api.palette.statusBarText(), '$(comment-discussion) Plan');
    mkdirSync(path.join(root, '.claude'), { recursive: true });
    writeFileSync(path.join(root, '.claude', 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }));
    try {
      await until(() => api.palette.statusBarText().includes('Accept edits'), 'the settings file mode in the status bar', 20_000);
      assert.equal(api.session.permissionMode, 'acceptEdits');
    } finally {
      // The next tests start from the default mode whatever happened here.
      rmSync(path.join(root, '.claude', 'settings.json'), { force: true });
      api.session.setPermissionMode('default');
    }
  });

  it('shows a spinner in the status bar while a turn runs', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'slow reply', chunks: 4 }], delayMsBetweenEvents: 150 }]);
    const texts: string[] = [];
    const off = api.session.onEvent((e) => e.type === 'busyChanged' && texts.push(api.palette.statusBarText()));
    await api.session.send('take your time');
    off();
    assert.deepEqual(texts, ['$(sync~spin) Ask before edits', '$(comment-discussion) Ask before edits']);
  });

  it('inserts an @file#Lx-y mention of the selection into the composer', async () => {
    await selectInHello(2, 3);
    await vscode.commands.executeCommand(COMMANDS.addSelectionToChat);
    assert.deepEqual(posted, [{ type: 'insertText', text: '@hello.ts#L2-3' }]);
  });

  it('inserts an @file mention for a file from the explorer', async () => {
    await vscode.commands.executeCommand(COMMANDS.addFileToChat, hello, [hello]);
    assert.deepEqual(posted, [{ type: 'insertText', text: '@hello.ts' }]);
  });

  it('explains the selection: the prompt carries the mention and the model gets the lines', async () => {
    fake.setScript([textTurn('It greets someone.')]);
    await selectInHello(1, 2);
    await vscode.commands.executeCommand(COMMANDS.explainSelection);
    await until(() => !api.session.busy && api.session.messages().length === 2, 'the explain turn');
    assert.equal(lastUser()?.text, 'Explain this code: @hello.ts#L1-2');
    assert.deepEqual(lastUser()?.attachments, [{ kind: 'file', path: 'hello.ts', startLine: 1, endLine: 2 }]);
    const body = JSON.stringify(fake.requests.at(-1)?.body);
    assert.ok(body.includes('<file path=\\"hello.ts\\" lines=\\"1-2\\">\\n1\\texport function greet'), body.slice(0, 2000));
  });

  it('queues an Explain Selection made while a turn runs and sends it after that turn', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'first, slowly', chunks: 4 }], delayMsBetweenEvents: 200 }, textTurn('Explained.')]);
    // As the chat view sends it (the bridge submits), so the queue drains when the turn ends.
    const first = api.session.submit('first');
    await until(() => api.session.busy, 'the first turn');
    await selectInHello(1, 1);
    await vscode.commands.executeCommand(COMMANDS.explainSelection);
    assert.deepEqual(
      api.session.queue.queued().map((q) => q.text),
      ['Explain this code: @hello.ts#L1'],
    );
    await first;
    await until(() => !api.session.busy && api.session.messages().length === 4, 'the queued turn');
    assert.deepEqual(
      api.session.messages().map((m) => m.text),
      ['first', 'first, slowly', 'Explain this code: @hello.ts#L1', 'Explained.'],
    );
  });

  it('sends the file problems with line numbers, and sends nothing when there are none', async () => {
    const diagnostics = vscode.languages.createDiagnosticCollection('codewright-test');
    try {
      await vscode.commands.executeCommand(COMMANDS.fixProblems, hello);
      // hello.ts compiles cleanly: nothing is sent.
      assert.equal(api.session.messages().length, 0);
      const error = new vscode.Diagnostic(new vscode.Range(1, 2, 1, 8), "Type 'number' is not assignable to type 'string'.", vscode.DiagnosticSeverity.Error);
      error.source = 'ts';
      error.code = 2322;
      const warning = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 6), 'Unused export.', vscode.DiagnosticSeverity.Warning);
      const hint = new vscode.Diagnostic(new vscode.Range(2, 0, 2, 1), 'A hint, not sent.', vscode.DiagnosticSeverity.Hint);
      diagnostics.set(hello, [warning, hint, error]);
      fake.setScript([textTurn('Fixed.')]);
      await vscode.commands.executeCommand(COMMANDS.fixProblems, hello);
      await until(() => !api.session.busy && api.session.messages().length === 2, 'the fix turn');
      assert.equal(
        lastUser()?.text,
        "Fix these problems in @hello.ts:\n- Line 2: error (ts 2322): Type 'number' is not assignable to type 'string'.\n- Line 1: warning: Unused export.",
      );
    } finally {
      diagnostics.dispose();
    }
  });

  it('resumes a session picked by id', async () => {
    fake.setScript([textTurn('First answer.')]);
    await api.session.send('remember me');
    const id = api.session.sessionId;
    api.session.sessions.reset();
    assert.notEqual(api.session.sessionId, id);
    await vscode.commands.executeCommand(COMMANDS.resumeSession, id);
    assert.equal(api.session.sessionId, id);
    assert.deepEqual(
      api.session.messages().map((m) => m.text),
      ['remember me', 'First answer.'],
    );
  });

  it('runs slash commands picked by name: /compact answers, /clear starts a new chat', async () => {
    await vscode.commands.executeCommand(COMMANDS.runSlashCommand, 'compact');
    await until(() => !api.session.busy && api.session.messages().length === 2, 'the compact turn');
    assert.deepEqual(
      api.session.messages().map((m) => m.text),
      ['/compact', 'Nothing to compact yet.'],
    );
    const before = api.session.sessionId;
    await vscode.commands.executeCommand(COMMANDS.runSlashCommand, '/clear');
    assert.notEqual(api.session.sessionId, before);
    assert.equal(api.session.messages().length, 0);
  });

  it('runs the chat commands: open, new chat, stop while busy, logs, and the key commands (input dismissed)', async () => {
    await vscode.commands.executeCommand(COMMANDS.openChat);
    const before = api.session.sessionId;
    await vscode.commands.executeCommand(COMMANDS.newChat);
    assert.notEqual(api.session.sessionId, before);

    fake.setScript([{ content: [{ type: 'text', text: 'a long and slow reply', chunks: 8 }], delayMsBetweenEvents: 300 }]);
    const turn = api.session.send('go');
    await until(() => api.session.messages().at(-1)?.text !== '', 'the first streamed text');
    await vscode.commands.executeCommand(COMMANDS.stop);
    await turn;
    assert.equal(api.session.messages().at(-1)?.status, 'stopped');

    await vscode.commands.executeCommand(COMMANDS.showLogs);
    const setting = vscode.commands.executeCommand(COMMANDS.setApiKey);
    await new Promise((r) => setTimeout(r, 500));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await setting;
    await vscode.commands.executeCommand(COMMANDS.clearApiKey);
    // The key from the environment still answers.
    fake.setScript([textTurn('Still here.')]);
    await api.session.send('are you there?');
    assert.equal(api.session.messages().at(-1)?.text, 'Still here.');
  });

  it('opens the settings filtered to the extension', async () => {
    await vscode.commands.executeCommand(COMMANDS.openSettings);
    await until(() => vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Settings', 'the Settings editor');
  });
});
