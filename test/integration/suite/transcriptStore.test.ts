/**
 * One store for the panel and the CLI (docs/ARCHITECTURE.md, Sessions and transcripts): the extension keeps
 * the workspace's transcripts in the CLI's folder, so the real `dist/cli.js` lists and continues a session
 * the panel wrote, and the panel lists and resumes one the CLI started.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { listSessions, loadSession } from '../../../extension/core/engines/transcripts/sessions';
import { TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import type { CodewrightApi } from '../../../extension/extension';
import { codewrightHome, NodeTranscriptStore, projectTranscriptsDir } from '../../../extension/host/node/transcriptStore';
import { createTranscriptStore } from '../../../extension/host/vscode/transcriptStore';
import { COMMANDS } from '../../../extension/ui/palette/commands';
import { startFakeAnthropic, textTurn, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { transcriptStoreContract } from '../../contract/transcriptStore.contract';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';

describe('VS Code transcript store', () => {
  let api: CodewrightApi;
  let fake: FakeAnthropic;
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cw-it-transcripts-'));

  /** Runs the shipped CLI in the workspace folder against the fake API; resolves with its stdout. */
  function cli(args: string[]): Promise<string> {
    const cliJs = path.join(vscode.extensions.getExtension('codewright.codewright')!.extensionPath, 'dist', 'cli.js');
    const env = { ...process.env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, ELECTRON_RUN_AS_NODE: '1' };
    return new Promise((resolve, reject) => {
      execFile(process.execPath, [cliJs, ...args], { cwd: root, env, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)));
    });
  }

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
  });

  after(async () => {
    api.session.sessions.reset();
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  // A fresh workspace path per store, so each contract test starts from an empty folder.
  transcriptStoreContract(describe, it, () => createTranscriptStore(path.join(scratch, randomUUID()), { CODEWRIGHT_HOME: scratch }));

  it('keeps the workspace sessions where the CLI does: <CODEWRIGHT_HOME>/projects/<workspace key>/transcripts', () => {
    assert.ok(process.env.CODEWRIGHT_HOME, 'the test launch gives the window its own CODEWRIGHT_HOME');
    assert.equal(api.transcriptsDir, projectTranscriptsDir(codewrightHome(process.env, os.homedir()), root));
  });

  it('writes a session that lists and loads back', async () => {
    const store = createTranscriptStore(path.join(scratch, randomUUID()), { CODEWRIGHT_HOME: scratch });
    const writer = new TranscriptWriter(store, 'session-1');
    await writer.writeMeta({ cwd: '/repo', model: 'claude-test' });
    await writer.appendMessage({ role: 'user', content: 'Explain the build' });
    await writer.appendMessage({ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/repo/a' } }] });
    const [summary] = await listSessions(store);
    assert.equal(summary?.title, 'Explain the build');
    const loaded = await loadSession(store, 'session-1');
    // The unanswered tool call is closed so the API accepts the conversation.
    assert.equal(loaded.messages.length, 3);
  });

  it('a session the panel wrote is listed by the CLI and continues there with its history', async function () {
    this.timeout(120_000);
    api.session.sessions.reset();
    fake.setScript([textTurn('Panel answer.')]);
    await api.session.send('started in the panel');
    const id = api.session.sessionId;
    const listed = await cli(['--list-sessions']);
    assert.ok(listed.split('\n').some((line) => line.startsWith(id) && line.includes('started in the panel')), listed);
    // The resumed request carries the panel's two messages and the new prompt.
    fake.setScript([textTurn('CLI answer.', { expect: { messageCount: 3, lastUserTextIncludes: 'continued in the terminal' } })]);
    assert.match(await cli(['--resume', id, '-p', 'continued in the terminal']), /CLI answer\./);
    api.session.sessions.reset();
    await api.session.sessions.resume(id);
    assert.deepEqual(api.session.messages().map((m) => m.text), ['started in the panel', 'Panel answer.', 'continued in the terminal', 'CLI answer.']);
  });

  it('a session the CLI started is listed by the extension and resumes in the chat', async function () {
    this.timeout(120_000);
    fake.setScript([textTurn('Started by the CLI.')]);
    const result = JSON.parse(await cli(['-p', 'from the terminal', '--output-format', 'json'])) as { session_id: string };
    const listed = await listSessions(new NodeTranscriptStore(api.transcriptsDir));
    assert.equal(listed.find((s) => s.sessionId === result.session_id)?.title, 'from the terminal');
    api.session.sessions.reset();
    await vscode.commands.executeCommand(COMMANDS.resumeSession, result.session_id);
    assert.equal(api.session.sessionId, result.session_id);
    assert.deepEqual(api.session.messages().map((m) => m.text), ['from the terminal', 'Started by the CLI.']);
  });

  it('Continue in Terminal runs the CLI on the chat session in the workspace folder, and the chat starts anew', async () => {
    api.session.sessions.reset();
    fake.setScript([textTurn('ok')]);
    await api.chats.sidebar.reveal();
    await api.session.send('hand me over');
    const id = api.session.sessionId;
    const opened = (await vscode.commands.executeCommand(COMMANDS.continueInTerminal)) as { name: string; commandLine: string };
    assert.match(opened.commandLine, new RegExp(`--resume ${id}$`));
    const terminal = vscode.window.terminals.find((t) => t.name === opened.name);
    assert.ok(terminal, 'the terminal is open');
    const options = terminal.creationOptions as vscode.TerminalOptions;
    assert.equal(typeof options.cwd === 'string' ? options.cwd : options.cwd?.fsPath, root);
    assert.equal(options.env?.CODEWRIGHT_HOME, codewrightHome(process.env, os.homedir()));
    assert.notEqual(api.session.sessionId, id);
    terminal.dispose();
  });
});
