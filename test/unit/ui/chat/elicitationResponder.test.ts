import { describe, expect, it } from 'vitest';
import type { McpElicitation, McpElicitationResult } from '../../../../extension/core/contracts/mcp';
import { parseHostToWebview, type HostToWebview } from '../../../../extension/protocol/messages';
import { WebviewElicitationResponder } from '../../../../extension/ui/chat/elicitationResponder';
import { BOOKING_SCHEMA } from '../../../fixtures/mcp/bookingSchema';
import { RecordingLogger, sequentialIds, tick } from '../../support';

/** A chat that records what it is sent. */
class FakeChat {
  readonly posted: HostToWebview[] = [];
  constructor(readonly id: string) {}
  post(message: HostToWebview): void {
    this.posted.push(message);
  }
}

function setup() {
  const sidebar = new FakeChat('sidebar');
  let focused = sidebar;
  const log = new RecordingLogger();
  const shown: string[] = [];
  const opened: string[] = [];
  const responder = new WebviewElicitationResponder<FakeChat>({
    target: () => focused,
    newId: sequentialIds('e'),
    onShow: (request, chat) => shown.push(`${request.requestId}@${chat.id}`),
    openUrl: async (url) => void opened.push(url),
    log,
  });
  return { responder, sidebar, log, shown, opened, focus: (chat: FakeChat) => (focused = chat) };
}

const booking: McpElicitation = { server: 'booking', message: 'Who is coming, and when?', mode: 'form', requestedSchema: BOOKING_SCHEMA };
const valid = { name: 'Ada', email: 'ada@example.com', guests: 3, seating: 'bar', outside: false, extras: ['cake'] };

/** Records how an elicitation settled, so a test can check it has not settled yet. */
function track(promise: Promise<McpElicitationResult>) {
  const state: { result?: McpElicitationResult } = {};
  void promise.then((result) => (state.result = result));
  return state;
}

