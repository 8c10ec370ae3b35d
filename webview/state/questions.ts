/** The question card's and todo panel's part of the webview state, folded from their host events. */
import type { HostToWebview, QuestionRequest, TodoView } from '../../extension/protocol/messages';

export type QuestionEvent = Extract<HostToWebview, { type: 'questionAsked' | 'questionResolved' | 'todosChanged' }>;

export interface QuestionState {
  /** The questions waiting for the user's answer; null when nothing asks. */
  question: QuestionRequest | null;
  /** The main agent's TodoWrite list. */
  todos: readonly TodoView[];
}

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export function questionsFromSnapshot(event: Snapshot): QuestionState {
  return { question: event.pendingQuestion ?? null, todos: event.todos ?? [] };
}

export function reduceQuestions<S extends QuestionState>(state: S, event: QuestionEvent): S {
  switch (event.type) {
    case 'questionAsked':
      return { ...state, question: event.request };
    case 'questionResolved':
      return state.question?.requestId === event.requestId ? { ...state, question: null } : state;
    case 'todosChanged':
      return { ...state, todos: event.todos };
  }
}
