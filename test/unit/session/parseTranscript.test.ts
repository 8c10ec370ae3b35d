import { describe, expect, it } from 'vitest';
import type { Message } from '../../../extension/core/base/messages';
import { compactedMessages, parseTranscript } from '../../../extension/core/engines/transcripts/transcript';
import { assistant, toolCall, toolResult, user } from './support';

const at = (minute: number) => `2030-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const message = (m: Message, minute = 1) => JSON.stringify({ type: 'message', uuid: `u${minute}`, timestamp: at(minute), message: m });
const jsonl = (...lines: string[]) => lines.map((l) => `${l}\n`).join('');

describe('parseTranscript', () => {
  it('reads an empty text as an empty session without warnings', () => {
    expect(parseTranscript('')).toEqual({
      messages: [],
      replacements: new Map(),
      usage: { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0 },
      warnings: [],
      timeline: [],
    });
  });

  it('skips a corrupt middle line with a warning naming its line number and keeps the rest', () => {
    const text = jsonl(message(user('one'), 1), '{"type":"message","uuid":', message(assistant('two'), 3), message(user('three'), 4));
    const parsed = parseTranscript(text);
    expect(parsed.messages).toEqual([user('one'), assistant('two'), user('three')]);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/^Line 2: skipped, not valid JSON/);
  });

  it('skips a line that is JSON but not a transcript entry, saying which field is wrong', () => {
    const bad = JSON.stringify({ type: 'message', uuid: 'x', timestamp: at(2), message: { role: 'assistant', content: [{ type: 'tool_use', name: 'Bash', input: {} }] } });
    const parsed = parseTranscript(jsonl(message(user('one')), bad, '[1,2]', '{"type":"future"}'));
    expect(parsed.messages).toEqual([user('one')]);
    expect(parsed.warnings.map((w) => w.slice(0, 7))).toEqual(['Line 2:', 'Line 3:', 'Line 4:']);
    expect(parsed.warnings[0]).toMatch(/not a valid transcript entry .*message\.content\.0\.id/);
  });

  it('skips a partial last line left by a crash mid-write, calling it incomplete', () => {
    const whole = message(assistant('kept'), 2);
    const text = jsonl(message(user('one'), 1), whole) + whole.slice(0, 25);
    const parsed = parseTranscript(text);
    expect(parsed.messages).toEqual([user('one'), assistant('kept')]);
    expect(parsed.warnings).toEqual(['Line 3: skipped an incomplete last line (the session probably ended mid-write).']);
    expect(parsed.lastTimestamp).toBe(at(2));
  });

  it('keeps a last line that lacks only its newline', () => {
    const parsed = parseTranscript(`${message(user('one'), 1)}\n${message(assistant('two'), 2)}`);
    expect(parsed.messages).toEqual([user('one'), assistant('two')]);
    expect(parsed.warnings).toEqual([]);
  });

  it('ignores blank lines and Windows line endings', () => {
    const parsed = parseTranscript(`${message(user('one'))}\r\n\n   \n${message(assistant('two'))}\r\n`);
    expect(parsed.messages).toEqual([user('one'), assistant('two')]);
    expect(parsed.warnings).toEqual([]);
  });

  it('restarts the conversation at a compact boundary from its summary and what follows', () => {
    const boundary = JSON.stringify({ type: 'compactBoundary', timestamp: at(5), summary: 'Summary of work so far.' });
    const parsed = parseTranscript(jsonl(message(user('old'), 1), message(assistant('old answer'), 2), boundary, message(user('new'), 6)));
    expect(parsed.messages).toEqual([...compactedMessages('Summary of work so far.', []), user('new')]);
    expect(JSON.stringify(parsed.messages[0])).toContain('<compact-summary>\\nSummary of work so far.\\n</compact-summary>');
    expect(parsed.firstPrompt).toBe('old');
  });

  it('keeps the preserved messages just before a compact boundary after its summary', () => {
    const boundary = JSON.stringify({ type: 'compactBoundary', timestamp: at(5), summary: 'S', preservedMessageCount: 2 });
    const lines = [user('a'), assistant('b'), user('c'), toolCall('t1'), toolResult('t1')].map((m, i) => message(m, i + 1));
    const parsed = parseTranscript(jsonl(...lines, boundary, message(assistant('after'), 7)));
    expect(parsed.messages).toEqual([...compactedMessages('S', [toolCall('t1'), toolResult('t1')]), assistant('after')]);
    expect(parsed.messages.slice(1)).toEqual([toolCall('t1'), toolResult('t1'), assistant('after')]);
  });

  it('merges the summary into a preserved first message of plain user text, as live compaction does', () => {
    const boundary = JSON.stringify({ type: 'compactBoundary', timestamp: at(5), summary: 'S', preservedMessageCount: 2 });
    const parsed = parseTranscript(jsonl(message(user('old')), message(assistant('x')), message(user('recent')), message(assistant('y')), boundary));
    expect(parsed.messages).toHaveLength(2);
    expect(parsed.messages[0]).toMatchObject({ role: 'user', content: [{ type: 'text' }, { type: 'text', text: 'recent' }] });
    expect(parsed.messages[1]).toEqual(assistant('y'));
  });

  it('takes the first meta, the last title, summed usage and the last timestamp', () => {
    const meta = (cwd: string) => JSON.stringify({ type: 'meta', sessionId: 's', createdAt: at(0), cwd, model: 'm', version: 1 });
    const usage = (n: number, minute: number) =>
      JSON.stringify({ type: 'usage', timestamp: at(minute), model: 'm', inputTokens: n, outputTokens: 1, cacheReadInputTokens: 2, cacheCreationInputTokens: 3, costUsd: 0.5 });
    const title = (t: string) => JSON.stringify({ type: 'title', title: t });
    const parsed = parseTranscript(jsonl(meta('/first'), title('One'), usage(10, 1), meta('/second'), title('Two'), usage(5, 9)));
    expect(parsed.meta?.cwd).toBe('/first');
    expect(parsed.title).toBe('Two');
    expect(parsed.usage).toEqual({ inputTokens: 15, outputTokens: 2, cacheReadInputTokens: 4, cacheCreationInputTokens: 6, costUsd: 1 });
    expect(parsed.lastTimestamp).toBe(at(9));
  });

  it('takes the first prompt from typed text, not from tool results', () => {
    const parsed = parseTranscript(jsonl(message(toolResult('t0')), message({ role: 'user', content: [{ type: 'text', text: '  Explain this  ' }] })));
    expect(parsed.firstPrompt).toBe('  Explain this  ');
  });

  it('never throws, whatever the text', () => {
    for (const text of ['\u0000\u0001', '}{', 'null\n', '"string"\n', '{"type":"message"}\n'.repeat(3), '\n\n\n']) {
      const parsed = parseTranscript(text);
      expect(parsed.messages).toEqual([]);
    }
    expect(parseTranscript('null\n"x"\n').warnings).toHaveLength(2);
  });

  it('applies contentReplacement lines to the results they name, also across a later compaction, and ignores unknown ids', () => {
    const replacement = (minute: number, ...pairs: [string, string][]) =>
      JSON.stringify({ type: 'contentReplacement', timestamp: at(minute), replacements: pairs.map(([toolUseId, content]) => ({ toolUseId, content })) });
    const boundary = JSON.stringify({ type: 'compactBoundary', timestamp: at(9), summary: 'S', preservedMessageCount: 2 });
    const text = jsonl(
      message(user('go'), 1),
      message(toolCall('t1'), 2),
      message(toolResult('t1', 'x'.repeat(5_000)), 3),
      message(toolCall('t2'), 4),
      message(toolResult('t2', 'y'.repeat(5_000)), 5),
      replacement(6, ['t1', 'cleared t1'], ['t9', 'no such result']),
      replacement(7, ['t2', 'cleared t2']),
    );
    const parsed = parseTranscript(text);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.messages).toEqual([user('go'), toolCall('t1'), toolResult('t1', 'cleared t1'), toolCall('t2'), toolResult('t2', 'cleared t2')]);
    expect([...parsed.replacements.keys()]).toEqual(['t1', 't9', 't2']);
    expect(parseTranscript(text + jsonl(boundary)).messages.slice(1)).toEqual([toolCall('t2'), toolResult('t2', 'cleared t2')]);
  });

  it('keeps a timeline of every message and event line as written: compacted messages and results before their replacement too', () => {
    const boundary = JSON.stringify({ type: 'compactBoundary', timestamp: at(5), summary: 'S' });
    const replaced = JSON.stringify({ type: 'contentReplacement', timestamp: at(4), replacements: [{ toolUseId: 't1', content: 'cleared' }] });
    const event = JSON.stringify({ type: 'event', timestamp: at(3), name: 'chat.tool', data: { toolUseId: 't1' } });
    const parsed = parseTranscript(jsonl(message(toolCall('t1'), 1), message(toolResult('t1', 'body'), 2), event, replaced, boundary, message(user('new'), 6)));
    expect(parsed.messages).toEqual([...compactedMessages('S', []), user('new')]);
    expect(parsed.timeline).toEqual([
      { kind: 'message', uuid: 'u1', message: toolCall('t1') },
      { kind: 'message', uuid: 'u2', message: toolResult('t1', 'body') },
      { kind: 'event', name: 'chat.tool', data: { toolUseId: 't1' } },
      { kind: 'message', uuid: 'u6', message: user('new') },
    ]);
  });
});
