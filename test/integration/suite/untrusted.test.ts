/**
 * Restricted Mode for real: the runner (test/integration/run.ts, the `untrusted` launch) opens a scratch copy of
 * test/fixtures/untrusted in a code-server window with workspace trust on and the folder not trusted. The
 * extension must run there (package.json `capabilities.untrustedWorkspaces: limited`), and nothing the folder
 * defines may load or run: hooks, .mcp.json servers, commands, skills, agent types, settings that redirect the
 * API. Granting trust needs a person in VS Code's trust editor; what follows it is unit-tested with a fake flag.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import { COMMANDS } from '../../../extension/ui/palette/commands';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { LAUNCH_TITLES } from './launchTitles';
import { until } from './until';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';

describe(LAUNCH_TITLES.untrusted, function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const marker = (name: string) => existsSync(path.join(root(), name));

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    assert.equal(vscode.workspace.isTrusted, false, 'the runner must open this folder untrusted');
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
  });

  after(async () => {
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  it('activates in Restricted Mode', () => {
    assert.equal(vscode.extensions.getExtension('codewright.codewright')!.isActive, true);
    assert.equal(typeof api.session.send, 'function');
  });

  it("ignores the folder's settings that would redirect the API or widen permissions, and takes its others", () => {
    assert.equal(config().get('diffReview.open'), 'manual', 'the folder settings were read');
    assert.equal(config().get('apiBaseUrl'), fake.url);
    assert.deepEqual(config().get('permissions.allow'), []);
  });

  it("lists the .mcp.json server as waiting for trust, never starts it or asks, and the palette's approve cannot start it", async () => {
    const server = () => api.mcp.hub.servers().find((s) => s.name === 'repo-tools');
    // The workspace's MCP config loads after activation: wait until the server is listed.
    await until(() => server() !== undefined, 'the .mcp.json server to be listed');
    assert.deepEqual(server()?.status, { state: 'disabled', reason: 'untrusted' });
    let asked = 0;
    api.mcp.setAsk(async () => {
      asked++;
      return true;
    });
    try {
      // Refuses with an error message (no modal) and leaves it as it was.
      await vscode.commands.executeCommand(COMMANDS.approveMcpServer, 'repo-tools');
      await api.mcp.hub.restart('repo-tools');
    } finally {
      api.mcp.setAsk(undefined);
    }
    assert.equal(asked, 0);
    assert.deepEqual(server()?.status, { state: 'disabled', reason: 'untrusted' });
    assert.equal(marker('mcp-started'), false);
  });

  it("loads none of the folder's hooks, commands or skills", async () => {
    assert.deepEqual(
      api.hooks.engine.hooks.filter((h) => h.path.startsWith(root())).map((h) => h.path),
      [],
    );
    await api.session.commands.refresh();
    const names = api.session.commands.list().map((c) => c.name);
    assert.ok(names.includes('compact'), `the built-in commands are there: ${names.join(', ')}`);
    assert.deepEqual(
      names.filter((n) => n.startsWith('repo-')),
      [],
    );
  });

  it("sends a turn to the user's API with none of the folder's skills, agent types or MCP tools, and runs none of its hooks", async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Hello from a restricted folder.' }] }]);
    await api.session.send('hello');
    const request = JSON.stringify(fake.requests.at(-1)?.body ?? {});
    assert.ok(request.includes('hello'), 'the turn reached the fake API, not the folder’s URL');
    for (const name of ['repo-skill', 'repo-agent', 'repo-cmd', 'mcp__repo-tools']) assert.equal(request.includes(name), false, `the request names ${name}`);
    assert.equal(marker('hook-ran'), false, "the folder's UserPromptSubmit hook ran");
  });
});
