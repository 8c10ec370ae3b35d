/**
 * The AskUserQuestion card above the composer, keyboard-first like the permission dialog: one section per
 * question, number keys pick options of the active question (the last number goes to "Other"), Enter
 * submits once every question is answered (else moves to the first unanswered one), Escape skips. Focus
 * moves in when it appears and back to the composer when it closes.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { QuestionRequest } from '../../extension/protocol/messages';
import { answerMessage, declineMessage, EMPTY_DRAFT, isAnswered, toggle, typeOther, type AnswerQuestion, type Draft } from './questionAnswers';
import { QuestionSection } from './QuestionSection';
import { handledCommonKey, useInlineDialog } from './useInlineDialog';

export interface QuestionCardProps {
  request: QuestionRequest;
  onAnswer: (answer: AnswerQuestion) => void;
}

/** The answers being drafted, and the active question: the one number keys pick from. */
function useDrafts(request: QuestionRequest) {
  const [drafts, setDrafts] = useState<readonly Draft[]>(() => request.questions.map(() => EMPTY_DRAFT));
  const [active, setActive] = useState(0);
  const update = (index: number, change: (d: Draft) => Draft) => {
    setDrafts((all) => all.map((d, i) => (i === index ? change(d) : d)));
    setActive(index);
  };
  const pick = (index: number, label: string) => {
    const q = request.questions[index];
    if (!q) return;
    update(index, (d) => toggle(q, d, label));
    // A single-select pick moves on to the next question.
    if (!q.multiSelect && index + 1 < request.questions.length) setActive(index + 1);
  };
  const complete = request.questions.every((q, i) => isAnswered(q, drafts[i] ?? EMPTY_DRAFT));
  return { drafts, active, setActive, update, pick, complete };
}

function QuestionActions({ complete, onSubmit, onSkip }: { complete: boolean; onSubmit: () => void; onSkip: () => void }) {
  return (
    <div className="question-actions">
      <button type="button" className="button-primary question-submit" data-testid="question-submit" disabled={!complete} onClick={onSubmit}>
        Submit <span className="question-hint">(Enter)</span>
      </button>
      <button type="button" className="button-secondary question-skip" data-testid="question-skip" onClick={onSkip}>
        Skip <span className="question-hint">(Esc)</span>
      </button>
    </div>
  );
}

/** Number keys answer the active question: 1… pick its options, the number after the last goes to its "Other" field. */
function pickByNumber(e: KeyboardEvent<HTMLDivElement>, active: number, question: QuestionRequest['questions'][number] | undefined, pick: (index: number, label: string) => void, card: HTMLElement | null): void {
  if (!/^[1-9]$/.test(e.key) || !question) return;
  const n = Number(e.key) - 1;
  const option = question.options[n];
  if (option) {
    e.preventDefault();
    pick(active, option.label);
  } else if (n === question.options.length) {
    e.preventDefault();
    card?.querySelector<HTMLInputElement>(`[data-index="${active}"] [data-testid="question-other"]`)?.focus();
  }
}

export function QuestionCard({ request, onAnswer }: QuestionCardProps) {
  const titleId = useId();
  const { ref: cardRef, answerOnce: send } = useInlineDialog(onAnswer);
  const { drafts, active, setActive, update, pick, complete } = useDrafts(request);

  const decline = () => {
    send(declineMessage(request));
  };
  const submit = () => {
    if (complete) return send(answerMessage(request, drafts));
    const first = request.questions.findIndex((q, i) => !isAnswered(q, drafts[i] ?? EMPTY_DRAFT));
    setActive(Math.max(0, first));
    cardRef.current?.querySelector<HTMLElement>(`[data-index="${Math.max(0, first)}"] input`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (handledCommonKey(e, decline)) return;
    const target = e.target as HTMLElement;
    const inText = target instanceof HTMLInputElement && target.type === 'text';
    if (e.key === 'Enter' && !(target instanceof HTMLButtonElement)) {
      e.preventDefault();
      submit();
      return;
    }
    if (!inText) pickByNumber(e, active, request.questions[active], pick, cardRef.current);
  };

  const many = request.questions.length > 1;
  return (
    <div ref={cardRef} className="inline-dialog question-card" data-testid="question-card" role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <div id={titleId} className="question-card-title">
        {many ? `${request.questions.length} questions for you` : 'A question for you'}
      </div>
      {request.questions.map((q, i) => (
        <QuestionSection
          key={i}
          index={i}
          question={q}
          draft={drafts[i] ?? EMPTY_DRAFT}
          active={many && i === active}
          onPick={(label) => pick(i, label)}
          onOther={(text) => update(i, (d) => typeOther(q, d, text))}
          onChooseOther={() => update(i, (d) => (q.multiSelect ? d : { ...d, selected: [], otherChosen: true }))}
          onFocus={() => setActive(i)}
        />
      ))}
      <QuestionActions complete={complete} onSubmit={submit} onSkip={decline} />
    </div>
  );
}
