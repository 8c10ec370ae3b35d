import Anthropic from '@anthropic-ai/sdk';
import { signatureFor } from '../../fixtures/fake-anthropic/thinking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_COMPACT_THRESHOLD, compactConversation, type CompactOptions, isPromptTooLongError, shouldAutoCompact } from '../../../extension/core/loop/query/compact';
import type { AssistantContentBlock, Message, TextBlock, ToolResultBlock, ToolUseBlock, UserContentBlock } from '../../../extension/core/base/messages';
import { type ModelClient, ModelError, type ModelRequest, type ModelStreamEvent, type ModelUsage } from '../../../extension/core/contracts/modelClient';
import { type FakeAnthropic, startFakeAnthropic } from '../../fixtures/fake-anthropic';

const USAGE: ModelUsage = { inputTokens: 1200, outputTokens: 300, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };

/** Answers each request with the next scripted summary (streamed like the port does) or throws the scripted error. */
class FakeSummarizer implements ModelClient {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly replies: (string | Error)[]) {}

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    this.requests.push(request);
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('FakeSummarizer: no reply scripted');
    if (reply instanceof Error) throw reply;
    yield { type: 'messageStart', messageId: `msg_${this.requests.length}`, usage: { ...USAGE, outputTokens: 1 } };
    const half = Math.ceil(reply.length / 2);
    for (const part of [reply.slice(0, half), reply.slice(half)]) yield { type: 'textDelta', index: 0, text: part };
    const block: TextBlock = { type: 'text', text: reply };
    yield { type: 'blockComplete', index: 0, block };
    yield { type: 'messageComplete', message: { role: 'assistant', content: [block] }, stopReason: 'end_turn', stopSequence: null, usage: USAGE };
  }

  /** The text of the single user message of request `n`. */
  text(n: number): string {
    const content = this.requests[n]?.messages[0]?.content ?? [];
    return typeof content === 'string' ? content : content.map((b) => (b.type === 'text' ? b.text : '')).join('');
  }
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const user = (content: string | UserContentBlock[]): Message => ({ role: 'user', content });
const assistant = (...content: AssistantContentBlock[]): Message => ({ role: 'assistant', content });
const text = (value: string): TextBlock => ({ type: 'text', text: value });
const use = (id: string, name: string, input: Record<string, unknown>): ToolUseBlock => ({ type: 'tool_use', id, name, input });
const result = (id: string, content: string): ToolResultBlock => ({ type: 'tool_result', tool_use_id: id, content });
const image: UserContentBlock = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } };

/** Three user turns with tool exchanges; turns start at 0, 4 and 8. */
function session(): Message[] {
  return [
    user('Add a --verbose flag to the CLI'),
    assistant({ type: 'thinking', thinking: 'SECRET-REASONING', signature: signatureFor('SECRET-REASONING') }, text('Reading the entry point.'), use('toolu_1', 'Read', { path: 'src/cli.ts' })),
    user([result('toolu_1', 'export function main(argv) {}')]),
    assistant(text('Added the flag in src/cli.ts.')),
    user('Now write tests for it'),
    assistant(use('toolu_2', 'Write', { path: 'test/cli.test.ts', content: 'it("logs")' })),
    user([result('toolu_2', 'File written')]),
    assistant(text('Tests written.')),
    user('Run them'),
    assistant(use('toolu_3', 'Bash', { command: 'npm test' })),
    user([result('toolu_3', '1 failing: expected verbose output')]),
  ];
}

/** The third turn starts with tool results plus the user's interjection, so it cannot begin the preserved tail. */
function interjected(): Message[] {
  return [
    user('Add a --verbose flag'),
    assistant(use('toolu_a', 'Read', { path: 'src/cli.ts' })),
    user([result('toolu_a', 'export function main() {}')]),
    assistant(text('Added it.')),
    user('Write tests'),
    assistant(use('toolu_b', 'Write', { path: 'cli.test.ts', content: 'test' })),
    user([result('toolu_b', 'written'), text('and run them when you are done')]),
    assistant(use('toolu_c', 'Bash', { command: 'npm test' })),
    user([result('toolu_c', 'all passing')]),
  ];
}

function options(model: ModelClient, messages: Message[], extra: Partial<CompactOptions> = {}): CompactOptions {
  return { messages, model, modelName: 'claude-test', signal: new AbortController().signal, ...extra };
}

