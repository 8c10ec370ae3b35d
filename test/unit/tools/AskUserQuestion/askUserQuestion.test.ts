import { describe, expect, it } from 'vitest';
import { toolResultText } from '../../../../extension/core/base/messages';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import type { UserQuestion, UserQuestionPort, UserQuestionResponse } from '../../../../extension/core/contracts/questions';
import { AskUserQuestionTool, type AskUserQuestionInput } from '../../../../extension/tools/AskUserQuestion/AskUserQuestion';
import { presentToolResult } from '../../../../extension/conversation/toolViews/present';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

/** Answers with what the test scripts; records what it was asked; honours the abort signal. */
class FakeQuestions implements UserQuestionPort {
  readonly asked: (readonly UserQuestion[])[] = [];
  private answer: ((r: UserQuestionResponse) => void) | undefined;
  constructor(private readonly scripted?: UserQuestionResponse) {}
  ask(questions: readonly UserQuestion[], signal: AbortSignal): Promise<UserQuestionResponse> {
    this.asked.push(questions);
    if (this.scripted) return Promise.resolve(this.scripted);
    return new Promise((resolve, reject) => {
      this.answer = resolve;
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })), { once: true });
    });
  }
  respond(r: UserQuestionResponse): void {
    this.answer?.(r);
  }
}

type Question = AskUserQuestionInput['questions'][number];

const auth: Question = {
  question: 'Which auth method should we use?',
  header: 'Auth',
  options: [
    { label: 'OAuth (Recommended)', description: 'Sign in with GitHub' },
    { label: 'API key', description: 'A static token' },
  ],
  multiSelect: false,
};
const features: Question = {
  question: 'Which features do you want?',
  header: 'Features',
  options: [
    { label: 'Search', description: 'Full-text search' },
    { label: 'Export', description: 'CSV export' },
    { label: 'Sharing', description: 'Share links' },
  ],
  multiSelect: true,
};

function contextWith(port?: UserQuestionPort): ToolUseContext {
  const base = makeContext([AskUserQuestionTool]);
  return { ...base, ports: { ...base.ports, ...(port ? { questions: port } : {}) } };
}

async function run(context: ToolUseContext, input: unknown) {
  const block = toolUse('AskUserQuestion', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  return { outcome, text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true };
}

describe('tools/AskUserQuestion', () => {
  it('gives the model each question with the chosen labels and the "other" text', async () => {
    const port = new FakeQuestions({
      kind: 'answered',
      answers: [
        { question: auth.question, selected: ['OAuth (Recommended)'] },
        { question: features.question, selected: ['Search', 'Sharing'], other: '  dark mode ' },
      ],
    });
    const { text, isError } = await run(contextWith(port), { questions: [auth, features] });
    expect(isError).toBe(false);
    expect(text).toBe(
      'User has answered your questions: "Which auth method should we use?"="OAuth (Recommended)", "Which features do you want?"="Search, Sharing, dark mode". You can now continue with the user\'s answers in mind.',
    );
    expect(port.asked).toEqual([[auth, features]]);
  });

  it('tells the model when the user declined to answer', async () => {
    const { text, isError, outcome } = await run(contextWith(new FakeQuestions({ kind: 'declined' })), { questions: [auth] });
    expect(isError).toBe(false);
    expect(outcome.stage).toBe('success');
    expect(text).toMatch(/^The user declined to answer your questions\./);
  });

  it('answers with an error saying there is nobody to ask when no port is present', async () => {
    const { text, isError } = await run(contextWith(), { questions: [auth] });
    expect(isError).toBe(true);
    expect(text).toContain('There is nobody to ask');
  });

  it('withdraws the question when the turn is stopped', async () => {
    const port = new FakeQuestions();
    const context = contextWith(port);
    const pending = run(context, { questions: [auth] });
    await expect.poll(() => port.asked.length).toBe(1);
    context.abortController.abort();
    const { outcome, isError, text } = await pending;
    expect(outcome.stage).toBe('interrupted');
    expect(isError).toBe(true);
    expect(text).toMatch(/^Interrupted by user/);
    // A late answer changes nothing.
    port.respond({ kind: 'declined' });
  });

  it.each([
    ['duplicate question texts', { questions: [auth, { ...auth, header: 'Again' }] }, 'Question texts must be unique'],
    ['duplicate option labels', { questions: [{ ...auth, options: [auth.options[0], auth.options[0]] }] }, 'Option labels must be unique'],
  ])('refuses %s without asking', async (_name, input, message) => {
    const port = new FakeQuestions({ kind: 'declined' });
    const { text, isError, outcome } = await run(contextWith(port), input);
    expect([isError, outcome.stage]).toEqual([true, 'validation']);
    expect(text).toContain(message);
    expect(port.asked).toEqual([]);
  });

  it.each([
    ['a header over 12 characters', { questions: [{ ...auth, header: 'Authentication' }] }],
    ['a single option', { questions: [{ ...auth, options: [auth.options[0]] }] }],
    ['five options', { questions: [{ ...features, options: [...features.options, ...auth.options] }] }],
    ['no questions', { questions: [] }],
    ['five questions', { questions: [1, 2, 3, 4, 5].map((n) => ({ ...auth, question: `Q${n}?` })) }],
    ['a missing multiSelect', { questions: [{ question: 'Q?', header: 'H', options: auth.options }] }],
  ])('refuses %s at the schema', async (_name, input) => {
    const port = new FakeQuestions({ kind: 'declined' });
    const { isError, outcome } = await run(contextWith(port), input);
    expect([isError, outcome.stage]).toEqual([true, 'invalid_input']);
    expect(port.asked).toEqual([]);
  });

  it('needs no permission and gives the chat a structured view of the answers', async () => {
    expect((await AskUserQuestionTool.checkPermissions({ questions: [auth] })).behavior).toBe('allow');
    expect(AskUserQuestionTool.getToolUseSummary({ questions: [auth, features] })).toBe('Auth, Features');
    const output = await AskUserQuestionTool.call({ questions: [auth] }, contextWith(new FakeQuestions({ kind: 'answered', answers: [{ question: auth.question, selected: ['API key'], other: 'rotate monthly' }] })));
    const view = presentToolResult(AskUserQuestionTool, { questions: [auth] }, AskUserQuestionTool.mapToolResultToToolResultBlockParam(output.data, 'toolu_1'), output.data);
    expect(view.data).toEqual({
      kind: 'questions',
      declined: false,
      items: [{ question: auth.question, header: 'Auth', selected: ['API key'], other: 'rotate monthly' }],
    });
  });
});
