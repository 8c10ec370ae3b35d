/**
 * `--input-format stream-json` (docs/ARCHITECTURE.md, The headless CLI): newline-delimited JSON user messages
 * on stdin, Claude Code's shape `{"type":"user","message":{"role":"user","content":"..." | [blocks]}}`, each
 * one a turn of the same session. A line that is not such a message is reported with its line number and
 * skipped; the session goes on with the next one.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Message } from '../core/base/messages';

const Block = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string().min(1) }),
  z.looseObject({ type: z.literal('image'), source: z.looseObject({ type: z.string() }) }),
  z.looseObject({ type: z.literal('document'), source: z.looseObject({ type: z.string() }) }),
]);

const UserLine = z.looseObject({
  type: z.literal('user'),
  message: z.looseObject({
    role: z.literal('user'),
    content: z.union([z.string().min(1), z.array(Block).min(1)]),
  }),
});

export const STREAM_JSON_SHAPE = '{"type":"user","message":{"role":"user","content":"..."}}';

/** `uuid`: the client's id for the message (the SDK stamps one), echoed by `--replay-user-messages`. */
export type StreamLine = { ok: true; line: number; content: string | Message['content']; uuid?: string } | { ok: false; line: number; error: string };

/** One parsed line: a user message's content, or what is wrong with it. */
export function parseStreamLine(text: string, line: number): StreamLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, line, error: `stdin line ${line}: not valid JSON (${err instanceof Error ? err.message : String(err)}); expected ${STREAM_JSON_SHAPE}` };
  }
  return parseUserValue(value, line);
}

/** A parsed JSON value as a user message line. */
export function parseUserValue(value: unknown, line: number): StreamLine {
  const parsed = UserLine.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, line, error: `stdin line ${line}: not a user message${where} (${issue?.message ?? 'invalid'}); expected ${STREAM_JSON_SHAPE}` };
  }
  const uuid = typeof parsed.data.uuid === 'string' ? parsed.data.uuid : undefined;
  return { ok: true, line, content: parsed.data.message.content as string | Message['content'], ...(uuid ? { uuid } : {}) };
}

/** Every non-blank line of `input`, parsed, as it arrives. */
export async function* readStreamLines(input: NodeJS.ReadableStream): AsyncGenerator<StreamLine> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const text of lines) {
    n++;
    if (text.trim()) yield parseStreamLine(text, n);
  }
}
