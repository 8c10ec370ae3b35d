import { describe, expect, it } from 'vitest';
import { parseHostToWebview, parseWebviewToHost } from '../../../extension/protocol/messages';

const answer = { type: 'answerQuestion', requestId: 'q-1', answers: [{ question: 'Which?', selected: ['A'], other: 'more' }] };

describe('protocol: question card and todo panel', () => {
  it('parses an answer, a decline and the host events', () => {
    expect(parseWebviewToHost(answer)).toEqual({ ok: true, message: answer });
    expect(parseWebviewToHost({ type: 'answerQuestion', requestId: 'q-1', answers: [], declined: true }).ok).toBe(true);
    const todos = { type: 'todosChanged', todos: [{ content: 'A', status: 'in_progress', activeForm: 'Doing A' }] };
    expect(parseHostToWebview(todos)).toEqual({ ok: true, message: todos });
    expect(parseHostToWebview({ type: 'questionResolved', requestId: 'q-1' }).ok).toBe(true);
  });

  it.each([
    ['an extra field', { ...answer, forged: true }],
    ['five answers', { ...answer, answers: Array.from({ length: 5 }, () => answer.answers[0]) }],
    ['an empty label', { ...answer, answers: [{ question: 'Which?', selected: [''] }] }],
    ['no request id', { type: 'answerQuestion', answers: [] }],
  ])('rejects an answer with %s', (_name, raw) => {
    expect(parseWebviewToHost(raw).ok).toBe(false);
  });

  it('rejects a todo with an unknown status and a question without options', () => {
    expect(parseHostToWebview({ type: 'todosChanged', todos: [{ content: 'A', status: 'done', activeForm: 'A' }] }).ok).toBe(false);
    expect(parseHostToWebview({ type: 'questionAsked', request: { requestId: 'q', questions: [{ question: 'Q?', header: 'H', options: [], multiSelect: false }] } }).ok).toBe(false);
  });
});
