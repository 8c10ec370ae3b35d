import { describe, expect, it } from 'vitest';
import { estimateTokens, IMAGE_TOKENS, tokensFromUsage } from '../../../extension/core/loop/query/tokens';
import type { Message, ToolDefinition, ToolResultContent } from '../../../extension/core/base/messages';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const say = (text: string): Message => ({ role: 'user', content: text });

describe('core/loop/query/tokens', () => {
  it('counts about one token per four characters of text', () => {
    expect(estimateTokens([say('x'.repeat(400))])).toBe(100);
    expect(estimateTokens([say('abc')])).toBe(1);
    expect(estimateTokens([])).toBe(0);
  });

  it('grows with the text of every message', () => {
    const short = [say('hello'), { role: 'assistant', content: [{ type: 'text', text: 'hi' }] } satisfies Message];
    const long = [...short, say('please refactor the parser and keep the public API stable')];
    expect(estimateTokens(long)).toBeGreaterThan(estimateTokens(short));
  });

  it('counts a fixed number of tokens per image, however small its data', () => {
    const text: Message = { role: 'user', content: [{ type: 'text', text: 'look' }] };
    const withImage: Message = {
      role: 'user',
      content: [{ type: 'text', text: 'look' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }],
    };
    expect(estimateTokens([withImage]) - estimateTokens([text])).toBe(IMAGE_TOKENS);
  });

  it('counts images inside tool results too', () => {
    const results = (content: ToolResultContent): Message => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content }] });
    const plain = results([{ type: 'text', text: 'shot' }]);
    const shot = results([{ type: 'text', text: 'shot' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]);
    expect(estimateTokens([shot]) - estimateTokens([plain])).toBe(IMAGE_TOKENS);
  });

  it('counts tool inputs as JSON and tool results by their text', () => {
    const call: Message = { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Write', input: { path: 'a.ts', content: 'y'.repeat(4000) } }] };
    const answer: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'z'.repeat(2000) }] };
    expect(estimateTokens([call])).toBeGreaterThan(1000);
    expect(estimateTokens([answer])).toBe(500);
  });

  it('counts a base64 PDF by its size and a text document by its text', () => {
    const pdf = (chars: number): Message => ({
      role: 'user',
      content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'A'.repeat(chars) } }],
    });
    expect(estimateTokens([pdf(160_000)])).toBeGreaterThan(estimateTokens([pdf(16_000)]));
    expect(estimateTokens([pdf(160_000)])).toBeGreaterThan(5_000);
    const doc: Message = { role: 'user', content: [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'w'.repeat(800) } }] };
    expect(estimateTokens([doc])).toBe(200);
  });

  it('counts a tool_reference as a small constant', () => {
    const ref: Message = {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'tool_reference', tool_name: 'NotebookEdit' }] }],
    };
    expect(estimateTokens([ref])).toBeGreaterThan(0);
    expect(estimateTokens([ref])).toBeLessThan(50);
  });

  it('adds the system prompt and the tool definitions', () => {
    const messages = [say('hi')];
    const tool: ToolDefinition = { name: 'Read', description: 'Reads a file. '.repeat(20), input_schema: { type: 'object', properties: {} } };
    const base = estimateTokens(messages);
    const withSystem = estimateTokens(messages, [{ type: 'text', text: 's'.repeat(4000) }]);
    expect(withSystem - base).toBe(1000);
    expect(estimateTokens(messages, [], [tool])).toBeGreaterThan(base + 60);
  });

  it('adds input, cache reads, cache writes and output of the previous request', () => {
    expect(tokensFromUsage({ inputTokens: 10, cacheReadInputTokens: 2000, cacheCreationInputTokens: 300, outputTokens: 45 })).toBe(2355);
  });
});
