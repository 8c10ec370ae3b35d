/**
 * AskUserQuestion: puts one to four multiple-choice questions to the user through the UserQuestion port
 * and waits. Stop withdraws the questions (the port rejects with an abort). Without a port (headless)
 * the call fails with a message telling the model to go on without asking.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import type { UserQuestion } from '../../core/contracts/questions';
import { answeredText, answerText, DECLINED_TEXT, NOBODY_TO_ASK } from './format';
import { ASK_USER_QUESTION_DESCRIPTION, ASK_USER_QUESTION_PROMPT } from './prompt';
import { ASK_USER_QUESTION_TOOL_NAME } from '../../protocol/toolNames';
import { presentQuestions } from './present';

export const MAX_HEADER_CHARS = 12;

const optionSchema = z.strictObject({
  label: z.string().min(1).describe('The choice as shown to the user, a few words'),
  description: z.string().describe('What picking this option means'),
});

const questionSchema = z.strictObject({
  question: z.string().min(1).describe('The full question, ending with a question mark'),
  header: z.string().min(1).max(MAX_HEADER_CHARS).describe('A short label shown as a chip'),
  options: z.array(optionSchema).min(2).max(4).describe('The choices'),
  multiSelect: z.boolean().describe('True when the user may pick several options'),
});

const inputSchema = z.strictObject({
  questions: z.array(questionSchema).min(1).max(4).describe('The questions to ask'),
});

export type AskUserQuestionInput = z.infer<typeof inputSchema>;

export interface AskUserQuestionOutput {
  questions: UserQuestion[];
  /** Question text → the answer as the model sees it; empty when the user declined. */
  answers: Record<string, string>;
  /** The labels picked and the "Other" text, per question, in question order. */
  details: { question: string; selected: string[]; other?: string }[];
  declined: boolean;
}

function firstDuplicate(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return undefined;
}

const askUserQuestionDef = {
  name: ASK_USER_QUESTION_TOOL_NAME,
  present: presentQuestions,
  searchHint: 'ask user question clarify choose options preference',
  inputSchema,
  maxResultSizeChars: 100_000,
  // Asking changes nothing, so planning may ask too.
  isReadOnly: () => true,
  interruptBehavior: () => 'cancel' as const,
  async description() {
    return ASK_USER_QUESTION_DESCRIPTION;
  },
  async prompt() {
    return ASK_USER_QUESTION_PROMPT;
  },
  userFacingName: () => 'Question',
  getToolUseSummary: (input: Partial<AskUserQuestionInput> | undefined) => {
    const qs = Array.isArray(input?.questions) ? input.questions : [];
    const headers = qs.map((q) => (typeof q.header === 'string' ? q.header : '')).filter(Boolean);
    return headers.length ? headers.join(', ') : null;
  },
  getActivityDescription: () => 'Waiting for your answer',
  toAutoClassifierInput: (input: AskUserQuestionInput) => input.questions.map((q) => q.question).join(' | '),
  async checkPermissions(input: AskUserQuestionInput) {
    return { behavior: 'allow' as const, updatedInput: input };
  },

  async validateInput(input: AskUserQuestionInput) {
    const dupQuestion = firstDuplicate(input.questions.map((q) => q.question));
    if (dupQuestion !== undefined) {
      return { result: false as const, message: `Question texts must be unique; "${dupQuestion}" is asked twice. Merge or reword the questions.` };
    }
    for (const q of input.questions) {
      const dupLabel = firstDuplicate(q.options.map((o) => o.label));
      if (dupLabel !== undefined) {
        return { result: false as const, message: `Option labels must be unique within a question; "${dupLabel}" appears twice in "${q.question}".` };
      }
    }
    return { result: true as const };
  },

  async call(input: AskUserQuestionInput, context: ToolUseContext) {
    const port = context.ports.questions;
    if (!port) throw new ToolError('unavailable', NOBODY_TO_ASK);
    const signal = context.abortController.signal;
    if (signal.aborted) throw new ToolError('interrupted', 'Interrupted by user before the questions were asked.');
    const questions: UserQuestion[] = input.questions;
    const response = await port.ask(questions, signal);
    if (signal.aborted) throw new ToolError('interrupted', 'Interrupted by user while waiting for an answer.');
    if (response.kind === 'declined') return { data: { questions, answers: {}, details: [], declined: true } };
    const answers: Record<string, string> = {};
    const details: AskUserQuestionOutput['details'] = [];
    for (const q of questions) {
      const a = response.answers.find((x) => x.question === q.question);
      answers[q.question] = answerText(a);
      const other = a?.other?.trim();
      details.push({ question: q.question, selected: [...(a?.selected ?? [])], ...(other ? { other } : {}) });
    }
    return { data: { questions, answers, details, declined: false } };
  },

  mapToolResultToToolResultBlockParam(output: AskUserQuestionOutput, toolUseId: string): ToolResultBlock {
    const content = output.declined ? DECLINED_TEXT : answeredText(output.questions, output.answers);
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
} satisfies ToolDef<typeof inputSchema, AskUserQuestionOutput>;

export const AskUserQuestionTool = buildTool(askUserQuestionDef);
