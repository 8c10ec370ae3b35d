/**
 * A Claude Code `.claude/` setup works unchanged in the real extension host (test/fixtures/claude-setup):
 * nested commands with arguments, `!` lines and `@` files expand; a skill loads with its folder; a
 * PreToolUse hook blocks a Bash command with its message and another rewrites a Write; a deny rule from the
 * settings file applies; CLAUDE.md with an import and a nested CLAUDE.md reach the model; a broken command
 * file is reported with its file and line while everything else keeps working.
 */
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { ChatEvent } from '../../../extension/conversation/events';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';

/** Everything the request sent, as one string: its system prompt and messages. */
function requestText(req: { body: unknown } | undefined): string {
  const body = (req?.body ?? {}) as { system?: unknown; messages?: unknown };
  return JSON.stringify([body.system, body.messages]);
}

/**
 * Copies `src` into `dst` without touching what is there: a folder that exists already (an earlier suite
 * may leave `.claude/`) is entered, anything missing is copied whole. Returns what was created, to remove after.
 */
function overlay(src: string, dst: string): string[] {
  return readdirSync(src, { withFileTypes: true }).flatMap((entry) => {
    const from = path.join(src, entry.name);
    const to = path.join(dst, entry.name);
    if (existsSync(to)) return entry.isDirectory() ? overlay(from, to) : [];
    cpSync(from, to, { recursive: true });
    return [to];
  });
}

/** The text of the last message of a request (the prompt, or the tool results). */
function lastMessageText(req: { body: unknown } | undefined): string {
  const messages = ((req?.body ?? {}) as { messages?: unknown[] }).messages ?? [];
  return JSON.stringify(messages.at(-1) ?? '');
}

