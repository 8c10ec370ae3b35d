import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';

/** The runner starts code-server with this key in the environment (see test/integration/run.ts). */
const KEY = process.env.ANTHROPIC_API_KEY ?? '';

const AGENT_FILE = `---
name: greeter
description: Writes greetings in the house style
tools: Read, Glob
---
You are the greeter. Answer with one polite greeting and nothing else.
`;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('sub-agents in the real extension host', () => {
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const agentsDir = () => path.join(root(), '.claude', 'agents');

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    mkdirSync(agentsDir(), { recursive: true });
    writeFileSync(path.join(agentsDir(), 'greeter.md'), AGENT_FILE);
  });

  after(async () => {
    rmSync(agentsDir(), { recursive: true, force: true });
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  beforeEach(() => api.session.sessions.reset());

  it("runs an agent type from the workspace's .claude/agents: its body is the sub-agent's prompt, its report the tool result, its transcript kept", async () => {
    const agentsBefore = new Set(filesUnder(api.storageRoot).filter((f) => f.includes(`${path.sep}agents${path.sep}`)));
    // The file was written after the extension started: the host reads agent files at the start of each turn.
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_greet', name: 'Agent', input: { description: 'Greet the user', prompt: 'Greet Ada', subagent_type: 'greeter' } }] },
      { content: [{ type: 'text', text: 'Good morning, Ada.' }], expect: { lastUserTextIncludes: 'Greet Ada' } },
      { content: [{ type: 'text', text: 'Done: the greeter said good morning.' }], expect: { toolResultIds: ['toolu_greet'] } },
    ]);
    await api.session.send('greet Ada through the greeter');
    const lastResult = JSON.stringify((fake.requests.at(-1)?.body as { messages: unknown[] } | undefined)?.messages.at(-1) ?? '');
    assert.ok(lastResult.includes('Good morning, Ada.'), `the Agent tool result carries the report: ${lastResult.slice(0, 500)}`);
    const sub = fake.requests.find((r) => JSON.stringify(r.body.messages).includes('Greet Ada') && !JSON.stringify(r.body.messages).includes('greet Ada through'));
    assert.ok(sub, 'the sub-agent made its own request, without the parent conversation');
    assert.ok(JSON.stringify(sub.body.system).includes('You are the greeter.'), "the agent file's body is in the sub-agent's system prompt");
    const shown = api.session.messages();
    assert.deepEqual([shown[0]?.role, shown[0]?.text], ['user', 'greet Ada through the greeter']);
    assert.deepEqual([shown.at(-1)?.role, shown.at(-1)?.text], ['assistant', 'Done: the greeter said good morning.']);
    const transcripts = filesUnder(api.storageRoot).filter((f) => f.includes(`${path.sep}agents${path.sep}`) && f.endsWith('.jsonl') && !agentsBefore.has(f));
    assert.ok(transcripts.length >= 1, 'the sub-agent transcript is kept in the session storage');
  });
});
