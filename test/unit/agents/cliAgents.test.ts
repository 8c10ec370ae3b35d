import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../extension/cli/args';

describe('--agents', () => {
  it('defines agent types for the run, like Claude Code', () => {
    const json = JSON.stringify({ reviewer: { description: 'Reviews code', prompt: 'You review code.', tools: ['Read', 'Grep'], model: 'haiku' } });
    const r = parseCliArgs(['-p', 'hi', '--agents', json]);
    expect(r.ok && r.options.agentDefinitions).toEqual([
      { agentType: 'reviewer', whenToUse: 'Reviews code', systemPrompt: 'You review code.', tools: ['Read', 'Grep'], model: 'haiku', source: 'cli' },
    ]);
  });

  it('is empty without the flag', () => {
    const r = parseCliArgs(['-p', 'hi']);
    expect(r.ok && r.options.agentDefinitions).toEqual([]);
  });

  it('names the agent and field that are wrong', () => {
    expect(parseCliArgs(['-p', 'hi', '--agents', '{"reviewer": {"description": "x"}}'])).toEqual({ ok: false, error: "--agents: reviewer.prompt: the agent's system prompt (a string) is required" });
    expect(parseCliArgs(['-p', 'hi', '--agents', '{"reviewer": {"description": "x", "prompt": "p", "tools": "Read"}}'])).toMatchObject({ ok: false, error: expect.stringMatching(/^--agents: reviewer\.tools: /) });
    expect(parseCliArgs(['-p', 'hi', '--agents', '{nope'])).toMatchObject({ ok: false, error: expect.stringMatching(/^--agents: not valid JSON .*expected \{"name": \{"description"/) });
    expect(parseCliArgs(['-p', 'hi', '--agents', '{"bad name": {"description": "x", "prompt": "p"}}'])).toMatchObject({ ok: false, error: expect.stringContaining('an agent name is letters') });
  });
});