describe('a Claude Code .claude setup in the real extension host', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  /** The fixture beside the test workspace (test/fixtures/workspace). */
  const fixture = () => path.join(root(), '..', 'claude-setup');
  let copied: string[] = [];

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    copied = overlay(fixture(), root());
    // The settings watcher would pick the files up; reloading now does not leave the test to its timing.
    await api.permissions.reload();
    await api.hooks.reload();
  });

  after(async () => {
    for (const created of copied.reverse()) rmSync(created, { recursive: true, force: true });
    await api.permissions.reload();
    await api.hooks.reload();
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  beforeEach(() => api.session.sessions.reset());
  // A turn left waiting (a permission nobody answers) must not take the next tests down with it.
  afterEach(() => {
    if (api.session.busy) api.session.stop();
  });

  it('expands a nested command: arguments, its ! line through Bash (allowed by the file rule) and its @ file', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Here is the brief.' }], expect: { lastUserTextIncludes: 'Write a brief about release for developers.' } }]);
    await api.session.send('/git:brief release developers');
    const sent = lastMessageText(fake.requests.at(-1));
    assert.ok(sent.includes('fixture branch-main') && !sent.includes('echo fixture') && !sent.includes('not run'), `the ! line ran and its output replaced it: ${sent.slice(0, 800)}`);
    assert.ok(sent.includes('the project ships monthly'), `the @ file's content is in the prompt: ${sent.slice(0, 800)}`);
    assert.equal(api.session.messages().at(-1)?.text, 'Here is the brief.');
  });

  it('lists the skill to the model and loads it with the Skill tool, its folder reachable by path', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_skill', name: 'Skill', input: { skill: 'release' } }], expect: { systemIncludes: 'release' } },
      { content: [{ type: 'text', text: 'Following the release checklist.' }], expect: { toolResultIds: ['toolu_skill'] } },
    ]);
    await api.session.send('prepare a release');
    const system = JSON.stringify((fake.requests.at(-2)?.body as { system?: unknown }).system);
    assert.ok(system.includes('Prepares a release of this project following its checklist'), 'the skill description is in the system prompt');
    const result = lastMessageText(fake.requests.at(-1));
    assert.ok(result.includes(`Base directory for this skill: ${path.join(root(), '.claude', 'skills', 'release')}`), `the skill's folder is given: ${result.slice(0, 600)}`);
    assert.ok(result.includes('read checklist.md'), 'the skill body is the tool result');
  });

  it('blocks a Bash command with the PreToolUse hook and sends its stderr to the model', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_rm', name: 'Bash', input: { command: 'rm -rf build', description: 'Clean the build' } }] },
      { content: [{ type: 'text', text: 'The hook refused.' }], expect: { toolResultIds: ['toolu_rm'] } },
    ]);
    await api.session.send('clean the build folder');
    const result = lastMessageText(fake.requests.at(-1));
    assert.ok(result.includes('guard.js: recursive deletes are not allowed in this project (rm -rf build)'), `the hook's message reached the model: ${result}`);
    assert.ok(result.includes('"is_error":true'), 'the call is an error result');
  });

  it("rewrites a Write's input through the hook, which also allows it", async () => {
    const target = path.join(root(), 'generated', 'note.txt');
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: target, content: 'hello\n' } }] },
      { content: [{ type: 'text', text: 'Written.' }], expect: { toolResultIds: ['toolu_write'] } },
    ]);
    try {
      await api.session.send('write a note');
      assert.equal(readFileSync(target, 'utf8'), '// stamped by hook\nhello\n');
    } finally {
      rmSync(path.join(root(), 'generated'), { recursive: true, force: true });
    }
  });

  it('applies the deny rule of .claude/settings.json', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_secret', name: 'Read', input: { file_path: path.join(root(), 'secret.txt') } }] },
      { content: [{ type: 'text', text: 'Denied.' }], expect: { toolResultIds: ['toolu_secret'] } },
    ]);
    await api.session.send('read the secret');
    const result = lastMessageText(fake.requests.at(-1));
    assert.ok(!result.includes('top secret'), 'the file was not read');
    assert.ok(/denied|not allowed|permission/i.test(result), `the model is told it was denied: ${result}`);
  });

  it('sends CLAUDE.md with its import, and a nested CLAUDE.md once a tool touches its folder', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_api', name: 'Read', input: { file_path: path.join(root(), 'packages', 'api', 'index.ts') } }] },
      { content: [{ type: 'text', text: 'Read it.' }], expect: { toolResultIds: ['toolu_api'] } },
    ]);
    await api.session.send('look at the api package');
    const first = requestText(fake.requests.at(-2));
    assert.ok(first.includes('Always answer in British English.'), 'the root CLAUDE.md is in the system prompt');
    assert.ok(first.includes('Use tabs for indentation in fixture files.'), 'its @docs/style.md import is included');
    assert.ok(!first.includes('The api package talks JSON only.'), 'the nested CLAUDE.md waits until its folder is touched');
    const result = lastMessageText(fake.requests.at(-1));
    assert.ok(result.includes('The api package talks JSON only.'), `the nested CLAUDE.md came with the tool result: ${result.slice(0, 800)}`);
  });

  it('reports the broken command file with its line, keeps the others, and says an unknown command is unknown without sending it', async () => {
    const before = fake.requests.length;
    await api.session.send('/nosuchcommand now');
    assert.equal(fake.requests.length, before, 'nothing was sent to the model');
    assert.match(api.session.messages().at(-1)?.text ?? '', /Unknown command: \/nosuchcommand/);
    const names = api.session.commands.list().map((c) => c.name);
    for (const name of ['greet', 'git:brief', 'release', 'context', 'help']) assert.ok(names.includes(name), `/${name} is listed: ${names.join(', ')}`);
    assert.ok(!names.includes('broken'), 'the broken file is not a command');
    const problem = api.session.commands.problems.all().find((p) => p.path.endsWith(path.join('commands', 'broken.md')));
    assert.ok(problem, `the broken file is reported: ${JSON.stringify(api.session.commands.problems.all())}`);
    assert.equal(problem.line, 3, `its line is named: ${problem.message}`);
  });

  it('opens the /context panel with the window by part', async () => {
    const opened: ChatEvent[] = [];
    const off = api.session.onEvent((e) => e.type === 'panelOpened' && opened.push(e));
    try {
      await api.session.send('/context');
      const event = opened[0];
      assert.ok(event && event.type === 'panelOpened' && event.view.panel === 'context', 'the context panel opened');
      const parts = event.view.parts.map((p) => p.label);
      assert.ok(parts.length >= 3, `the window is split by part: ${parts.join(', ')}`);
    } finally {
      off();
    }
  });
});
