/**
 * MCP servers in the real extension host (issue 17, done-when): the repo's two test servers on the SDK
 * (test/fixtures/mcp/) configured the way a user does it — the stdio one in the workspace's `.mcp.json`
 * (asked about before it starts), the streamable HTTP one on loopback in the `codewright.mcpServers` setting.
 * Tools are listed and called in a chat turn on the fake API, resources read (tool and `@server:uri`), a
 * prompt runs as a slash command, `list_changed` reaches the next request, and a crashing server is shown
 * failed with its stderr and reconnects while the built-in tools keep working. Approvals are Claude Code's settings
 * (issue 30): an answer in the dialog lands in `.claude/settings.local.json`, a change of that file starts a
 * server it now approves, and `enableAllProjectMcpServers` starts a new server without a question. What servers
 * use of the client (issue 30, item 6; test/fixtures/mcp/featuresServer.ts): the workspace folders as roots, progress
 * on the running row, log messages to the output channel.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { ChatEvent } from '../../../extension/conversation/events';
import type { McpServerEntry, McpServerView } from '../../../extension/core/contracts/mcp';
import type { PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { COMMANDS } from '../../../extension/ui/palette/commands';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';
const EXTENSION = vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!;
/** The extension's folder is the repository (extensionDevelopmentPath): the fixtures and tsx live there. */
const REPO = EXTENSION.extensionPath;
const FIXTURES = path.join(REPO, 'test/fixtures/mcp');
const TSX = pathToFileURL(path.join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
/**
 * A plain Node for the servers: code-server's extension host runs on Node (its execPath), a desktop VS Code's
 * on Electron, where the `node` on PATH is used as a user's `.mcp.json` would.
 */
const NODE = process.versions.electron ? 'node' : process.execPath;

/** Resolves once `test(servers)` holds, checked now and on every hub change; fails naming the last state. */
function waitForHub(api: CodewrightApi, what: string, test: (servers: readonly McpServerView[]) => boolean, timeoutMs = 30_000): Promise<void> {
  const hub = api.mcp.hub;
  if (test(hub.servers())) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Timed out waiting for ${what}; servers: ${JSON.stringify(hub.servers().map((s) => ({ name: s.name, status: s.status, tools: s.tools.map((t) => t.name) })))}`));
    }, timeoutMs);
    const off = hub.onDidChange(() => {
      if (!test(hub.servers())) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const server = (servers: readonly McpServerView[], name: string) => servers.find((s) => s.name === name);
const isState = (name: string, state: McpServerView['status']['state']) => (servers: readonly McpServerView[]) => server(servers, name)?.status.state === state;

/** Starts the HTTP fixture on a loopback port; resolves with the URL it printed. */
function startHttpServer(children: ChildProcess[]): Promise<string> {
  const child = spawn(NODE, ['--import', TSX, path.join(FIXTURES, 'httpServer.ts')], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the HTTP fixture exited ${code}: ${err}`)));
  });
}

