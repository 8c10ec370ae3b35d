import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DOOM_LOOP_NOTE_AT, DoomLoopTracker } from '../../../extension/core/loop/query/doomLoop';
import { canonicalJson } from '../../../extension/core/base/text/canonicalJson';
import type { QueryEvent } from '../../../extension/core/contracts/events';
import type { AssistantMessage, Message, UserMessage } from '../../../extension/core/base/messages';
import { buildTool } from '../../../extension/core/contracts/tool';
import { runQuery, useFakeAnthropic } from './queryHarness';

/** Fails for every path but "ok", as a Read of a missing file would. */
function flakyTool() {
  const calls: string[] = [];
  const tool = buildTool({
    name: 'Open',
    inputSchema: z.strictObject({ path: z.string(), mode: z.string().optional() }),
    maxResultSizeChars: 10_000,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    async description() {
      return 'Opens a file';
    },
    async prompt() {
      return 'Opens the file at path.';
    },
    async call(args) {
      calls.push(args.path);
      if (args.path !== 'ok') throw new Error(`No such file: ${args.path}`);
      return { data: 'contents' };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
  return { tool, calls };
}

const call = (i: number, input: Record<string, unknown>) => ({
  content: [{ type: 'tool_use' as const, id: `toolu_${i}`, name: 'Open', input }],
});

const NOTE = /failed (\d) times in a row/;

/** The text of the last tool result the request `body` carries. */
function lastResultText(body: Record<string, unknown>): string {
  const messages = body.messages as Message[];
  const last = messages.at(-1)!;
  if (typeof last.content === 'string') return '';
  const result = last.content.find((b) => b.type === 'tool_result');
  if (!result || result.type !== 'tool_result') return '';
  return typeof result.content === 'string' ? result.content : result.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
}

describe('DoomLoopTracker', () => {
  const use = (id: string, input: unknown): AssistantMessage => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'Open', input }] });
  const result = (id: string, isError: boolean): UserMessage => ({
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: id, content: isError ? 'failed' : 'fine', ...(isError ? { is_error: true } : {}) }],
  });

  it('counts identical failures whatever the key order, and starts over after a success', () => {
    const t = new DoomLoopTracker();
    expect(t.review(use('a', { path: 'x', mode: 'r' }), result('a', true))).toEqual(result('a', true));
    t.review(use('b', { mode: 'r', path: 'x' }), result('b', true));
    const third = t.review(use('c', { path: 'x', mode: 'r' }), result('c', true));
    expect(JSON.stringify(third)).toMatch(/failed 3 times in a row/);
    expect(t.stopMessage).toBeUndefined();
    // A success resets: the next identical failure is the first again.
    t.review(use('d', { path: 'x', mode: 'r' }), result('d', false));
    expect(t.review(use('e', { path: 'x', mode: 'r' }), result('e', true))).toEqual(result('e', true));
  });

  it('counts calls of one message in order and sets the stop message at the fifth', () => {
    const t = new DoomLoopTracker();
    const ids = ['1', '2', '3', '4', '5'];
    const assistant: AssistantMessage = { role: 'assistant', content: ids.map((id) => ({ type: 'tool_use', id, name: 'Open', input: { path: 'x' } })) };
    const results: UserMessage = { role: 'user', content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: 'failed' }], is_error: true })) };
    const out = t.review(assistant, results);
    const texts = (out.content as { content: { text: string }[] }[]).map((b) => b.content.map((c) => c.text).join('|'));
    expect(texts.map((s) => NOTE.exec(s)?.[1] ?? '-')).toEqual(['-', '-', '3', '4', '5']);
    expect(t.stopMessage).toMatch(/^Stopped: the agent repeated the same failing call 5 times \(Open \{"path":"x"\}\)/);
    // The input is not touched.
    expect(JSON.stringify(results)).not.toMatch(NOTE);
  });

  it('writes canonical JSON with sorted keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
  });
});

describe('doom loops in the loop (fake API)', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('notes the third identical failure to the model and ends the turn at the fifth', async () => {
    const { tool, calls } = flakyTool();
    fake.setScript([...Array.from({ length: 5 }, (_, i) => call(i, { path: 'missing.txt' })), { content: [{ type: 'text', text: 'never sent' }] }]);
    const { events, persisted } = await runQuery(fake, { tools: [tool] });
    expect(calls).toHaveLength(5);
    const results = fake.requests.slice(1).map((r) => lastResultText(r.body));
    expect(results.map((t) => NOTE.exec(t)?.[1] ?? '-')).toEqual(['-', '-', '3', '4']);
    expect(results[0]).toContain('No such file: missing.txt');
    // The fifth result is kept (with its note) so the conversation stays valid, but no request carries it.
    expect(fake.requests).toHaveLength(5);
    expect(fake.remaining()).toBe(1);
    expect(JSON.stringify(persisted.at(-1))).toMatch(/failed 5 times in a row/);
    const error = events.find((e): e is Extract<QueryEvent, { type: 'error' }> => e.type === 'error');
    expect(error?.message).toMatch(/^Stopped: the agent repeated the same failing call 5 times \(Open \{"path":"missing.txt"\}\)/);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'error', turns: 5 });
  });

  it('starts the count over on a different input or a success', async () => {
    const { tool } = flakyTool();
    const inputs = ['a', 'a', 'b', 'a', 'a', 'ok', 'a', 'a', 'a', 'a'];
    fake.setScript([...inputs.map((path, i) => call(i, { path })), { content: [{ type: 'text', text: 'Giving up on a.' }] }]);
    const { events } = await runQuery(fake, { tools: [tool] });
    const notes = fake.requests.slice(1).map((r) => NOTE.exec(lastResultText(r.body))?.[1] ?? '-');
    expect(notes).toEqual(['-', '-', '-', '-', '-', '-', '-', '-', String(DOOM_LOOP_NOTE_AT), '4']);
    expect(events.some((e) => e.type === 'error')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn' });
  });
});
