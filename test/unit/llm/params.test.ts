/** llm/params.ts: core request → SDK params, thinking and effort included. */
import { describe, expect, it } from 'vitest';
import { toSdkParams } from '../../../extension/llm/params';

const base = { model: 'claude-opus-5-5', maxTokens: 128_000, messages: [{ role: 'user' as const, content: 'hi' }], signal: new AbortController().signal };

describe('llm/params', () => {
  it('sends thinking and output_config.effort as given', () => {
    const params = toSdkParams({ ...base, thinking: { type: 'adaptive' }, effort: 'high' });
    expect(params).toMatchObject({ max_tokens: 128_000, thinking: { type: 'adaptive' }, output_config: { effort: 'high' } });
  });

  it('leaves out disabled thinking and an absent effort', () => {
    const params = toSdkParams({ ...base, thinking: { type: 'disabled' } });
    expect('thinking' in params).toBe(false);
    expect('output_config' in params).toBe(false);
  });
});
