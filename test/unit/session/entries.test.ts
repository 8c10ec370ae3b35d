import { describe, expect, it } from 'vitest';
import { messageSchema, transcriptEntrySchema } from '../../../extension/core/engines/transcripts/entries';

const at = '2030-01-02T03:04:05.678Z';

describe('transcript entries', () => {
  it('accepts one valid line of every type', () => {
    const lines = [
      { type: 'meta', sessionId: 's-1', createdAt: at, cwd: '/repo', model: 'claude-test', version: 1 },
      { type: 'message', uuid: 'u1', timestamp: at, message: { role: 'user', content: 'hi' } },
      { type: 'title', title: 'Fix the build' },
      { type: 'compactBoundary', timestamp: at, summary: 'We fixed it.', preservedMessageCount: 2 },
      { type: 'usage', timestamp: at, model: 'm', inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 0, cacheCreationInputTokens: 3, costUsd: 0.01 },
      { type: 'event', timestamp: at, name: 'permissionGranted', data: { tool: 'Bash' } },
    ];
    expect(lines.map((l) => transcriptEntrySchema.safeParse(l).success)).toEqual([true, true, true, true, true, true]);
  });

  it('rejects an unknown type, a future version and a session id that could be a path', () => {
    expect(transcriptEntrySchema.safeParse({ type: 'sidechain', timestamp: at }).success).toBe(false);
    const meta = { type: 'meta', sessionId: 's', createdAt: at, cwd: '/', model: 'm', version: 2 };
    expect(transcriptEntrySchema.safeParse(meta).success).toBe(false);
    expect(transcriptEntrySchema.safeParse({ ...meta, version: 1, sessionId: '../x' }).success).toBe(false);
  });

  it('rejects usage with negative or fractional token counts and timestamps that are not ISO', () => {
    const usage = { type: 'usage', timestamp: at, model: 'm', inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0 };
    expect(transcriptEntrySchema.safeParse(usage).success).toBe(true);
    expect(transcriptEntrySchema.safeParse({ ...usage, inputTokens: -1 }).success).toBe(false);
    expect(transcriptEntrySchema.safeParse({ ...usage, outputTokens: 1.5 }).success).toBe(false);
    expect(transcriptEntrySchema.safeParse({ ...usage, timestamp: 'yesterday' }).success).toBe(false);
  });

  it('keeps unknown block types and extra fields, so newer blocks survive a round trip', () => {
    const message = { role: 'assistant', content: [{ type: 'server_tool_use', id: 'x', extra: 1 }, { type: 'text', text: 'a', citations: [] }] };
    expect(messageSchema.parse(message)).toEqual(message);
  });

  it('rejects a known block missing a field that resume relies on', () => {
    const bad = [
      { role: 'assistant', content: [{ type: 'tool_use', name: 'Bash', input: {} }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Bash', input: 'ls' }] },
      { role: 'user', content: [{ type: 'tool_result', content: 'ok' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 42 }] },
      { role: 'user', content: [{ type: 'text' }] },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm' }] },
    ];
    for (const message of bad) expect(messageSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
  });

  it('rejects blocks in the wrong role, a bad role, and blocks without a string type', () => {
    expect(messageSchema.safeParse({ role: 'user', content: [{ type: 'tool_use', id: 't', name: 'n', input: {} }] }).success).toBe(false);
    expect(messageSchema.safeParse({ role: 'assistant', content: [{ type: 'tool_result', tool_use_id: 't' }] }).success).toBe(false);
    expect(messageSchema.safeParse({ role: 'system', content: 'x' }).success).toBe(false);
    expect(messageSchema.safeParse({ role: 'user', content: [{ kind: 'text' }] }).success).toBe(false);
    expect(messageSchema.safeParse({ role: 'user', content: ['text'] }).success).toBe(false);
  });

  it('accepts a tool_result without content and one with a list of text blocks', () => {
    expect(messageSchema.safeParse({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't' }] }).success).toBe(true);
    const listed = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'x' }], is_error: true }] };
    expect(messageSchema.parse(listed)).toEqual(listed);
  });

  it('turns an assistant string content into text blocks, as core types it', () => {
    expect(messageSchema.parse({ role: 'assistant', content: 'Done.' })).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Done.' }] });
    expect(messageSchema.parse({ role: 'assistant', content: '' })).toEqual({ role: 'assistant', content: [] });
  });
});
