import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatEvent } from '../../../extension/conversation/chatSession';
import type { CodewrightApi } from '../../../extension/extension';
import { requestOptionsFor } from '../../../extension/core/engines/models/requestOptions';
import { COMMANDS } from '../../../extension/ui/palette/commands';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';

/** The runner starts code-server with this key in the environment (see test/integration/run.ts). */
const KEY = process.env.ANTHROPIC_API_KEY ?? '';

describe('chat through the real extension host and the real SDK', () => {
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  const config = () => vscode.workspace.getConfiguration('codewright');

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
  });

  after(async () => {
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await config().update('model', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  beforeEach(() => api.session.sessions.reset());

  it('streams a reply from the model named in the settings', async () => {
    await config().update('model', 'claude-haiku-5-5', vscode.ConfigurationTarget.Global);
    fake.setScript([{ content: [{ type: 'text', text: 'Hi! I am the fake model.', chunks: 4 }], expect: { lastUserTextIncludes: 'hello' } }]);
    const deltas: string[] = [];
    const off = api.session.onEvent((e) => e.type === 'assistantDelta' && deltas.push(e.text));
    await api.session.send('hello');
    off();
    assert.equal(deltas.length, 4);
    assert.deepEqual(
      api.session.messages().map((m) => [m.role, m.text, m.status]),
      [
        ['user', 'hello', 'done'],
        ['assistant', 'Hi! I am the fake model.', 'done'],
      ],
    );
    const body = fake.requests.at(-1)?.body as { model: string; max_tokens: number; thinking?: unknown; stream: boolean };
    assert.equal(body.model, 'claude-haiku-5-5');
    // The model table's output limit and thinking for that model, as the settings leave them at their defaults.
    const expected = requestOptionsFor('claude-haiku-5-5');
    assert.ok(expected.maxTokens > 8192);
    assert.equal(body.max_tokens, expected.maxTokens);
    assert.deepEqual(body.thinking, expected.thinking);
    assert.equal(body.stream, true);
  });

  it('stops a streaming reply from the Stop command and keeps the transcript valid', async () => {
    fake.setScript([
      { content: [{ type: 'text', text: 'one two three four five six seven eight', chunks: 8 }], delayMsBetweenEvents: 250 },
      { content: [{ type: 'text', text: 'after stop' }], expect: { lastUserTextIncludes: 'again' } },
    ]);
    const firstDelta = new Promise<void>((resolve) => {
      const off = api.session.onEvent((e: ChatEvent) => {
        if (e.type === 'assistantDelta') {
          off();
          resolve();
        }
      });
    });
    const turn = api.session.send('count slowly');
    await firstDelta;
    await vscode.commands.executeCommand(COMMANDS.stop);
    await turn;
    const stopped = api.session.messages()[1];
    assert.equal(stopped?.status, 'stopped');
    assert.ok(stopped && stopped.text.length > 0 && stopped.text.length < 'one two three four five six seven eight'.length);
    await api.session.send('again');
    assert.equal(api.session.messages()[3]?.text, 'after stop');
  });

  it('explains how to set the key when the API rejects it', async () => {
    const strict = await startFakeAnthropic({ apiKey: 'a-different-key' });
    try {
      await config().update('apiBaseUrl', strict.url, vscode.ConfigurationTarget.Global);
      await api.session.send('hello');
      const reply = api.session.messages()[1];
      assert.equal(reply?.status, 'error');
      assert.match(reply?.error ?? '', /401/);
      assert.match(reply?.error ?? '', /Set API Key/);
    } finally {
      await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
      await strict.close();
    }
  });

  it('retries an overloaded API with a visible status, then answers', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 529 } }, { content: [{ type: 'text', text: 'Back again.' }] }]);
    const statuses: (string | null)[] = [];
    const off = api.session.onEvent((e) => e.type === 'status' && statuses.push(e.text));
    await api.session.send('hello');
    off();
    assert.ok(statuses.some((s) => /^Retrying in \d+(\.\d)? s \(API overloaded; attempt 1 of \d+\)$/.test(s ?? '')), JSON.stringify(statuses));
    assert.equal(statuses.at(-1), null);
    assert.deepEqual(
      api.session.messages().map((m) => [m.role, m.text, m.status]),
      [
        ['user', 'hello', 'done'],
        ['assistant', 'Back again.', 'done'],
      ],
    );
  });
});