describe('core/loop/query/compact', () => {
  it('sends one tool-less request whose single user message holds the older messages as text', async () => {
    const model = new FakeSummarizer(['Goals: add --verbose.']);
    await compactConversation(options(model, session()));
    expect(model.requests).toHaveLength(1);
    const request = model.requests[0];
    expect(request?.tools).toBeUndefined();
    expect(request?.system?.map((b) => b.text).join('')).toMatch(/Pending work[\s\S]*Latest intent/);
    expect(request?.messages.map((m) => m.role)).toEqual(['user']);
    const sent = model.text(0);
    expect(sent).toContain('Add a --verbose flag to the CLI');
    expect(sent).toContain('[tool_use Read {"path":"src/cli.ts"}]');
    expect(sent).toContain('export function main(argv) {}');
    expect(sent).toContain('Added the flag in src/cli.ts.');
    expect(sent).not.toContain('SECRET-REASONING');
    expect(sent).not.toContain('Now write tests for it');
  });

  it('truncates long tool results, renders images as [image], and passes custom instructions', async () => {
    const messages = [
      user([text('see this'), image]),
      assistant(use('toolu_1', 'Read', { path: 'big.log' })),
      user([result('toolu_1', `${'x'.repeat(5000)}TAIL-MARKER`)]),
      assistant(text('Read it.')),
      user('next'),
    ];
    const model = new FakeSummarizer(['summary']);
    await compactConversation(options(model, messages, { keepRecentTurns: 1, customInstructions: 'focus on the log' }));
    const sent = model.text(0);
    expect(sent).toContain('[image]');
    expect(sent).not.toContain(PNG);
    expect(sent).toContain('x'.repeat(2000));
    expect(sent).not.toContain('x'.repeat(2001));
    expect(sent).not.toContain('TAIL-MARKER');
    expect(sent).toContain('focus on the log');
  });

  it('starts the new conversation with the summary and keeps the recent turns byte-identical', async () => {
    const original = session();
    const before = JSON.stringify(original.slice(4));
    const outcome = await compactConversation(options(new FakeSummarizer(['<summary>Goals: add --verbose.</summary>']), original));
    expect(outcome).toMatchObject({ summary: 'Goals: add --verbose.', summarizedCount: 4, preservedCount: 7, omittedCount: 0, usage: USAGE });
    const [first, ...rest] = outcome.messages;
    // The first preserved message is plain text, so the summary is merged into it ahead of its text.
    expect(first?.role).toBe('user');
    expect(first?.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^<compact-summary>\nGoals: add --verbose\.\n<\/compact-summary>\n\n.*compacted.*recent messages follow/s) },
      { type: 'text', text: 'Now write tests for it' },
    ]);
    expect(JSON.stringify(rest)).toBe(JSON.stringify(original.slice(5)));
    expect(JSON.stringify(original.slice(4))).toBe(before);
  });

  it('puts the summary in its own message when the first preserved message is not plain text', async () => {
    const original = session();
    original[4] = user([text('what about this screenshot?'), image]);
    const outcome = await compactConversation(options(new FakeSummarizer(['S']), original));
    expect(outcome.messages).toHaveLength(8);
    expect(outcome.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: expect.stringContaining('<compact-summary>\nS\n</compact-summary>') }] });
    expect(JSON.stringify(outcome.messages.slice(1))).toBe(JSON.stringify(original.slice(4)));
  });

  it('moves the boundary earlier when the chosen turn starts with tool results', async () => {
    const original = interjected();
    const model = new FakeSummarizer(['S']);
    const outcome = await compactConversation(options(model, original, { keepRecentTurns: 1 }));
    expect(outcome.summarizedCount).toBe(4);
    expect(outcome.preservedCount).toBe(5);
    expect(JSON.stringify(outcome.messages.slice(1))).toBe(JSON.stringify(original.slice(5)));
    expect(model.text(0)).not.toContain('Write tests');
  });

  it('summarizes everything into one user message when no turns are kept', async () => {
    const outcome = await compactConversation(options(new FakeSummarizer(['all of it']), session(), { keepRecentTurns: 0 }));
    expect(outcome.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: expect.stringContaining('all of it') }] }]);
    expect(outcome).toMatchObject({ summarizedCount: 11, preservedCount: 0 });
  });

  it('returns the conversation unchanged without a request when there are too few turns to summarize', async () => {
    const model = new FakeSummarizer([]);
    const original = session().slice(4);
    const outcome = await compactConversation(options(model, original));
    expect(model.requests).toHaveLength(0);
    expect(outcome).toMatchObject({ summary: '', summarizedCount: 0, preservedCount: 7 });
    expect(outcome.messages).toEqual(original);
  });

  it('retries once with the older half omitted when the summary request is too long', async () => {
    const model = new FakeSummarizer([new ModelError('promptTooLong', 'prompt is too long: 210000 tokens > 200000 maximum', 400), 'short summary']);
    const outcome = await compactConversation(options(model, session()));
    expect(model.requests).toHaveLength(2);
    expect(model.text(0)).toContain('Add a --verbose flag to the CLI');
    expect(model.text(1)).toContain('[earlier messages omitted]');
    expect(model.text(1)).not.toContain('Add a --verbose flag to the CLI');
    expect(model.text(1)).toContain('Added the flag in src/cli.ts.');
    expect(model.text(1).length).toBeLessThan(model.text(0).length);
    expect(outcome).toMatchObject({ summary: 'short summary', summarizedCount: 4, omittedCount: 2 });
  });

  it('also retries on an invalid-request error that says the prompt is too long', async () => {
    const model = new FakeSummarizer([new ModelError('invalidRequest', 'input length and `max_tokens` exceed context length', 400), 'ok']);
    await expect(compactConversation(options(model, session()))).resolves.toMatchObject({ summary: 'ok' });
    expect(model.requests).toHaveLength(2);
  });

  it('lets the second too-long failure propagate', async () => {
    const model = new FakeSummarizer([new ModelError('promptTooLong', 'prompt is too long', 400), new ModelError('promptTooLong', 'still too long', 400)]);
    await expect(compactConversation(options(model, session()))).rejects.toThrow('still too long');
    expect(model.requests).toHaveLength(2);
  });

  it('lets other errors propagate without a retry', async () => {
    const model = new FakeSummarizer([new ModelError('overloaded', 'Overloaded', 529), 'never']);
    await expect(compactConversation(options(model, session()))).rejects.toMatchObject({ kind: 'overloaded' });
    expect(model.requests).toHaveLength(1);
  });

  it('fails rather than keep an empty summary', async () => {
    await expect(compactConversation(options(new FakeSummarizer(['  ']), session()))).rejects.toThrow(/empty summary/);
  });

  it('recognises prompt-too-long errors and nothing else', () => {
    expect(isPromptTooLongError(new ModelError('promptTooLong', 'x', 400))).toBe(true);
    expect(isPromptTooLongError(new ModelError('invalidRequest', 'prompt is too long: 1 > 0', 400))).toBe(true);
    expect(isPromptTooLongError(new ModelError('invalidRequest', 'max_tokens: Field required', 400))).toBe(false);
    expect(isPromptTooLongError(new ModelError('server', 'prompt is too long', 500))).toBe(false);
    expect(isPromptTooLongError(new Error('prompt is too long'))).toBe(false);
  });

  it('compacts automatically only above the threshold of the context window', () => {
    expect(AUTO_COMPACT_THRESHOLD).toBe(0.8);
    expect(shouldAutoCompact({ nextRequestTokens: 160_000, contextWindow: 200_000 })).toBe(false);
    expect(shouldAutoCompact({ nextRequestTokens: 160_001, contextWindow: 200_000 })).toBe(true);
    expect(shouldAutoCompact({ nextRequestTokens: 120_001, contextWindow: 200_000, threshold: 0.6 })).toBe(true);
    expect(shouldAutoCompact({ nextRequestTokens: 10, contextWindow: 0 })).toBe(false);
  });

  describe('against the fake Anthropic API', () => {
    let fake: FakeAnthropic;
    beforeAll(async () => void (fake = await startFakeAnthropic({ fallback: 'echo' })));
    afterAll(() => fake.close());

    // The tiny adapter: core's message types mirror the API's block params.
    async function send(messages: Message[]): Promise<number> {
      const client = new Anthropic({ apiKey: 'k', baseURL: fake.url, maxRetries: 0 });
      const call = client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 100, messages: messages as Anthropic.MessageParam[] });
      return (await call.withResponse()).response.status;
    }

    const cases: [string, () => Message[], number][] = [
      ['merged into a plain text turn', session, 2],
      ['a tool exchange right at the boundary', interjected, 1],
      ['everything summarized', session, 0],
      ['the last turn only, mid tool exchange', session, 1],
    ];
    it.each(cases)('accepts the compacted conversation (%s)', async (_name, build, keepRecentTurns) => {
      const original = build();
      expect(await send(original)).toBe(200);
      const outcome = await compactConversation(options(new FakeSummarizer(['Summary of earlier work.']), original, { keepRecentTurns }));
      expect(outcome.summarizedCount).toBeGreaterThan(0);
      expect(await send(outcome.messages)).toBe(200);
    });

    it('rejects a naive cut that separates a tool_result from its tool_use (so the cases above can fail)', async () => {
      const naive = [user('<compact-summary>S</compact-summary>'), ...interjected().slice(6)];
      await expect(send(naive)).rejects.toMatchObject({ status: 400 });
    });
  });
});
