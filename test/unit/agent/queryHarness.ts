/** Runs `query()` against the fake Anthropic API through the real SDK client: the whole loop, no mocks. */
import type { AnyTool } from '../../../extension/core/contracts/tool';
import type { QueryEvent } from '../../../extension/core/contracts/events';
import { query } from '../../../extension/core/loop/query/query';
import type { QueryParams } from '../../../extension/core/loop/query/params';
import type { Message, TextBlock } from '../../../extension/core/base/messages';
import { toolDefinitions } from '../../../extension/core/engines/tools/toolSchema';
import { AnthropicModelClient } from '../../../extension/llm/anthropicModelClient';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { allowAll, makeContext } from '../tool/fixtures';
import { keyed, RecordingLogger } from '../support';

/**
 * Starts the fake API before the describe block's tests and closes it after them; with `freshRequests` its
 * request log is emptied before each test. The returned object is filled in by that beforeAll, so use it
 * inside the tests only.
 */
export function useFakeAnthropic(opts: { freshRequests?: boolean } = {}): FakeAnthropic {
  const fake = {} as FakeAnthropic;
  beforeAll(async () => {
    Object.assign(fake, await startFakeAnthropic());
  });
  afterAll(() => fake.close());
  if (opts.freshRequests) {
    beforeEach(() => {
      fake.requests.length = 0;
    });
  }
  return fake;
}

export const MODEL = 'claude-sonnet-5-5';

export function clientFor(fake: FakeAnthropic): AnthropicModelClient {
  return new AnthropicModelClient({
    credentials: keyed,
    settings: { model: () => MODEL, maxTokens: () => 1024, apiBaseUrl: () => fake.url },
    log: new RecordingLogger(),
  });
}

export interface RunResult {
  events: QueryEvent[];
  messages: Message[];
  persisted: Message[];
  text: string;
}

export async function runQuery(
  fake: FakeAnthropic,
  opts: {
    prompt?: string;
    history?: Message[];
    tools?: AnyTool[];
    system?: TextBlock[];
    abortWhen?: (e: QueryEvent) => boolean;
    extra?: Partial<QueryParams>;
  } = {},
): Promise<RunResult> {
  const tools = opts.tools ?? [];
  const context = makeContext(tools);
  const defs = await toolDefinitions(tools, { isNonInteractiveSession: false, toolPermissionContext: context.getAppState().toolPermissionContext, tools });
  const persisted: Message[] = [];
  const gen = query({
    messages: [...(opts.history ?? []), { role: 'user', content: opts.prompt ?? 'hello' }],
    system: opts.system ?? [{ type: 'text', text: 'You are a test.' }],
    tools: defs,
    model: clientFor(fake),
    modelName: MODEL,
    maxTokens: 1024,
    toolUseContext: context,
    canUseTool: allowAll,
    retry: { sleep: async () => {}, maxRetries: 3 },
    onMessage: async (m) => {
      persisted.push(m);
    },
    ...opts.extra,
  });
  const events: QueryEvent[] = [];
  let text = '';
  for (;;) {
    const next = await gen.next();
    if (next.done) return { events, messages: next.value, persisted, text };
    const e = next.value;
    events.push(e);
    if (e.type === 'textDelta') text += e.text;
    if (e.type === 'attemptDiscarded') text = '';
    if (opts.abortWhen?.(e)) context.abortController.abort();
  }
}
