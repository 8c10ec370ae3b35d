/** The MCP elicitation card's part of the webview state (docs/ARCHITECTURE.md, MCP). */
import { describe, expect, it } from 'vitest';
import type { ElicitationRequest, HostToWebview } from '../../../extension/protocol/messages';
import { initialChatState, reduceChat, type ChatState } from '../../../webview/state/reducer';

const request: ElicitationRequest = { requestId: 'e-1', server: 'booking', message: 'Who?', mode: 'form', schema: { type: 'object', properties: { name: { type: 'string' } } } };

function snapshot(extra: Partial<Extract<HostToWebview, { type: 'sessionSnapshot' }>> = {}): HostToWebview {
  return { type: 'sessionSnapshot', sessionId: 's1', entries: [], busy: true, setup: { hasApiKey: true, keySource: 'secretStorage' }, model: 'm', ...extra };
}

const elicitationOf = (state: ChatState) => (state.phase === 'ready' ? state.elicitation : undefined);

describe('reduceChat: the MCP elicitation card', () => {
  it('takes the pending request from the snapshot, shows a requested one and closes it only when that request resolves', () => {
    expect(elicitationOf(reduceChat(initialChatState, snapshot({ pendingElicitation: request })))).toEqual(request);
    let state = reduceChat(initialChatState, snapshot());
    expect(elicitationOf(state)).toBeNull();
    state = reduceChat(state, { type: 'elicitationRequested', request });
    expect(elicitationOf(state)).toEqual(request);
    const same = reduceChat(state, { type: 'elicitationResolved', requestId: 'e-other' });
    expect(same).toBe(state);
    expect(elicitationOf(reduceChat(state, { type: 'elicitationResolved', requestId: 'e-1' }))).toBeNull();
  });

  it('drops a request that comes before the snapshot (the snapshot carries it)', () => {
    expect(reduceChat(initialChatState, { type: 'elicitationRequested', request })).toBe(initialChatState);
  });
});
