/**
 * The UserQuestion port answered by the chat view's question card. Each `ask` is posted to the webview as
 * `questionAsked` and resolves when a valid `answerQuestion` for it arrives; Stop (the signal) withdraws
 * it. Requests queue: one card at a time, the next shown when the first is settled. Free of `vscode`, so
 * unit tests drive it with forged answers.
 */
import { cap } from '../../core/text/cap';
import { ToolError } from '../../core/tool/errors';
import type { UserQuestion, UserQuestionAnswer, UserQuestionPort, UserQuestionResponse } from '../../core/userQuestions';
import type { HostToWebview, QuestionRequest, WebviewToHost } from '../../protocol/messages';

type AnswerMessage = Extract<WebviewToHost, { type: 'answerQuestion' }>;

export interface QuestionResponderDeps {
  post: (message: HostToWebview) => void;
  newId: () => string;
  /** Called when a request goes on screen, e.g. to point the user to a hidden chat view. */
  onShow?: (request: QuestionRequest) => void;
}

interface Pending {
  request: QuestionRequest;
  questions: readonly UserQuestion[];
  settle: (outcome: { response: UserQuestionResponse } | { error: Error }) => void;
}

export class WebviewQuestionResponder implements UserQuestionPort {
  private readonly queue: Pending[] = [];

  constructor(private readonly deps: QuestionResponderDeps) {}

  /** The request on screen, for the snapshot a reloaded view receives. */
  get pendingRequest(): QuestionRequest | undefined {
    return this.queue[0]?.request;
  }

  readonly ask = (questions: readonly UserQuestion[], signal: AbortSignal): Promise<UserQuestionResponse> => {
    if (signal.aborted) return Promise.reject(abortError());
    return new Promise<UserQuestionResponse>((resolve, reject) => {
      const onAbort = () => {
        this.settle(pending, { error: abortError() });
      };
      const pending: Pending = {
        request: { requestId: this.deps.newId(), questions: questions.map(toView) },
        questions,
        settle: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.response);
        },
      };
      this.queue.push(pending);
      signal.addEventListener('abort', onAbort, { once: true });
      if (this.queue[0] === pending) this.show(pending.request);
    });
  };

  /** Applies the card's answer; false when it answers nothing on screen or does not fit the questions. */
  answer(message: AnswerMessage): boolean {
    const pending = this.queue[0];
    if (!pending || pending.request.requestId !== message.requestId) return false;
    if (message.declined) return this.settle(pending, { response: { kind: 'declined' } });
    const answers = checkAnswers(pending.request.questions, pending.questions, message.answers);
    if (!answers) return false;
    return this.settle(pending, { response: { kind: 'answered', answers } });
  }

  /** Fails whatever waits (the view went away for good). */
  dispose(): void {
    for (const pending of [...this.queue]) {
      this.settle(pending, { error: new ToolError('unavailable', 'The chat view closed before the questions were answered.') });
    }
  }

  private show(request: QuestionRequest): void {
    this.deps.post({ type: 'questionAsked', request });
    this.deps.onShow?.(request);
  }

  private settle(pending: Pending, outcome: { response: UserQuestionResponse } | { error: Error }): boolean {
    const index = this.queue.indexOf(pending);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    pending.settle(outcome);
    if (index === 0) {
      this.deps.post({ type: 'questionResolved', requestId: pending.request.requestId });
      const next = this.queue[0];
      if (next) this.show(next.request);
    }
    return true;
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

function abortError(): Error {
  return Object.assign(new Error('The questions were withdrawn: the turn was stopped.'), { name: 'AbortError' });
}
