/**
 * The AskUserQuestion card and the todo panel of the protocol: the host asks (`questionAsked`), the card
 * answers (`answerQuestion`), the host closes it (`questionResolved`); `todosChanged` carries the main
 * agent's TodoWrite list. Kept apart from messages.ts, which composes them into the two unions.
 */
import { z } from 'zod';

const RequestIdSchema = z.string().min(1).max(200);

export const QuestionOptionSchema = z.strictObject({
  label: z.string().min(1).max(500),
  description: z.string().max(2000),
});

export const QuestionSchema = z.strictObject({
  question: z.string().min(1).max(2000),
  /** A short chip label. */
  header: z.string().max(100),
  options: z.array(QuestionOptionSchema).min(1).max(4),
  multiSelect: z.boolean(),
});
export type QuestionView = z.infer<typeof QuestionSchema>;

/** Questions waiting for the user; one request is on screen at a time. */
export const QuestionRequestSchema = z.strictObject({
  requestId: RequestIdSchema,
  questions: z.array(QuestionSchema).min(1).max(4),
});
export type QuestionRequest = z.infer<typeof QuestionRequestSchema>;

/** The user's answer to one question: option labels and any text typed into "Other". */
export const QuestionAnswerSchema = z.strictObject({
  question: z.string().min(1).max(2000),
  selected: z.array(z.string().min(1).max(500)).max(4),
  other: z.string().max(10_000).optional(),
});
export type QuestionAnswerView = z.infer<typeof QuestionAnswerSchema>;

/** One item of the todo panel. */
export const TodoViewSchema = z.strictObject({
  content: z.string().max(2000),
  status: z.enum(['pending', 'in_progress', 'completed']),
  activeForm: z.string().max(2000),
});
export type TodoView = z.infer<typeof TodoViewSchema>;

/** webview → host: the card's answer. `declined` (Skip, Escape) sends no answers. */
export const QuestionRequestMessageSchemas = [
  z.strictObject({
    type: z.literal('answerQuestion'),
    requestId: RequestIdSchema,
    answers: z.array(QuestionAnswerSchema).max(4),
    declined: z.boolean().optional(),
  }),
] as const;

/** host → webview events of the card and the todo panel. */
export const QuestionEventSchemas = [
  z.strictObject({ type: z.literal('questionAsked'), request: QuestionRequestSchema }),
  /** Answered, declined or withdrawn (Stop): the card closes. */
  z.strictObject({ type: z.literal('questionResolved'), requestId: RequestIdSchema }),
  z.strictObject({ type: z.literal('todosChanged'), todos: z.array(TodoViewSchema).max(500) }),
] as const;

/** Extra snapshot fields; optional so an older host still parses. */
export const QuestionSnapshotFields = {
  /** The questions on screen, re-sent when the view reloads. */
  pendingQuestion: QuestionRequestSchema.optional(),
  todos: z.array(TodoViewSchema).max(500).optional(),
};
