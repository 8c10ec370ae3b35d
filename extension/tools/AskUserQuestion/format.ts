/** The result text AskUserQuestion gives the model, in Claude Code's shape. */
import type { UserQuestion, UserQuestionAnswer } from '../../core/contracts/questions';

/** One line per question's answer: the labels picked, then any text typed into "Other". */
export function answerText(answer: UserQuestionAnswer | undefined): string {
  if (!answer) return '(no answer)';
  const parts = [...answer.selected];
  const other = answer.other?.trim();
  if (other) parts.push(other);
  return parts.length ? parts.join(', ') : '(no answer)';
}

export function answeredText(questions: readonly UserQuestion[], answers: Readonly<Record<string, string>>): string {
  const pairs = questions.map((q) => `"${q.question}"="${answers[q.question] ?? '(no answer)'}"`).join(', ');
  return `User has answered your questions: ${pairs}. You can now continue with the user's answers in mind.`;
}

export const DECLINED_TEXT =
  'The user declined to answer your questions. Continue without their answers: use your best judgement, and say what you assumed.';

export const NOBODY_TO_ASK =
  'There is nobody to ask: this session runs without a user interface (headless), so questions cannot be answered. Continue without asking: use your best judgement, and say what you assumed.';