describe('ui/chat/elicitationResponder', () => {
  it('posts the request to the focused chat, keeps it pending, and resolves with accepted content', async () => {
    const { responder, sidebar, shown } = setup();
    const asked = track(responder.elicit(booking));
    const posted = sidebar.posted[0];
    expect(posted).toMatchObject({ type: 'elicitationRequested', request: { requestId: 'e-1', server: 'booking', message: 'Who is coming, and when?', mode: 'form' } });
    expect(parseHostToWebview(posted)).toEqual({ ok: true, message: posted });
    expect(shown).toEqual(['e-1@sidebar']);
    expect(responder.pendingIn(sidebar)?.requestId).toBe('e-1');
    expect(responder.cardFor(sidebar).pendingRequest?.requestId).toBe('e-1');
    await tick();
    expect(asked.result).toBeUndefined();

    expect(responder.answer({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: valid })).toBe(true);
    await tick();
    expect(asked.result).toEqual({ action: 'accept', content: valid });
    expect(sidebar.posted.at(-1)).toEqual({ type: 'elicitationResolved', requestId: 'e-1' });
    expect(responder.pendingRequest).toBeUndefined();
  });

  it.each(['decline', 'cancel'] as const)('passes %s on without content', async (action) => {
    const { responder } = setup();
    const asked = track(responder.elicit(booking));
    expect(responder.answer({ type: 'answerElicitation', requestId: 'e-1', action, content: valid })).toBe(true);
    await tick();
    expect(asked.result).toEqual({ action });
  });

  it('refuses content that does not fit the schema with a log line, and keeps the request open', async () => {
    const { responder, sidebar, log } = setup();
    const asked = track(responder.elicit(booking));
    expect(responder.answer({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: { ...valid, guests: 40 } })).toBe(false);
    expect(responder.answer({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: { ...valid, admin: true } })).toBe(false);
    expect(responder.answer({ type: 'answerElicitation', requestId: 'e-9', action: 'decline' })).toBe(false);
    await tick();
    expect(asked.result).toBeUndefined();
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      'Refused the answer to MCP server "booking": "guests": Must be at most 12. It was not sent.',
      'Refused the answer to MCP server "booking": "admin" is not a field of the form. It was not sent.',
    ]);
    expect(sidebar.posted.map((m) => m.type)).toEqual(['elicitationRequested']);
    expect(responder.answer({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: valid })).toBe(true);
  });

  it('takes the card away when the server cancels the request, answering cancel', async () => {
    const { responder, sidebar } = setup();
    const server = new AbortController();
    const asked = track(responder.elicit(booking, server.signal));
    server.abort();
    await tick();
    expect(asked.result).toEqual({ action: 'cancel' });
    expect(sidebar.posted.at(-1)).toEqual({ type: 'elicitationResolved', requestId: 'e-1' });
    expect(responder.pendingRequest).toBeUndefined();
  });

  it('shows one request at a time, the next in the chat focused when its turn comes', async () => {
    const { responder, sidebar, focus } = setup();
    const tab = new FakeChat('tab-1');
    const first = track(responder.elicit(booking));
    const second = track(responder.elicit({ ...booking, server: 'other' }));
    focus(tab);
    expect(tab.posted).toEqual([]);
    expect(responder.cardFor(tab).pendingRequest).toBeUndefined();
    responder.answer({ type: 'answerElicitation', requestId: 'e-1', action: 'decline' });
    await tick();
    expect(first.result).toEqual({ action: 'decline' });
    expect(sidebar.posted.at(-1)).toEqual({ type: 'elicitationResolved', requestId: 'e-1' });
    expect(tab.posted).toMatchObject([{ type: 'elicitationRequested', request: { requestId: 'e-2', server: 'other' } }]);
    expect(responder.pendingIn(tab)?.requestId).toBe('e-2');
    expect(responder.pendingIn(sidebar)).toBeUndefined();
    expect(second.result).toBeUndefined();
  });

  it('moves a request to the focused chat when the chat showing it closes', () => {
    const { responder, sidebar, focus, shown } = setup();
    const tab = new FakeChat('tab-1');
    focus(tab);
    void responder.elicit(booking);
    focus(sidebar);
    responder.closed(sidebar);
    expect(sidebar.posted).toEqual([]);
    responder.closed(tab);
    expect(sidebar.posted).toMatchObject([{ type: 'elicitationRequested', request: { requestId: 'e-1' } }]);
    expect(shown).toEqual(['e-1@tab-1', 'e-1@sidebar']);
  });

  it('declines a form outside the spec without showing it, saying why in the log', async () => {
    const { responder, sidebar, log } = setup();
    const nested = { ...booking, requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: {} } } } };
    expect(await responder.elicit(nested)).toEqual({ action: 'decline' });
    expect(await responder.elicit({ ...booking, requestedSchema: undefined })).toEqual({ action: 'decline' });
    expect(sidebar.posted).toEqual([]);
    expect(log.lines[0]?.message).toMatch(/^MCP server "booking" asked for input that cannot be shown \(a form outside the spec's flat schema: properties\.address.*\): declined\.$/);
  });

  it('shows a URL-mode request and opens its page only when accepted; a non-web URL is declined', async () => {
    const { responder, sidebar, opened } = setup();
    const asked = track(responder.elicit({ server: 'pay', message: 'Pay here', mode: 'url', url: 'https://pay.test/checkout?id=1', elicitationId: 'x' }));
    expect(sidebar.posted[0]).toEqual({ type: 'elicitationRequested', request: { requestId: 'e-1', server: 'pay', message: 'Pay here', mode: 'url', url: 'https://pay.test/checkout?id=1' } });
    expect(opened).toEqual([]);
    responder.answer({ type: 'answerElicitation', requestId: 'e-1', action: 'accept' });
    await tick();
    expect(asked.result).toEqual({ action: 'accept' });
    expect(opened).toEqual(['https://pay.test/checkout?id=1']);
    expect(await responder.elicit({ server: 'pay', message: 'Run', mode: 'url', url: 'file:///etc/passwd' })).toEqual({ action: 'decline' });
  });

  it('answers cancel to whatever waits when it is disposed', async () => {
    const { responder } = setup();
    const asked = track(responder.elicit(booking));
    responder.dispose();
    await tick();
    expect(asked.result).toEqual({ action: 'cancel' });
  });
});