/** The tool_result blocks of the last request's last message, as JSON text. */
function lastToolResults(fake: FakeAnthropic): string {
  const messages = (fake.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages ?? [];
  return JSON.stringify(messages.at(-1) ?? '');
}

/** The names of the tools a request offered. */
function toolNames(req: { body: unknown } | undefined): string[] {
  return (((req?.body ?? {}) as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);
}

describe('MCP servers in the real extension host', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const children: ChildProcess[] = [];
  const config = () => vscode.workspace.getConfiguration('codewright');
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const mcpJson = () => path.join(root(), '.mcp.json');
  /** Where the dialog's answers are written, as Claude Code keeps them. */
  const localSettings = () => path.join(root(), '.claude', 'settings.local.json');
  /** Questions the approval seam was asked, each with its answer to give. */
  const asked: { entry: McpServerEntry; answer: (yes: boolean | undefined) => void }[] = [];
  const prompts: PermissionPrompt[] = [];
  let restoreResponder: (() => void) | undefined;

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    // Approvals an earlier, interrupted run wrote would answer this run's questions.
    rmSync(localSettings(), { force: true });
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await EXTENSION.activate();
    // The modal is the one seam a test cannot click; the question waits here until a test answers it.
    api.mcp.setAsk((entry) => new Promise((resolve) => asked.push({ entry, answer: resolve })));
    // Every MCP tool call asks (no rule covers it); the prompts are kept to check which tool asked.
    restoreResponder = api.approvals.setResponder(async (prompt) => {
      prompts.push(prompt);
      return { behavior: 'allow', updatedInput: prompt.input };
    });
  });

  after(async () => {
    restoreResponder?.();
    api.mcp.setAsk(undefined);
    rmSync(mcpJson(), { force: true });
    rmSync(localSettings(), { force: true });
    // The folder the answers created, unless something else keeps a file there.
    if (existsSync(path.dirname(localSettings())) && readdirSync(path.dirname(localSettings())).length === 0) rmSync(path.dirname(localSettings()), { recursive: true });
    await config().update('mcpServers', undefined, vscode.ConfigurationTarget.Global);
    await api.mcp.reload();
    for (const child of children) child.kill();
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  beforeEach(() => api.session.sessions.reset());
  afterEach(() => {
    if (api.session.busy) api.session.stop();
  });

  it('does not start a .mcp.json server before the user approves it, then starts it once allowed', async () => {
    // A fresh id in the config: an answer remembered by an earlier run (a kept profile) does not count.
    const run = randomUUID();
    writeFileSync(mcpJson(), JSON.stringify({ mcpServers: { fixture: { command: NODE, args: ['--import', TSX, path.join(FIXTURES, 'stdioServer.ts')], env: { CODEWRIGHT_TEST_RUN: run } } } }, null, 2));
    await api.mcp.reload();
    await waitForHub(api, 'fixture waiting for approval', isState('fixture', 'needsApproval'));
    await waitForQuestion(asked, 'fixture');
    const view = server(api.mcp.hub.servers(), 'fixture')!;
    assert.equal(view.scope, 'project');
    assert.deepEqual(view.tools, [], 'nothing was listed: the server is not running');
    const panel = api.session.commands.mcpPanel();
    assert.ok(panel?.panel === 'mcp' && panel.servers.some((s) => s.name === 'fixture' && s.status === 'needsApproval'), `the /mcp panel says it waits: ${JSON.stringify(panel)}`);
    const question = asked.find((q) => q.entry.name === 'fixture')!;
    assert.ok(question.entry.config.type === 'stdio' && question.entry.config.args.some((a) => a.endsWith('stdioServer.ts')), 'the question names the command that would run');

    question.answer(true);
    await waitForHub(api, 'fixture connected', isState('fixture', 'connected'));
    assert.deepEqual(server(api.mcp.hub.servers(), 'fixture')!.tools.map((t) => t.name).sort(), ['add', 'crash', 'echo', 'grow']);
    // Remembered: loading the configuration again does not ask again.
    const questions = asked.length;
    await api.mcp.reload();
    assert.equal(asked.length, questions, 'the remembered answer was used');
  });

  it('connects the HTTP server from the codewright.mcpServers setting and lists both in /mcp', async () => {
    const url = await startHttpServer(children);
    await config().update('mcpServers', { clock: { type: 'http', url } }, vscode.ConfigurationTarget.Global);
    await api.mcp.reload();
    await waitForHub(api, 'clock connected', isState('clock', 'connected'));
    const opened: ChatEvent[] = [];
    const off = api.session.onEvent((e) => e.type === 'panelOpened' && opened.push(e));
    try {
      await api.session.send('/mcp');
      const event = opened.find((e) => e.type === 'panelOpened' && e.view.panel === 'mcp');
      assert.ok(event && event.type === 'panelOpened' && event.view.panel === 'mcp', 'the /mcp panel opened');
      const rows = event.view.servers.map((s) => ({ name: s.name, status: s.status, scope: s.scope, tools: s.tools, resources: s.resources, prompts: s.prompts }));
      assert.deepEqual(
        rows.sort((a, b) => a.name.localeCompare(b.name)),
        [
          { name: 'clock', status: 'connected', scope: 'settings', tools: 1, resources: 1, prompts: 0 },
          { name: 'fixture', status: 'connected', scope: 'project', tools: 4, resources: 1, prompts: 1 },
        ],
      );
    } finally {
      off();
    }
    assert.equal(fake.requests.length, 0, '/mcp is answered in the view');
  });

  it('calls tools of both servers in a chat turn and sends their results to the model', async () => {
    prompts.length = 0;
    fake.setScript([
      {
        content: [
          { type: 'tool_use', id: 'toolu_echo', name: 'mcp__fixture__echo', input: { text: 'hello over stdio' } },
          { type: 'tool_use', id: 'toolu_add', name: 'mcp__fixture__add', input: { a: 2, b: 40 } },
          { type: 'tool_use', id: 'toolu_time', name: 'mcp__clock__time', input: {} },
        ],
        expect: { toolNames: ['mcp__fixture__echo', 'mcp__fixture__add', 'mcp__clock__time', 'Read'] },
      },
      { content: [{ type: 'text', text: 'All three answered.' }], expect: { toolResultIds: ['toolu_echo', 'toolu_add', 'toolu_time'] } },
    ]);
    await api.session.send('use the MCP tools');
    const results = lastToolResults(fake);
    assert.ok(results.includes('hello over stdio'), `echo's text came back: ${results}`);
    assert.ok(results.includes('42'), `add's sum came back: ${results}`);
    assert.ok(results.includes('12:00 UTC'), `the HTTP server's time came back: ${results}`);
    assert.ok(!results.includes('"is_error":true'), `no call failed: ${results}`);
    // echo and time asked; add is read-only, and still asks unless a rule allows it: every prompt is an MCP tool.
    const asking = prompts.map((p) => p.tool.name);
    assert.ok(asking.includes('mcp__fixture__echo'), `the permission engine asked about echo: ${asking.join(', ')}`);
    assert.ok(asking.every((n) => n.startsWith('mcp__')), `only MCP tools asked: ${asking.join(', ')}`);
    assert.equal(api.session.messages().at(-1)?.text, 'All three answered.');
  });

  it('reads a resource with ReadMcpResourceTool and attaches one with an @server:uri mention', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_search', name: 'ToolSearch', input: { query: 'select:ReadMcpResourceTool' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_read', name: 'ReadMcpResourceTool', input: { server: 'clock', uri: 'memo://clock' } }], expect: { toolResultIds: ['toolu_search'] } },
      { content: [{ type: 'text', text: 'It says tick.' }], expect: { toolResultIds: ['toolu_read'] } },
    ]);
    await api.session.send('read the clock resource');
    assert.ok(lastToolResults(fake).includes('tick'), `the resource's text came back: ${lastToolResults(fake)}`);

    api.session.sessions.reset();
    fake.setScript([{ content: [{ type: 'text', text: 'Greeted.' }], expect: { lastUserTextIncludes: 'Hello from the stdio server' } }]);
    await api.session.send('what does @fixture:memo://greeting say?');
    const sent = JSON.stringify((fake.requests.at(-1)?.body as { messages: unknown[] }).messages.at(-1));
    assert.ok(sent.includes('<mcp-resource server=\\"fixture\\" uri=\\"memo://greeting\\">'), `the resource is attached: ${sent.slice(0, 600)}`);
  });

  it('runs the server prompt as the slash command /mcp__fixture__review', async () => {
    const names = api.session.commands.list().map((c) => c.name);
    assert.ok(names.includes('mcp__fixture__review'), `the prompt is a command: ${names.join(', ')}`);
    fake.setScript([{ content: [{ type: 'text', text: 'Reviewed.' }], expect: { lastUserTextIncludes: 'Please review src/app.ts.' } }]);
    await api.session.send('/mcp__fixture__review src/app.ts');
    assert.equal(api.session.messages().at(-1)?.text, 'Reviewed.');
  });

  it("picks up the server's tools/list_changed: the new tool is in the next request", async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_grow', name: 'mcp__fixture__grow', input: {} }] },
      { content: [{ type: 'text', text: 'Grown.' }], expect: { toolResultIds: ['toolu_grow'] } },
    ]);
    await api.session.send('grow a tool');
    assert.ok(lastToolResults(fake).includes('added grown'), lastToolResults(fake));
    await waitForHub(api, 'the grown tool listed', (servers) => !!server(servers, 'fixture')?.tools.some((t) => t.name === 'grown'));
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_grown', name: 'mcp__fixture__grown', input: {} }], expect: { toolNames: ['mcp__fixture__grown'] } },
      { content: [{ type: 'text', text: 'Called it.' }], expect: { toolResultIds: ['toolu_grown'] } },
    ]);
    await api.session.send('call the new tool');
    assert.ok(toolNames(fake.requests.at(-2)).includes('mcp__fixture__grown'));
    assert.ok(lastToolResults(fake).includes('grown!'), lastToolResults(fake));
  });

  it('shows a crashed server failed with its stderr, reconnects it, and the built-in tools keep working', async () => {
    const statuses: McpServerView['status'][] = [];
    const off = api.mcp.hub.onDidChange(() => {
      const s = server(api.mcp.hub.servers(), 'fixture')?.status;
      if (s && statuses.at(-1) !== s) statuses.push(s);
    });
    try {
      const readme = path.join(root(), 'README.md');
      fake.setScript([
        { content: [{ type: 'tool_use', id: 'toolu_crash', name: 'mcp__fixture__crash', input: {} }] },
        { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: readme } }], expect: { toolResultIds: ['toolu_crash'] } },
        { content: [{ type: 'text', text: 'Still here.' }], expect: { toolResultIds: ['toolu_read'] } },
      ]);
      await api.session.send('crash the server, then read the readme');
      const crashResult = JSON.stringify((fake.requests.at(-2)?.body as { messages: unknown[] }).messages.at(-1));
      assert.ok(crashResult.includes('"is_error":true'), `the crashed call is an error result: ${crashResult}`);
      assert.ok(!lastToolResults(fake).includes('"is_error":true'), `Read worked in the same session: ${lastToolResults(fake).slice(0, 400)}`);
      assert.equal(api.session.messages().at(-1)?.text, 'Still here.');

      await waitForHub(api, 'fixture failed or back', () => statuses.some((s) => s.state === 'failed'));
      const failed = statuses.find((s) => s.state === 'failed');
      assert.ok(failed?.state === 'failed' && (failed.stderr ?? '').includes('crashing on purpose'), `failed with the stderr: ${JSON.stringify(failed)}`);
      const row = api.session.commands.mcpPanel();
      assert.ok(row?.panel === 'mcp', 'the /mcp panel still renders');
      // The manager's backoff (1 s for the first failure) brings it back without anyone restarting it.
      await waitForHub(api, 'fixture reconnected', isState('fixture', 'connected'));
      assert.deepEqual(server(api.mcp.hub.servers(), 'fixture')!.tools.map((t) => t.name).sort(), ['add', 'crash', 'echo', 'grow'], 'a fresh process: grown is gone');
      assert.ok(isState('clock', 'connected')(api.mcp.hub.servers()), 'the other server was never affected');
    } finally {
      off();
    }

    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_echo2', name: 'mcp__fixture__echo', input: { text: 'back again' } }] },
      { content: [{ type: 'text', text: 'Works.' }], expect: { toolResultIds: ['toolu_echo2'] } },
    ]);
    await api.session.send('echo after the crash');
    assert.ok(lastToolResults(fake).includes('back again'), lastToolResults(fake));
  });

  it('restarts a server through the /mcp panel action', async () => {
    await api.session.commands.restartMcpServer('clock');
    await waitForHub(api, 'clock connected after restart', isState('clock', 'connected'));
    const panel = api.session.commands.mcpPanel();
    assert.ok(panel?.panel === 'mcp' && panel.servers.find((s) => s.name === 'clock')?.tools === 1, JSON.stringify(panel));
  });

  it('approves a .mcp.json server whose question was closed, later and without a reload, through Codewright: Approve MCP Server…', async () => {
    const config = JSON.parse(readFileSync(mcpJson(), 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers.later = { command: NODE, args: ['--import', TSX, path.join(FIXTURES, 'stdioServer.ts')], env: { CODEWRIGHT_TEST_RUN: randomUUID() } };
    writeFileSync(mcpJson(), JSON.stringify(config, null, 2));
    await api.mcp.reload();
    await waitForQuestion(asked, 'later');
    // Closed without an answer (Escape, or the modal's ×): not remembered, and the panel says so.
    asked.splice(asked.findIndex((q) => q.entry.name === 'later'), 1)[0]!.answer(undefined);
    await waitForHub(api, 'later dismissed', (servers) => JSON.stringify(server(servers, 'later')?.status) === JSON.stringify({ state: 'disabled', reason: 'dismissed' }));
    const panel = api.session.commands.mcpPanel();
    assert.ok(panel?.panel === 'mcp' && panel.servers.some((s) => s.name === 'later' && s.status === 'disabled' && s.disabledReason === 'dismissed'), JSON.stringify(panel));

    const approving = vscode.commands.executeCommand(COMMANDS.approveMcpServer, 'later');
    await waitForQuestion(asked, 'later');
    asked.find((q) => q.entry.name === 'later')!.answer(true);
    await approving;
    await waitForHub(api, 'later connected', isState('later', 'connected'));
    assert.ok(server(api.mcp.hub.servers(), 'later')!.tools.some((t) => t.name === 'echo'));
  });

  it('writes Allow and Deny to .claude/settings.local.json, and starts a denied server once the file approves it', async () => {
    addServers(mcpJson(), ['allowed', 'denied']);
    await api.mcp.reload();
    await waitForQuestion(asked, 'allowed');
    await waitForQuestion(asked, 'denied');
    asked.find((q) => q.entry.name === 'allowed')!.answer(true);
    asked.find((q) => q.entry.name === 'denied')!.answer(false);
    await waitForHub(api, 'allowed connected, denied declined', (servers) => isState('allowed', 'connected')(servers) && JSON.stringify(server(servers, 'denied')?.status) === JSON.stringify({ state: 'disabled', reason: 'declined' }));
    const saved = settingsOf(localSettings());
    // fixture and later were allowed by the earlier tests: every Allow of this window is there.
    assert.deepEqual([...(saved.enabledMcpjsonServers ?? [])].sort(), ['allowed', 'fixture', 'later']);
    assert.deepEqual(saved.disabledMcpjsonServers, ['denied']);

    // As `codewright mcp approve denied` (or an edit by hand) would: the watcher starts it, nobody is asked.
    const questions = asked.length;
    writeFileSync(localSettings(), JSON.stringify({ ...saved, enabledMcpjsonServers: [...(saved.enabledMcpjsonServers ?? []), 'denied'], disabledMcpjsonServers: [] }, null, 2));
    await waitForHub(api, 'denied connected after the settings approved it', isState('denied', 'connected'));
    assert.equal(asked.length, questions, 'the settings approved it: no question');
  });

  it('starts a new .mcp.json server without a question when enableAllProjectMcpServers is set', async () => {
    const saved = settingsOf(localSettings());
    writeFileSync(localSettings(), JSON.stringify({ ...saved, enableAllProjectMcpServers: true }, null, 2));
    const questions = asked.length;
    try {
      addServers(mcpJson(), ['everyone']);
      await api.mcp.reload();
      await waitForHub(api, 'everyone connected', isState('everyone', 'connected'));
      assert.equal(asked.length, questions, 'enableAllProjectMcpServers approved it: no question');
      assert.ok(server(api.mcp.hub.servers(), 'everyone')!.tools.some((t) => t.name === 'echo'));
      assert.ok(!(settingsOf(localSettings()).enabledMcpjsonServers ?? []).includes('everyone'), 'nothing was recorded for it');
    } finally {
      writeFileSync(localSettings(), JSON.stringify(saved, null, 2));
    }
  });

  /** The features fixture (roots, progress, logging) added to the user setting beside the clock server. */
  async function startFeatures(): Promise<void> {
    if (isState('features', 'connected')(api.mcp.hub.servers())) return;
    const servers = config().get<Record<string, unknown>>('mcpServers') ?? {};
    await config().update('mcpServers', { ...servers, features: { command: NODE, args: ['--import', TSX, path.join(FIXTURES, 'featuresServer.ts')] } }, vscode.ConfigurationTarget.Global);
    await api.mcp.reload();
    await waitForHub(api, 'features connected', isState('features', 'connected'));
  }

  it("gives servers the workspace's folders as their roots", async () => {
    await startFeatures();
    const result = await api.mcp.hub.callTool('features', 'roots', {});
    const seen = JSON.parse(result.content.map((b) => (b.type === 'text' ? b.text : '')).join('')) as { roots: { uri: string; name?: string }[] };
    const folders = vscode.workspace.workspaceFolders!.map((f) => ({ uri: f.uri.toString(), name: f.name }));
    assert.deepEqual(seen.roots, folders);
    assert.ok(seen.roots.some((r) => r.uri === vscode.Uri.file(root()).toString()), `the workspace folder is a root: ${JSON.stringify(seen.roots)}`);
  });

  it("shows a tool's progress on its row and hands the server's log messages to the output channel", async () => {
    await startFeatures();
    const progress: string[] = [];
    const logs: string[] = [];
    const offEvents = api.session.onEvent((e) => e.type === 'toolProgress' && e.progress.message !== undefined && progress.push(e.progress.message));
    const offLog = api.mcp.onServerLog((m) => logs.push(`${m.server} ${m.level} ${m.logger ?? ''}: ${String(m.data)}`));
    try {
      // By now the window's servers offer more than 10 MCP tools, so they are deferred: the model loads it first.
      fake.setScript([
        { content: [{ type: 'tool_use', id: 'toolu_load', name: 'ToolSearch', input: { query: 'select:mcp__features__count' } }] },
        { content: [{ type: 'tool_use', id: 'toolu_count', name: 'mcp__features__count', input: { to: 3 } }], expect: { toolResultIds: ['toolu_load'] } },
        { content: [{ type: 'text', text: 'Counted.' }], expect: { toolResultIds: ['toolu_count'] } },
      ]);
      await api.session.send('count to three');
      assert.ok(lastToolResults(fake).includes('counted to 3'), `${lastToolResults(fake)} ${JSON.stringify(fake.requests.at(-1)?.error ?? '')}`);
      assert.ok(!lastToolResults(fake).includes('no progress token'), 'the call carried a progressToken');
      assert.deepEqual(progress, ['Counting (1/3)', 'Counting (2/3)', 'Counting (3/3)']);
      // The server was asked for info (the channel's default level): its debug line never came.
      assert.deepEqual(logs, ['features info counter: counted to 3']);
    } finally {
      offEvents();
      offLog();
    }
  });
});

/** Adds stdio fixture servers named `names` to the `.mcp.json` at `file`, each with a fresh id (no earlier answer counts). */
function addServers(file: string, names: string[]): void {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
  for (const name of names) config.mcpServers[name] = { command: NODE, args: ['--import', TSX, path.join(FIXTURES, 'stdioServer.ts')], env: { CODEWRIGHT_TEST_RUN: randomUUID() } };
  writeFileSync(file, JSON.stringify(config, null, 2));
}

/** The approval keys of a settings file (empty when it does not exist). */
function settingsOf(file: string): { enabledMcpjsonServers?: string[]; disabledMcpjsonServers?: string[]; enableAllProjectMcpServers?: boolean } {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    return {};
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof settingsOf>;
}

/** Resolves once the approval seam was asked about `name` (the manager asks right after it set needsApproval). */
async function waitForQuestion(asked: { entry: McpServerEntry }[], name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!asked.some((q) => q.entry.name === name)) {
    if (Date.now() > deadline) throw new Error(`The approval of ${name} was never asked`);
    // The question is asked in the same microtask chain as the status change; a short poll is enough.
    await new Promise((r) => setTimeout(r, 20));
  }
}
