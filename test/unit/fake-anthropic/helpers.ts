import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeEach } from 'vitest';
import { z } from 'zod';
import { startFakeAnthropic, type FakeAnthropic, type FakeAnthropicOptions } from '../../fixtures/fake-anthropic';

// Not a model the SDK flags as deprecated, which would print a warning per request.
export const MODEL = 'claude-sonnet-5-5';

export function clientFor(fake: FakeAnthropic, apiKey = 'test'): Anthropic {
  return new Anthropic({ apiKey, baseURL: fake.url, maxRetries: 0 });
}

/**
 * A fake API of its own for each test (started before it, closed after it: a test may close it or break it),
 * and an SDK client for it. Both are filled in by that beforeEach, so use them inside the tests only.
 */
export function useFakePerTest(opts: FakeAnthropicOptions = {}): { fake: FakeAnthropic; client: Pick<Anthropic, 'messages'> } {
  const fake = {} as FakeAnthropic;
  let sdk: Anthropic;
  beforeEach(async () => {
    Object.assign(fake, await startFakeAnthropic(opts));
    sdk = clientFor(fake);
  });
  afterEach(() => fake.close());
  return { fake, client: { get messages() { return sdk.messages; } } };
}

export const ErrorBodySchema = z.object({
  type: z.literal('error'),
  error: z.object({ type: z.string(), message: z.string() }),
  request_id: z.string(),
});

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

export const HEADERS = { 'content-type': 'application/json', 'x-api-key': 'test', 'anthropic-version': '2023-06-01' };

/** A raw POST, for bodies and headers the typed SDK would not let a test send. */
export async function post(
  fake: FakeAnthropic,
  body: unknown,
  headers: Record<string, string> = HEADERS,
  path = '/v1/messages',
): Promise<RawResponse> {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export function errorOf(res: RawResponse): z.infer<typeof ErrorBodySchema>['error'] {
  return ErrorBodySchema.parse(JSON.parse(res.text)).error;
}

/** A valid request body around the given messages. */
export function request(messages: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: MODEL, max_tokens: 1024, messages, ...extra };
}

export interface ParsedSse {
  event: string;
  data: unknown;
}

/** Splits an SSE body on blank lines and checks each frame is exactly `event:` then `data:`. */
export function parseSse(text: string): ParsedSse[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const match = /^event: (\S+)\ndata: (.*)$/s.exec(frame);
      if (!match?.[1] || match[2] === undefined) throw new Error(`not an SSE frame: ${JSON.stringify(frame)}`);
      return { event: match[1], data: JSON.parse(match[2]) };
    });
}

export const user = (content: unknown): { role: 'user'; content: unknown } => ({ role: 'user', content });
export const assistant = (content: unknown): { role: 'assistant'; content: unknown } => ({ role: 'assistant', content });
export const toolUse = (id: string, name = 'Read', input: Record<string, unknown> = { path: 'a.txt' }) => ({
  type: 'tool_use',
  id,
  name,
  input,
});
export const toolResult = (id: string, content = 'file contents') => ({ type: 'tool_result', tool_use_id: id, content });
export const text = (value: string, extra: Record<string, unknown> = {}) => ({ type: 'text', text: value, ...extra });

export interface Rejection {
  error: InstanceType<typeof Anthropic.APIError>;
  type: string;
  message: string;
}

/** Awaits an SDK call that must fail with an API error and returns the parsed error body. */
export async function rejectionOf(call: Promise<unknown>): Promise<Rejection> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail, but it succeeded');
    },
    (e: unknown) => e,
  );
  if (!(error instanceof Anthropic.APIError)) throw error;
  const body = ErrorBodySchema.parse(error.error);
  return { error, type: body.error.type, message: body.error.message };
}
