/**
 * MCP elicitation in the real extension host (issue 30): the repo's eliciting test server
 * (test/fixtures/mcp/elicitServer.ts, a stdio server in the `codewright.mcpServers` setting) asks for input
 * during a tool call of a chat turn on the fake API; the request reaches the focused chat's card (its view
 * revealed), the answer given through the responder's API reaches the server, which checks it against its
 * schema, and comes back in the tool result the model gets. A wrong answer is refused and never sent; a
 * request the server gives up on goes away.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { ElicitationRequest } from '../../../extension/protocol/messages';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { until } from './until';

const KEY = process.env.ANTHROPIC_API_KEY ?? '';
const EXTENSION = vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!;
const REPO = EXTENSION.extensionPath;
const TSX = pathToFileURL(path.join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
/** A plain Node for the server, as in mcp.test.ts: code-server's extension host runs on Node, a desktop VS Code's on Electron. */
const NODE = process.versions.electron ? 'node' : process.execPath;

/** The tool_result blocks of the last request's last message, as JSON text. */
function lastToolResults(fake: FakeAnthropic): string {
  const messages = (fake.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages ?? [];
  return JSON.stringify(messages.at(-1) ?? '');
}

describe('MCP elicitation in the chat', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: CodewrightApi;
  let restoreResponder: (() => void) | undefined;
  const config = () => vscode.workspace.getConfiguration('codewright');
  const pending = (): ElicitationRequest | undefined => api.chats.elicitations.pendingRequest;

  before(async () => {
    assert.ok(KEY, 'ANTHROPIC_API_KEY must be set for the integration run');
    fake = await startFakeAnthropic({ apiKey: KEY });
    await config().update('apiBaseUrl', fake.url, vscode.ConfigurationTarget.Global);
    api = await EXTENSION.activate();
    // The MCP tool calls ask for permission; every one is allowed here.
    restoreResponder = api.approvals.setResponder(async (prompt) => ({ behavior: 'allow', updatedInput: prompt.input }));
    const server = { command: NODE, args: ['--import', TSX, path.join(REPO, 'test/fixtures/mcp/elicitServer.ts')], env: { ELICIT_TIMEOUT_MS: '2000' } };
    await config().update('mcpServers', { booking: server }, vscode.ConfigurationTarget.Global);
    await api.mcp.reload();
    await until(() => api.mcp.hub.servers().some((s) => s.name === 'booking' && s.status.state === 'connected'), 'the booking server connected', 30_000);
  });

  after(async () => {
    restoreResponder?.();
    await config().update('mcpServers', undefined, vscode.ConfigurationTarget.Global);
    await api.mcp.reload();
    await config().update('apiBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    await fake?.close();
  });

  beforeEach(() => api.session.sessions.reset());
  afterEach(() => {
    if (api.session.busy) api.session.stop();
  });

  it("shows the server's form in the focused chat and sends the accepted answer back in the tool result", async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_book', name: 'mcp__booking__book_table', input: {} }] },
      { content: [{ type: 'text', text: 'Booked.' }], expect: { toolResultIds: ['toolu_book'] } },
    ]);
    const turn = api.session.send('book a table for us');
    await until(() => pending() !== undefined, 'the request on the card');
    const request = pending()!;
    assert.equal(request.server, 'booking');
    assert.equal(request.message, 'Who is coming, and when?');
    assert.ok(request.mode === 'form' && Object.keys(request.schema.properties).length === 12, `the whole form came: ${JSON.stringify(request)}`);
    const chat = api.chats.focused();
    assert.equal(api.chats.elicitations.pendingIn(chat)?.requestId, request.requestId, 'the card is in the focused chat');
    await until(() => chat.surface.visible, 'the chat view revealed');

    const content = { name: 'Ada', email: 'ada@example.com', day: '2025-06-18', guests: 3, outside: true, seating: 'bar', extras: ['cake'] };
    assert.equal(api.chats.elicitations.answer({ type: 'answerElicitation', requestId: request.requestId, action: 'accept', content }), true);
    await turn;
    const results = lastToolResults(fake);
    assert.ok(results.includes(JSON.stringify(`accept:${JSON.stringify(content)}`).slice(1, -1)), `the server got the answer: ${results}`);
    assert.equal(pending(), undefined, 'the card closed');
    assert.equal(api.session.messages().at(-1)?.text, 'Booked.');
  });

  it('refuses an answer that does not fit the form, never sending it, then sends the decline', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_book2', name: 'mcp__booking__book_table', input: {} }] },
      { content: [{ type: 'text', text: 'Not booked.' }], expect: { toolResultIds: ['toolu_book2'] } },
    ]);
    const turn = api.session.send('book another table');
    await until(() => pending() !== undefined, 'the request on the card');
    const { requestId } = pending()!;
    const wrong = { name: 'Ada', email: 'ada@example.com', guests: 40, seating: 'bar' };
    assert.equal(api.chats.elicitations.answer({ type: 'answerElicitation', requestId, action: 'accept', content: wrong }), false);
    assert.equal(pending()?.requestId, requestId, 'still waiting for a good answer');
    assert.equal(api.chats.elicitations.answer({ type: 'answerElicitation', requestId, action: 'decline' }), true);
    await turn;
    assert.ok(lastToolResults(fake).includes('decline:null'), lastToolResults(fake));
  });

  it('takes the card away when the server stops waiting', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_brief', name: 'mcp__booking__ask_briefly', input: {} }] },
      { content: [{ type: 'text', text: 'Too slow.' }], expect: { toolResultIds: ['toolu_brief'] } },
    ]);
    const turn = api.session.send('ask me briefly');
    await until(() => pending() !== undefined, 'the request on the card');
    await turn;
    assert.ok(lastToolResults(fake).includes('timed out'), lastToolResults(fake));
    await until(() => pending() === undefined, 'the card gone');
  });
});
