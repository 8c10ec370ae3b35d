/** Elicitation on the SDK connector, against the repo's eliciting test server (test/fixtures/mcp/elicitServer.ts) as a child process. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpConnection, McpElicitation, McpServerEntry } from '../../../../../extension/core/contracts/mcp';
import { NodeMcpConnector } from '../../../../../extension/host/node/mcp/connector';
import type { HostToWebview } from '../../../../../extension/protocol/messages';
import { WebviewElicitationResponder } from '../../../../../extension/ui/chat/elicitationResponder';
import { RecordingLogger, sequentialIds, until } from '../../../support';

const ROOT = path.resolve(__dirname, '../../../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const entry = (env: Record<string, string> = {}): McpServerEntry => ({
  name: 'booking',
  scope: 'user',
  config: { type: 'stdio', command: process.execPath, args: ['--import', TSX, path.join(ROOT, 'test/fixtures/mcp/elicitServer.ts')], env },
});

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

/** A connection whose elicitations go to a responder posting to one chat page. */
async function setup(env?: Record<string, string>) {
  const page: HostToWebview[] = [];
  const chat = { post: (m: HostToWebview) => void page.push(m) };
  const responder = new WebviewElicitationResponder({ target: () => chat, newId: sequentialIds('e'), openUrl: async () => {}, log: new RecordingLogger() });
  const connection: McpConnection = await new NodeMcpConnector({ cwd: ROOT, elicitation: responder }).connect(entry(env));
  cleanup.push(() => connection.close());
  return { page, responder, connection };
}

const text = (r: { content: { type: string; text?: string }[] }) => r.content.map((c) => c.text ?? '').join('\n');

describe('host/node/mcp/elicitation', () => {
  it("hands the server's form to the port and the accepted content back, which the server's own schema check accepts", async () => {
    const { page, responder, connection } = await setup();
    const call = connection.callTool('book_table', {});
    await until(() => page.some((m) => m.type === 'elicitationRequested'));
    const shown = page[0] as Extract<HostToWebview, { type: 'elicitationRequested' }>;
    expect(shown.request).toMatchObject({ server: 'booking', message: 'Who is coming, and when?', mode: 'form' });
    const content = { name: 'Ada', email: 'ada@example.com', website: 'https://ada.dev', day: '2025-06-18', arrival: '2025-06-18T19:30:00Z', guests: 4, outside: false, seating: 'bar', size: 'm', extras: ['cake'], diet: ['vegan'] };
    expect(responder.answer({ type: 'answerElicitation', requestId: shown.request.requestId, action: 'accept', content })).toBe(true);
    expect(text(await call)).toBe(`accept:${JSON.stringify(content)}`);
  }, 30_000);

  // The request is the server's first (id 0), whose cancellation the SDK itself drops (typescript-sdk#2283).
  it('answers cancel and takes the card away when the server gives up waiting', async () => {
    const { page, responder, connection } = await setup({ ELICIT_TIMEOUT_MS: '300' });
    const result = await connection.callTool('ask_briefly', {});
    expect(text(result)).toBe('timed out');
    await until(() => page.some((m) => m.type === 'elicitationResolved'));
    expect(page.map((m) => m.type)).toEqual(['elicitationRequested', 'elicitationResolved']);
    expect(responder.pendingRequest).toBeUndefined();
  }, 30_000);

  it('declares the capability only with a port, so servers without one cannot ask', async () => {
    const asked: McpElicitation[] = [];
    const withPort = await new NodeMcpConnector({ cwd: ROOT, elicitation: { elicit: async (e) => (asked.push(e), { action: 'decline' }) } }).connect(entry());
    cleanup.push(() => withPort.close());
    expect(text(await withPort.callTool('book_table', {}))).toBe('decline:null');
    expect(asked.map((e) => e.server)).toEqual(['booking']);
    const without = await new NodeMcpConnector({ cwd: ROOT }).connect(entry());
    cleanup.push(() => without.close());
    const result = await without.callTool('book_table', {});
    expect(text(result)).toMatch(/does not support form elicitation/);
  }, 30_000);
});
