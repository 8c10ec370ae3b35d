/**
 * The UserQuestion port answered by the chat view's question card. Each `ask` is posted to the webview as
 * `questionAsked` and resolves when a valid `answerQuestion` for it arrives; Stop (the signal) withdraws
 * it. Requests queue: one card at a time, the next shown when the first is settled. Free of `vscode`, so
 * unit tests drive it with forged answers.
 */
import { cap } from '../../core/base/text/cap';
import type { UserQuestion, UserQuestionAnswer, UserQuestionPort, UserQuestionResponse } from '../../core/contracts/questions';
import type { HostToWebview, QuestionRequest, WebviewToHost } from '../../protocol/messages';
import { CardQueue } from './cardQueue';

type AnswerMessage = Extract<WebviewToHost, { type: 'answerQuestion' }>;

export interface QuestionResponderDeps {
  post: (message: HostToWebview) => void;
  newId: () => string;
  /** Called when a request goes on screen, e.g. to point the user to a hidden chat view. */
  onShow?: (request: QuestionRequest) => void;
}

/** Each request keeps the original questions (its context) beside its capped view. */
export class WebviewQuestionResponder extends CardQueue<QuestionRequest, UserQuestionResponse, readonly UserQuestion[]> implements UserQuestionPort {
  constructor(private readonly deps: QuestionResponderDeps) {
    super({
      post: deps.post,
      onShow: deps.onShow,
      shown: (request) => ({ type: 'questionAsked', request }),
      resolved: (requestId) => ({ type: 'questionResolved', requestId }),
      withdrawnMessage: 'The questions were withdrawn: the turn was stopped.',
      closedMessage: 'The chat view closed before the questions were answered.',
    });
  }

  readonly ask = (questions: readonly UserQuestion[], signal: AbortSignal): Promise<UserQuestionResponse> =>
    this.enqueue(signal, () => ({ requestId: this.deps.newId(), questions: questions.map(toView) }), questions);

  /** Applies the card's answer; false when it answers nothing on screen or does not fit the questions. */
  answer(message: AnswerMessage): boolean {
    return this.answerShown(message.requestId, ({ request, context }): UserQuestionResponse | undefined => {
      if (message.declined) return { kind: 'declined' };
      const answers = checkAnswers(request.questions, context, message.answers);
      return answers ? { kind: 'answered', answers } : undefined;
    });
  }
}

/**
 * The answers, if each names a question of the request (once) and only that question's options, with at
 * most one option for a single-select question. Unanswered questions are allowed: the tool says so.
 * Matching is against what the card showed (`shown`, possibly capped); the answers carry the originals.
 */
export function checkAnswers(
  shown: QuestionRequest['questions'],
  questions: readonly UserQuestion[],
  answers: AnswerMessage['answers'],
): UserQuestionAnswer[] | undefined {
  const seen = new Set<number>();
  const out: UserQuestionAnswer[] = [];
  for (const a of answers) {
    const index = shown.findIndex((x) => x.question === a.question);
    const view = shown[index];
    const original = questions[index];
    if (!view || !original || seen.has(index)) return undefined;
    seen.add(index);
    const picked = a.selected.map((label) => view.options.findIndex((o) => o.label === label));
    if (picked.some((i) => i < 0) || new Set(picked).size !== picked.length) return undefined;
    if (!view.multiSelect && picked.length > 1) return undefined;
    const selected = picked.map((i) => original.options[i]?.label ?? '');
    const other = a.other?.trim();
    out.push({ question: original.question, selected, ...(other ? { other } : {}) });
  }
  return out;
}

function toView(q: UserQuestion): QuestionRequest['questions'][number] {
  return {
    question: cap(q.question, 2000),
    header: cap(q.header, 100),
    options: q.options.slice(0, 4).map((o) => ({ label: cap(o.label, 500), description: cap(o.description, 2000) })),
    multiSelect: q.multiSelect,
  };
}
