import { describe, expect, it } from 'vitest';
import type { McpElicitationResult } from '../../../../extension/core/contracts/mcp';
import { parseHostToWebview, type HostToWebview } from '../../../../extension/protocol/messages';
import { WebviewElicitationResponder } from '../../../../extension/ui/chat/elicitationResponder';
import { BOOKING_SCHEMA } from '../../../fixtures/mcp/bookingSchema';
import { agentDeps, RecordingLogger, ScriptedModel, sequentialIds, tick, until } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

/** Two chats of a window, each a bridge over its own session, and the window's elicitation responder. */
function setup() {
  const log = new RecordingLogger();
  const chat = (id: string) => {
    const session = chatOver(agentDeps(new ScriptedModel([['hi']])), { log });
    const page: HostToWebview[] = [];
    return { id, page, post: (m: HostToWebview) => void page.push(m), session };
  };
  const sidebar = chat('sidebar');
  const tab = chat('tab-1');
  const responder = new WebviewElicitationResponder<ReturnType<typeof chat>>({
    target: () => sidebar,
    newId: sequentialIds('e'),
    openUrl: async () => {},
    log,
  });
  const connect = (c: typeof sidebar) => bridgeOver(c.session, { log, post: c.post, elicitations: responder.cardFor(c) }).bridge;
  return { log, responder, sidebar, tab, bridges: { sidebar: connect(sidebar), tab: connect(tab) } };
}

const ask = (responder: ReturnType<typeof setup>['responder']) => {
  const state: { result?: McpElicitationResult } = {};
  void responder.elicit({ server: 'booking', message: 'Who is coming?', mode: 'form', requestedSchema: BOOKING_SCHEMA }).then((r) => (state.result = r));
  return state;
};

const snapshotOf = (page: HostToWebview[]) => page.find((m): m is Extract<HostToWebview, { type: 'sessionSnapshot' }> => m.type === 'sessionSnapshot');

describe('ui/chat/chatBridge: answerElicitation', () => {
  it("keeps the request in the snapshot of the chat that shows it, and only that chat's", async () => {
    const { responder, sidebar, tab, bridges } = setup();
    ask(responder);
    bridges.sidebar.receive({ type: 'ready' });
    bridges.tab.receive({ type: 'ready' });
    await until(() => !!snapshotOf(sidebar.page) && !!snapshotOf(tab.page));
    const snap = snapshotOf(sidebar.page)!;
    expect(snap.pendingElicitation).toMatchObject({ requestId: 'e-1', server: 'booking', mode: 'form', schema: { required: ['name', 'email', 'guests', 'seating'] } });
    expect(parseHostToWebview(snap).ok).toBe(true);
    expect(snapshotOf(tab.page)?.pendingElicitation).toBeUndefined();
  });

  it('hands a valid answer to the responder, which answers the server and closes the card', async () => {
    const { responder, sidebar, bridges } = setup();
    const asked = ask(responder);
    const content = { name: 'Ada', email: 'ada@example.com', guests: 2, seating: 'table', outside: true, extras: ['flowers'] };
    expect(bridges.sidebar.receive({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content })).toBe(true);
    await until(() => asked.result !== undefined);
    expect(asked.result).toEqual({ action: 'accept', content });
    expect(sidebar.page.at(-1)).toEqual({ type: 'elicitationResolved', requestId: 'e-1' });
  });

  it('logs and drops an answer that does not fit the form, or answers nothing pending; the request stays open', async () => {
    const { responder, log, bridges } = setup();
    const asked = ask(responder);
    bridges.sidebar.receive({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: { name: 'Ada', email: 'nope', guests: 2, seating: 'table' } });
    bridges.sidebar.receive({ type: 'answerElicitation', requestId: 'e-7', action: 'decline' });
    await tick();
    expect(asked.result).toBeUndefined();
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      'Refused the answer to MCP server "booking": "email": Enter an email address, like name@example.com. It was not sent.',
      'Ignored an answer to MCP request e-1: it is not pending or its content does not fit the form.',
      'Ignored an answer to MCP request e-7: it is not pending or its content does not fit the form.',
    ]);
    expect(responder.pendingRequest?.requestId).toBe('e-1');
  });

  it('drops a malformed answer before it reaches the responder', async () => {
    const { responder, log, bridges } = setup();
    const asked = ask(responder);
    expect(bridges.sidebar.receive({ type: 'answerElicitation', requestId: 'e-1', action: 'maybe' })).toBe(false);
    expect(bridges.sidebar.receive({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: { name: { first: 'Ada' } } })).toBe(false);
    await tick();
    expect(asked.result).toBeUndefined();
    expect(log.lines.filter((l) => l.message.startsWith('Dropped a malformed webview message'))).toHaveLength(2);
  });

  it('lets a chat decline from its page', async () => {
    const { responder, bridges } = setup();
    const asked = ask(responder);
    bridges.tab.receive({ type: 'answerElicitation', requestId: 'e-1', action: 'decline' });
    await until(() => asked.result !== undefined);
    expect(asked.result).toEqual({ action: 'decline' });
  });
});
