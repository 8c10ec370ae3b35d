/**
 * Several chats in one window (docs/ARCHITECTURE.md, Host and webview: several chats), in a real VS Code:
 * tabs whose sessions run at the same time with their own state, a write by one chat invalidating the
 * other's read, the serializer bringing a tab's session back, and palette commands acting on the chat
 * used last while the status bar counts the busy ones.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import type { CodewrightApi } from '../../../extension/extension';
import type { Chat } from '../../../extension/ui/chat/chat';
import { CHAT_PANEL_VIEW_TYPE } from '../../../extension/ui/chat/chatPanel';
import { COMMANDS } from '../../../extension/ui/palette/commands';
import { startFakeAnthropic, textTurn, type FakeAnthropic, type FakeTurn } from '../../fixtures/fake-anthropic';
import { until } from './until';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';


/** The text of a request body's first user message: which chat's conversation it is. */
function firstPrompt(body: Record<string, unknown>): string {
  const first = (body.messages as { role: string; content: unknown }[] | undefined)?.find((m) => m.role === 'user');
  const content = first?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((b: { text?: string }) => b.text ?? '').join('') : '';
}

describe('several chats at once', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  /** Each conversation's turns, by its first prompt; the turn is picked by how many answers it has so far. */
  const plans = new Map<string, FakeTurn[]>();
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const dir = path.join(root, '.cw-chats-test');
  const config = () => vscode.workspace.getConfiguration('codewright');
  const opened: Chat[] = [];

  const openTab = async (opts?: { sessionId?: string }) => {
    const chat = await api.chats.openTab(opts);
    opened.push(chat);
    return chat;
  };

  before(async () => {
    fake = await startFakeAnthropic({
      apiKey: KEY,
      fallback: ({ body }) => {
        const plan = [...plans.entries()].find(([prompt]) => firstPrompt(body).includes(prompt))?.[1] ?? [];
        const answered = (body.messages as { role: string }[]).filter((m) => m.role === 'assistant').length;
        return plan[answered] ?? textTurn('Done.');
      },
    });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    mkdirSync(dir, { recursive: true });
  });

  afterEach(() => {
    for (const chat of opened.splice(0)) api.chats.panelOf(chat)?.dispose();
    plans.clear();
  });

  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  it('runs two tabs at the same time, each with its own session, conversation, approvals and mode', async () => {
    const alpha = path.join(dir, 'alpha.txt');
    const beta = path.join(dir, 'beta.txt');
    plans.set('[A] create alpha', [{ content: [{ type: 'tool_use', id: 'toolu_a', name: 'Write', input: { file_path: alpha, content: 'from A\n' } }], delayMsBetweenEvents: 40 }, textTurn('A wrote alpha.')]);
    plans.set('[B] create beta', [{ content: [{ type: 'tool_use', id: 'toolu_b', name: 'Write', input: { file_path: beta, content: 'from B\n' } }], delayMsBetweenEvents: 40 }, textTurn('B wrote beta.')]);
    const a = await openTab();
    const b = await openTab();
    assert.equal(api.chats.all().length, 3);
    a.session.setPermissionMode('acceptEdits');
    const asked: { a: PermissionPrompt[]; b: PermissionPrompt[] } = { a: [], b: [] };
    const offA = a.parts.approvals.setResponder(async (p) => (asked.a.push(p), { behavior: 'deny', message: 'no', decisionReason: { type: 'other', reason: 'test' } }));
    const offB = b.parts.approvals.setResponder(async (p) => (asked.b.push(p), { behavior: 'allow', decisionReason: { type: 'other', reason: 'test' } }));
    let mostBusy = 0;
    const offBusy = api.chats.onDidChange(() => (mostBusy = Math.max(mostBusy, api.chats.busyCount())));
    try {
      await Promise.all([a.session.send('[A] create alpha'), b.session.send('[B] create beta')]);
    } finally {
      offA();
      offB();
      offBusy();
    }
    assert.equal(mostBusy, 2, 'both chats were busy at once');
    assert.equal(readFileSync(alpha, 'utf8'), 'from A\n');
    assert.equal(readFileSync(beta, 'utf8'), 'from B\n');
    assert.notEqual(a.session.sessionId, b.session.sessionId);
    const said = (chat: Chat) => chat.session.messages().map((m) => m.text).filter(Boolean);
    assert.deepEqual(said(a), ['[A] create alpha', 'A wrote alpha.']);
    assert.deepEqual(said(b), ['[B] create beta', 'B wrote beta.']);
    // acceptEdits in A wrote without asking; B, in the default mode, asked its own responder.
    assert.deepEqual([asked.a.length, asked.b.map((p) => p.tool.name)], [0, ['Write']]);
    assert.deepEqual([a.session.permissionMode, b.session.permissionMode, api.session.permissionMode], ['acceptEdits', 'default', 'default']);
    assert.equal(api.chats.panelOf(a)?.title, '[A] create alpha');
  });

  it('gives the second chat the stale-file error when the first edited a file both had read', async () => {
    const shared = path.join(dir, 'shared.txt');
    writeFileSync(shared, 'one\ntwo\n');
    const read = { type: 'tool_use' as const, name: 'Read', input: { file_path: shared } };
    plans.set('[A] read', [{ content: [{ ...read, id: 'toolu_ra' }] }, textTurn('A read it.'), { content: [{ type: 'tool_use', id: 'toolu_ea', name: 'Edit', input: { file_path: shared, old_string: 'one', new_string: 'ONE' } }] }, textTurn('A edited.')]);
    plans.set('[B] read', [{ content: [{ ...read, id: 'toolu_rb' }] }, textTurn('B read it.'), { content: [{ type: 'tool_use', id: 'toolu_eb', name: 'Edit', input: { file_path: shared, old_string: 'two', new_string: 'TWO' } }] }, textTurn('B saw the error.')]);
    const a = await openTab();
    const b = await openTab();
    a.session.setPermissionMode('acceptEdits');
    b.session.setPermissionMode('acceptEdits');
    await Promise.all([a.session.send('[A] read'), b.session.send('[B] read')]);
    await a.session.send('now edit');
    await b.session.send('now edit');
    const bEdit = JSON.stringify(fake.requests.at(-1)?.body.messages);
    assert.match(bEdit, /File has been modified since read/);
    assert.equal(readFileSync(shared, 'utf8'), 'ONE\ntwo\n');
  });

  it('brings a tab back from its saved state: the serializer resumes its session and titles the tab', async () => {
    plans.set('remember the tab', [textTurn('Remembered.')]);
    const first = await openTab();
    await first.session.send('remember the tab');
    const id = first.session.sessionId;
    api.chats.panelOf(first)?.dispose();
    await until(() => !api.chats.all().includes(first), 'the closed tab to leave the chats');
    const panel = vscode.window.createWebviewPanel(CHAT_PANEL_VIEW_TYPE, 'restoring', vscode.ViewColumn.Active, { enableScripts: true });
    await api.chats.serializer.deserializeWebviewPanel(panel, { draft: '', sessionId: id });
    const restored = api.chats.all().find((c) => api.chats.panelOf(c) === panel);
    assert.ok(restored, 'the panel has a chat');
    opened.push(restored);
    assert.equal(restored.session.sessionId, id);
    assert.deepEqual(restored.session.messages().map((m) => m.text), ['remember the tab', 'Remembered.']);
    assert.equal(panel.title, 'remember the tab');
  });

  it('acts on the chat used last from the palette, and the status bar counts the busy chats', async () => {
    plans.set('slow in the tab', [{ content: [{ type: 'text', text: 'a b c d e f g h', chunks: 8 }], delayMsBetweenEvents: 300 }]);
    plans.set('slow in the side bar', [{ content: [{ type: 'text', text: 'one two three four', chunks: 4 }], delayMsBetweenEvents: 300 }]);
    api.session.sessions.reset();
    const tab = await openTab();
    await until(() => api.chats.focused() === tab, 'the new tab to be the chat used last');
    const inTab = tab.session.send('slow in the tab');
    const inSidebar = api.session.send('slow in the side bar');
    await until(() => api.palette.statusBarText().includes('2 chats'), 'the status bar to count two busy chats');
    await vscode.commands.executeCommand(COMMANDS.stop);
    await inTab;
    assert.equal(tab.session.messages()[1]?.status, 'stopped');
    assert.ok(api.session.busy, 'the side bar chat still works');
    await inSidebar;
    assert.equal(api.session.messages()[1]?.status, 'done');
    api.chats.panelOf(tab)?.dispose();
    await until(() => api.chats.focused() === api.chats.sidebar, 'focus back on the side bar chat');
    assert.ok(!existsSync(path.join(dir, 'never.txt')));
  });
});
