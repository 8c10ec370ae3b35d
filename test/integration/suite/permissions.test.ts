/**
 * The permission path through the real extension: the Bash tool asks, the user's "always allow" answer is
 * written to .claude/settings.local.json, and the next call runs without asking because of that file.
 * The answer comes through the approval queue's responder, the seam every approval surface uses.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';
const COMMAND = 'expr 40 + 2';

describe('permissions: always allow is saved and honoured', function () {
  this.timeout(60_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const localSettings = path.join(root, '.claude', 'settings.local.json');

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    rmSync(path.join(root, '.claude'), { recursive: true, force: true });
  });

  after(async () => {
    rmSync(path.join(root, '.claude'), { recursive: true, force: true });
    await api.permissions.reload();
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  const script = (id: string) =>
    fake.setScript([
      { content: [{ type: 'tool_use', id, name: 'Bash', input: { command: COMMAND, description: 'Add numbers' } }] },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: [id] } },
    ]);
  const lastToolResult = () => JSON.stringify((fake.requests.at(-1)?.body as { messages: unknown[] } | undefined)?.messages.at(-1));

  it('asks once, saves the accepted suggestion, and runs the next call without asking', async () => {
    api.session.sessions.reset();
    const prompts: PermissionPrompt[] = [];
    const restore = api.approvals.setResponder(async (prompt) => {
      prompts.push(prompt);
      const always = prompt.suggestions?.find((s) => s.type === 'addRules' && s.destination === 'localSettings');
      assert.ok(always, `an "always allow" suggestion is offered: ${JSON.stringify(prompt.suggestions)}`);
      return { behavior: 'allow', updatedInput: prompt.input, permissionUpdates: [always] };
    });
    try {
      script('toolu_first');
      await api.session.send('compute it');
      assert.equal(prompts.length, 1);
      assert.equal(prompts[0]!.tool.name, 'Bash');
      assert.match(lastToolResult(), /42/);
      assert.ok(existsSync(localSettings), 'the rule is saved to .claude/settings.local.json');
      const saved = JSON.parse(readFileSync(localSettings, 'utf8')) as { permissions: { allow: string[] } };
      assert.deepEqual(saved.permissions.allow, ['Bash(expr 40:*)']);

      // Forget the in-memory rule so only the file can allow the next call.
      api.permissions.holder.update((ctx) => ({ ...ctx, alwaysAllowRules: { ...ctx.alwaysAllowRules, localSettings: [] } }));
      await api.permissions.reload();
      api.session.sessions.reset();
      script('toolu_second');
      await api.session.send('compute it again');
      assert.equal(prompts.length, 1, 'the second call was not asked about');
      assert.match(lastToolResult(), /42/);
      assert.ok(
        vscode.window.terminals.some((t) => t.name.startsWith('Codewright: session')),
        `the session's terminal mirror exists: ${vscode.window.terminals.map((t) => t.name).join(', ')}`,
      );
    } finally {
      restore();
    }
  });

  it('a denial with feedback reaches the model and nothing runs', async () => {
    api.session.sessions.reset();
    const restore = api.approvals.setResponder(async () => ({
      behavior: 'deny',
      message: 'The user denied Bash. The user said: use the npm script instead',
      decisionReason: { type: 'other', reason: 'denied by the user' },
    }));
    try {
      fake.setScript([
        { content: [{ type: 'tool_use', id: 'toolu_denied', name: 'Bash', input: { command: 'touch should-not-exist.txt' } }] },
        { content: [{ type: 'text', text: 'OK.' }], expect: { toolResultIds: ['toolu_denied'] } },
      ]);
      await api.session.send('make a file');
      assert.match(lastToolResult(), /use the npm script instead/);
      assert.equal(existsSync(path.join(root, 'should-not-exist.txt')), false);
    } finally {
      restore();
    }
  });
});
