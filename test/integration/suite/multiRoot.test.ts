/**
 * A multi-root workspace (test/fixtures/multiroot: folders `app` and `shared`), opened in its own window by
 * the runner's second launch: every folder is the workspace. Glob with no path finds files in both folders;
 * in acceptEdits mode a Write in the second folder runs without a prompt, while one outside both folders
 * still asks; the system prompt names both folders.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { LAUNCH_TITLES } from './launchTitles';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';

/** The text of the last message of the last request (the tool results). */
function lastMessageText(fake: FakeAnthropic): string {
  const messages = ((fake.requests.at(-1)?.body ?? {}) as { messages?: unknown[] }).messages ?? [];
  return JSON.stringify(messages.at(-1) ?? '');
}

describe(LAUNCH_TITLES.multiroot, function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const prompts: PermissionPrompt[] = [];
  let restoreResponder: (() => void) | undefined;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const folder = (name: string) => vscode.workspace.workspaceFolders!.find((f) => f.name === name)!.uri.fsPath;

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    assert.deepEqual(vscode.workspace.workspaceFolders?.map((f) => f.name), ['app', 'shared'], 'the window opened the multi-root workspace');
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    // Every prompt is recorded and refused, so a call that asks cannot leave a turn waiting.
    restoreResponder = api.approvals.setResponder(async (prompt) => {
      prompts.push(prompt);
      return { behavior: 'deny', message: 'refused by the test', decisionReason: { type: 'other', reason: 'the test refuses every prompt' } };
    });
  });

  after(async () => {
    restoreResponder?.();
    api.session.setPermissionMode('default');
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  beforeEach(() => {
    api.session.sessions.reset();
    prompts.length = 0;
  });
  afterEach(() => {
    if (api.session.busy) api.session.stop();
  });

  it('finds files in both folders with a Glob that names no path, and names both folders to the model', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_glob', name: 'Glob', input: { pattern: '**/*.ts' } }] },
      { content: [{ type: 'text', text: 'Found them.' }], expect: { toolResultIds: ['toolu_glob'] } },
    ]);
    await api.session.send('list the TypeScript files');
    const result = lastMessageText(fake);
    assert.ok(result.includes('main.ts'), `the first folder's file is found: ${result}`);
    assert.ok(result.includes(path.join(folder('shared'), 'lib', 'util.ts')), `the second folder's file is found: ${result}`);
    const system = JSON.stringify((fake.requests.at(-2)?.body as { system?: unknown }).system);
    assert.ok(system.includes(folder('app')) && system.includes(folder('shared')), 'the system prompt names both folders');
  });

  it('writes a file in the second folder without asking in acceptEdits, and still asks for one outside both folders', async () => {
    api.session.setPermissionMode('acceptEdits');
    const inside = path.join(folder('shared'), 'lib', 'written.ts');
    const outside = path.join(path.dirname(folder('shared')), 'outside-both.txt');
    fake.setScript([
      {
        content: [
          { type: 'tool_use', id: 'toolu_in', name: 'Write', input: { file_path: inside, content: 'export const written = true;\n' } },
          { type: 'tool_use', id: 'toolu_out', name: 'Write', input: { file_path: outside, content: 'no\n' } },
        ],
      },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: ['toolu_in', 'toolu_out'] } },
    ]);
    try {
      await api.session.send('write the files');
      assert.equal(readFileSync(inside, 'utf8'), 'export const written = true;\n', 'the write in the second folder ran');
      assert.equal(prompts.length, 1, `only the write outside both folders asked: ${prompts.map((p) => JSON.stringify(p.input)).join(' | ')}`);
      assert.equal((prompts[0]!.input as { file_path?: string }).file_path, outside);
      assert.ok(!existsSync(outside), 'the refused write did not happen');
    } finally {
      rmSync(inside, { force: true });
      rmSync(outside, { force: true });
    }
  });
});
