/** The plan card's part of the webview state (docs/ARCHITECTURE.md, Plan mode). */
import { describe, expect, it } from 'vitest';
import type { HostToWebview, PlanRequest } from '../../../extension/protocol/messages';
import { initialChatState, reduceChat, type ChatState } from '../../../webview/state/reducer';

const request: PlanRequest = { requestId: 'p-1', plan: '# Plan', suggestedMode: 'default' };

function snapshot(extra: Partial<Extract<HostToWebview, { type: 'sessionSnapshot' }>> = {}): HostToWebview {
  return { type: 'sessionSnapshot', sessionId: 's1', entries: [], busy: true, setup: { hasApiKey: true, keySource: 'secretStorage' }, model: 'm', ...extra };
}

const planOf = (state: ChatState) => (state.phase === 'ready' ? state.plan : undefined);

describe('reduceChat: the plan card', () => {
  it('takes the pending plan from the snapshot, shows a requested one and closes it only when that request resolves', () => {
    expect(planOf(reduceChat(initialChatState, snapshot({ pendingPlan: request })))).toEqual(request);
    let state = reduceChat(initialChatState, snapshot());
    expect(planOf(state)).toBeNull();
    state = reduceChat(state, { type: 'planApprovalRequested', request });
    expect(planOf(state)).toEqual(request);
    const same = reduceChat(state, { type: 'planApprovalResolved', requestId: 'p-other' });
    expect(same).toBe(state);
    expect(planOf(reduceChat(state, { type: 'planApprovalResolved', requestId: 'p-1' }))).toBeNull();
  });
});
