/** AskUserQuestion in the chat: the questions and what the user answered, capped. */
import { z } from 'zod';
import { cap } from '../../core/base/text/cap';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';

const QuestionsOutput = z.object({
  questions: z.array(z.object({ question: z.string(), header: z.string() })),
  details: z.array(z.object({ question: z.string(), selected: z.array(z.string()), other: z.string().optional() })),
  declined: z.boolean(),
});

export function presentQuestions({ output }: PresentArgs): ToolResultData | undefined {
  const o = QuestionsOutput.safeParse(output);
  if (!o.success) return undefined;
  const { questions, details, declined } = o.data;
  const items = questions.slice(0, 4).map((q) => {
    const d = details.find((x) => x.question === q.question);
    return {
      question: cap(q.question, 2000),
      header: cap(q.header, 100),
      selected: (d?.selected ?? []).slice(0, 10).map((s) => cap(s, 2000)),
      ...(d?.other ? { other: cap(d.other, 10_000) } : {}),
    };
  });
  return { kind: 'questions', declined, items };
}
