/** The question card's draft answers and the `answerQuestion` message they become. */
import type { QuestionRequest, QuestionView, WebviewToHost } from '../../extension/protocol/messages';

export type AnswerQuestion = Extract<WebviewToHost, { type: 'answerQuestion' }>;

/** One question's draft: the labels picked, the "Other" text, and (single-select) whether "Other" is the pick. */
export interface Draft {
  selected: readonly string[];
  other: string;
  otherChosen: boolean;
}

export const EMPTY_DRAFT: Draft = { selected: [], other: '', otherChosen: false };

/** Picks or unpicks an option: a single-select question keeps one pick, and picking an option leaves "Other". */
export function toggle(q: QuestionView, d: Draft, label: string): Draft {
  if (!q.multiSelect) return { ...d, selected: [label], otherChosen: false };
  const selected = d.selected.includes(label) ? d.selected.filter((l) => l !== label) : [...d.selected, label];
  return { ...d, selected };
}

/** Typing into "Other" makes it the pick of a single-select question. */
export function typeOther(q: QuestionView, d: Draft, text: string): Draft {
  return q.multiSelect ? { ...d, other: text } : { selected: [], other: text, otherChosen: true };
}

export function isAnswered(q: QuestionView, d: Draft): boolean {
  const other = d.other.trim() !== '';
  return q.multiSelect ? d.selected.length > 0 || other : d.otherChosen ? other : d.selected.length > 0;
}

export function answerMessage(request: QuestionRequest, drafts: readonly Draft[]): AnswerQuestion {
  const answers = request.questions.map((q, i) => {
    const d = drafts[i] ?? EMPTY_DRAFT;
    const other = d.other.trim();
    const useOther = other !== '' && (q.multiSelect || d.otherChosen);
    const selected = q.multiSelect || !d.otherChosen ? [...d.selected] : [];
    return { question: q.question, selected, ...(useOther ? { other } : {}) };
  });
  return { type: 'answerQuestion', requestId: request.requestId, answers };
}

export function declineMessage(request: QuestionRequest): AnswerQuestion {
  return { type: 'answerQuestion', requestId: request.requestId, answers: [], declined: true };
}
