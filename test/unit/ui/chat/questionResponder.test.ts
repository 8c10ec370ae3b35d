import { describe, expect, it } from 'vitest';
import type { UserQuestion, UserQuestionResponse } from '../../../../extension/core/contracts/questions';
import { parseHostToWebview, type HostToWebview } from '../../../../extension/protocol/messages';
import { WebviewQuestionResponder } from '../../../../extension/ui/chat/questionResponder';
import { colour, extras } from '../../../fixtures/questions';
import { sequentialIds, tick } from '../../support';

function setup() {
  const posted: HostToWebview[] = [];
  const responder = new WebviewQuestionResponder({ post: (m) => posted.push(m), newId: sequentialIds('q') });
  return { responder, posted };
}

/** Records how an ask settled, so a test can check it has not settled yet. */
function track(promise: Promise<UserQuestionResponse>) {
  const state: { response?: UserQuestionResponse; error?: Error } = {};
  promise.then(
    (response) => (state.response = response),
    (error: unknown) => (state.error = error as Error),
  );
  return state;
}

describe('ui/chat/questionResponder', () => {
  it('posts the questions, resolves with a valid answer, then closes the card', async () => {
    const { responder, posted } = setup();
    const asked = track(responder.ask([colour, extras], new AbortController().signal));
    expect(posted).toEqual([{ type: 'questionAsked', request: { requestId: 'q-1', questions: [colour, extras] } }]);
    expect(parseHostToWebview(posted[0])).toEqual({ ok: true, message: posted[0] });
    expect(responder.pendingRequest?.requestId).toBe('q-1');
    const ok = responder.answer({
      type: 'answerQuestion',
      requestId: 'q-1',
      answers: [
        { question: colour.question, selected: ['Blue'] },
        { question: extras.question, selected: ['Lint', 'CI'], other: ' docs ' },
      ],
    });
    await tick();
    expect(ok).toBe(true);
    expect(asked.response).toEqual({
      kind: 'answered',
      answers: [
        { question: colour.question, selected: ['Blue'] },
        { question: extras.question, selected: ['Lint', 'CI'], other: 'docs' },
      ],
    });
    expect(posted.at(-1)).toEqual({ type: 'questionResolved', requestId: 'q-1' });
    expect(responder.pendingRequest).toBeUndefined();
  });

  it.each([
    ['an unknown request', { requestId: 'q-9', answers: [{ question: colour.question, selected: ['Red'] }] }],
    ['an unknown question', { requestId: 'q-1', answers: [{ question: 'Which size?', selected: ['Red'] }] }],
    ['a label that is not an option', { requestId: 'q-1', answers: [{ question: colour.question, selected: ['Green'] }] }],
    ['two labels for a single-select question', { requestId: 'q-1', answers: [{ question: colour.question, selected: ['Red', 'Blue'] }] }],
    ['a label picked twice', { requestId: 'q-1', answers: [{ question: extras.question, selected: ['Lint', 'Lint'] }] }],
    [
      'the same question answered twice',
      { requestId: 'q-1', answers: [{ question: colour.question, selected: ['Red'] }, { question: colour.question, selected: ['Blue'] }] },
    ],
  ])('ignores %s and keeps waiting', async (_name, forged) => {
    const { responder, posted } = setup();
    const asked = track(responder.ask([colour, extras], new AbortController().signal));
    expect(responder.answer({ type: 'answerQuestion', ...forged })).toBe(false);
    await tick();
    expect(asked).toEqual({});
    expect(posted.map((p) => p.type)).toEqual(['questionAsked']);
    expect(responder.pendingRequest?.requestId).toBe('q-1');
  });

  it('resolves declined when the user skips', async () => {
    const { responder } = setup();
    const asked = track(responder.ask([colour], new AbortController().signal));
    expect(responder.answer({ type: 'answerQuestion', requestId: 'q-1', answers: [], declined: true })).toBe(true);
    await tick();
    expect(asked.response).toEqual({ kind: 'declined' });
  });

  it('withdraws the card and rejects with an abort when the turn is stopped', async () => {
    const { responder, posted } = setup();
    const stop = new AbortController();
    const asked = track(responder.ask([colour], stop.signal));
    stop.abort();
    await tick();
    expect(asked.error?.name).toBe('AbortError');
    expect(posted.map((p) => p.type)).toEqual(['questionAsked', 'questionResolved']);
    expect(responder.answer({ type: 'answerQuestion', requestId: 'q-1', answers: [{ question: colour.question, selected: ['Red'] }] })).toBe(false);
  });

  it('queues a second ask and shows it once the first is settled', async () => {
    const { responder, posted } = setup();
    const first = track(responder.ask([colour], new AbortController().signal));
    const second = track(responder.ask([extras], new AbortController().signal));
    expect(posted.map((p) => p.type)).toEqual(['questionAsked']);
    responder.answer({ type: 'answerQuestion', requestId: 'q-1', answers: [{ question: colour.question, selected: ['Red'] }] });
    expect(posted.slice(1)).toEqual([
      { type: 'questionResolved', requestId: 'q-1' },
      { type: 'questionAsked', request: { requestId: 'q-2', questions: [extras] } },
    ]);
    responder.answer({ type: 'answerQuestion', requestId: 'q-2', answers: [], declined: true });
    await tick();
    expect([first.response?.kind, second.response?.kind]).toEqual(['answered', 'declined']);
  });

  it('tells onShow about each request as it goes on screen, queued ones when their turn comes', () => {
    const shown: string[] = [];
    const responder = new WebviewQuestionResponder({ post: () => {}, newId: sequentialIds('q'), onShow: (r) => shown.push(r.requestId) });
    void responder.ask([colour], new AbortController().signal);
    void responder.ask([extras], new AbortController().signal);
    expect(shown).toEqual(['q-1']);
    responder.answer({ type: 'answerQuestion', requestId: 'q-1', answers: [], declined: true });
    expect(shown).toEqual(['q-1', 'q-2']);
  });

  it('fails what still waits when it is disposed', async () => {
    const { responder } = setup();
    const asked = track(responder.ask([colour], new AbortController().signal));
    responder.dispose();
    await tick();
    expect(asked.error?.message).toMatch(/chat view closed/);
    expect(responder.pendingRequest).toBeUndefined();
  });

  it('shows capped texts but answers with the original question and labels', async () => {
    const { responder, posted } = setup();
    const long: UserQuestion = { ...colour, question: `${'Q'.repeat(3000)}?`, options: [{ label: 'L'.repeat(600), description: '' }, colour.options[1]!] };
    const asked = track(responder.ask([long], new AbortController().signal));
    const shown = posted[0]?.type === 'questionAsked' ? posted[0].request.questions[0] : undefined;
    expect(parseHostToWebview(posted[0]).ok).toBe(true);
    expect(shown?.question.length).toBe(2000);
    responder.answer({ type: 'answerQuestion', requestId: 'q-1', answers: [{ question: shown!.question, selected: [shown!.options[0]!.label] }] });
    await tick();
    expect(asked.response).toEqual({ kind: 'answered', answers: [{ question: long.question, selected: [long.options[0]!.label] }] });
  });
});
