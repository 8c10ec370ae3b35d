import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseStreamLine, readStreamLines } from '../../../extension/cli/streamInput';

describe('cli/streamInput', () => {
  it("takes Claude Code's user message shape, with text or content blocks", () => {
    expect(parseStreamLine('{"type":"user","message":{"role":"user","content":"hello"}}', 1)).toEqual({ ok: true, line: 1, content: 'hello' });
    const blocks = parseStreamLine('{"type":"user","session_id":"s","message":{"role":"user","content":[{"type":"text","text":"hi"}]},"parent_tool_use_id":null}', 2);
    expect(blocks).toEqual({ ok: true, line: 2, content: [{ type: 'text', text: 'hi' }] });
  });

  it('names the line and what is wrong with it', () => {
    expect(parseStreamLine('{"type":"user",', 3)).toMatchObject({ ok: false, error: expect.stringMatching(/^stdin line 3: not valid JSON .*expected \{"type":"user"/) });
    expect(parseStreamLine('{"type":"assistant","message":{"role":"user","content":"x"}}', 4)).toMatchObject({ ok: false, error: expect.stringMatching(/^stdin line 4: not a user message at type/) });
    expect(parseStreamLine('{"type":"user","message":{"role":"user","content":""}}', 5)).toMatchObject({ ok: false, error: expect.stringContaining('stdin line 5: not a user message at message.content') });
  });

  it('reads lines as they come, skipping blank ones but counting them', async () => {
    const input = Readable.from(['{"type":"user","message":{"role":"user","content":"a"}}\n\n', 'oops\n', '{"type":"user","message":{"role":"user","content":"b"}}']);
    const lines = [];
    for await (const line of readStreamLines(input)) lines.push(line);
    expect(lines.map((l) => [l.line, l.ok])).toEqual([
      [1, true],
      [3, false],
      [4, true],
    ]);
  });
});
