/** The plan card's host half, and the bridge routing its answers (docs/ARCHITECTURE.md, Plan mode). */
import { describe, expect, it } from 'vitest';
import type { PlanApprovalResponse } from '../../../../extension/core/contracts/planApproval';
import { parseHostToWebview, parseWebviewToHost, type HostToWebview, type PlanRequest } from '../../../../extension/protocol/messages';
import { WebviewPlanResponder } from '../../../../extension/ui/chat/planResponder';
import { agentDeps, ScriptedModel, sequentialIds, tick } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

const PLAN = '# Plan\n\n- change `a.ts`\n- run the tests';

function setup() {
  const posted: HostToWebview[] = [];
  const shown: PlanRequest[] = [];
  const responder = new WebviewPlanResponder({ post: (m) => posted.push(m), newId: sequentialIds('p'), onShow: (r) => shown.push(r) });
  return { responder, posted, shown };
}

function track(promise: Promise<PlanApprovalResponse>) {
  const state: { response?: PlanApprovalResponse; error?: Error } = {};
  promise.then(
    (response) => (state.response = response),
    (error: unknown) => (state.error = error as Error),
  );
  return state;
}

describe('ui/chat/planResponder', () => {
  it('posts the plan, opens it (onShow), resolves with the approved mode, then closes the card', async () => {
    const { responder, posted, shown } = setup();
    const asked = track(responder.approve({ plan: PLAN, suggestedMode: 'acceptEdits' }, new AbortController().signal));
    const request = { requestId: 'p-1', plan: PLAN, suggestedMode: 'acceptEdits' };
    expect(posted).toEqual([{ type: 'planApprovalRequested', request }]);
    expect(parseHostToWebview(posted[0])).toEqual({ ok: true, message: posted[0] });
    expect(shown).toEqual([request]);
    expect(responder.pendingRequest).toEqual(request);
    expect(responder.answer({ type: 'answerPlan', requestId: 'p-1', decision: 'approve', mode: 'default' })).toBe(true);
    await tick();
    expect(asked.response).toEqual({ kind: 'approved', mode: 'default' });
    expect(posted[1]).toEqual({ type: 'planApprovalResolved', requestId: 'p-1' });
    expect(responder.pendingRequest).toBeUndefined();
  });

  it('keeps planning with the feedback; ignores answers to other requests and approvals without a mode', async () => {
    const { responder } = setup();
    const asked = track(responder.approve({ plan: PLAN, suggestedMode: 'default' }, new AbortController().signal));
    expect(responder.answer({ type: 'answerPlan', requestId: 'p-9', decision: 'approve', mode: 'default' })).toBe(false);
    expect(responder.answer({ type: 'answerPlan', requestId: 'p-1', decision: 'approve' })).toBe(false);
    await tick();
    expect(asked.response).toBeUndefined();
    expect(responder.answer({ type: 'answerPlan', requestId: 'p-1', decision: 'keepPlanning', feedback: 'Split step 2' })).toBe(true);
    await tick();
    expect(asked.response).toEqual({ kind: 'keepPlanning', feedback: 'Split step 2' });
  });

  it('withdraws the plan on abort and shows the next one queued behind it', async () => {
    const { responder, posted } = setup();
    const stop = new AbortController();
    const first = track(responder.approve({ plan: 'first', suggestedMode: 'default' }, stop.signal));
    track(responder.approve({ plan: 'second', suggestedMode: 'default' }, new AbortController().signal));
    expect(posted).toHaveLength(1);
    stop.abort();
    await tick();
    expect(first.error?.name).toBe('AbortError');
    expect(posted.slice(1)).toEqual([
      { type: 'planApprovalResolved', requestId: 'p-1' },
      { type: 'planApprovalRequested', request: { requestId: 'p-2', plan: 'second', suggestedMode: 'default' } },
    ]);
  });

  it('fails what waits when the view goes away', async () => {
    const { responder } = setup();
    const asked = track(responder.approve({ plan: PLAN, suggestedMode: 'default' }, new AbortController().signal));
    responder.dispose();
    await tick();
    expect(asked.error?.message).toMatch(/closed before the plan was approved/);
  });
});

describe('ui/chat/chatBridge and the plan card', () => {
  it('puts the pending plan in the snapshot and routes a parsed answerPlan to the responder', async () => {
    const { responder, posted } = setup();
    // The bridge posts beside the responder, as the view's one message channel.
    const { bridge } = bridgeOver(chatOver(agentDeps(new ScriptedModel([]))), { post: (m) => posted.push(m), plans: responder });
    const asked = track(responder.approve({ plan: PLAN, suggestedMode: 'default' }, new AbortController().signal));
    expect(bridge.receive({ type: 'ready' })).toBe(true);
    await tick();
    await tick();
    const snapshot = posted.find((m) => m.type === 'sessionSnapshot');
    expect(snapshot && 'pendingPlan' in snapshot ? snapshot.pendingPlan?.plan : undefined).toBe(PLAN);
    expect(parseWebviewToHost({ type: 'answerPlan', requestId: 'p-1', decision: 'approve', mode: 'bypassPermissions' }).ok).toBe(false);
    expect(bridge.receive({ type: 'answerPlan', requestId: 'p-1', decision: 'approve', mode: 'acceptEdits' })).toBe(true);
    await tick();
    expect(asked.response).toEqual({ kind: 'approved', mode: 'acceptEdits' });
    bridge.dispose();
  });
});
