/**
 * The UserQuestion port: how AskUserQuestion reaches the person at the keyboard. The chat view answers it
 * with an inline card (extension/ui/chat/questionResponder.ts); a headless session has no port, and the tool
 * then tells the model there is nobody to ask.
 */

/** One choice of a question. */
export interface UserQuestionOption {
  label: string;
  description: string;
}

/** One question as the model asked it. */
export interface UserQuestion {
  question: string;
  /** A short chip label (at most 12 characters). */
  header: string;
  options: readonly UserQuestionOption[];
  multiSelect: boolean;
}

/** The user's answer to one question: the labels picked and any free text typed into "Other". */
export interface UserQuestionAnswer {
  question: string;
  selected: readonly string[];
  other?: string;
}

/** Either every question answered, or the user declined to answer (Skip / Escape). */
export type UserQuestionResponse = { kind: 'answered'; answers: readonly UserQuestionAnswer[] } | { kind: 'declined' };

/** Asks the user; one set of questions at a time. */
export interface UserQuestionPort {
  /**
   * Resolves with the user's response. Aborting `signal` withdraws the questions and rejects with an
   * `AbortError`, so the executor reports the call as interrupted.
   */
  ask(questions: readonly UserQuestion[], signal: AbortSignal): Promise<UserQuestionResponse>;
}
