import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLineReader, terminalAskUser } from '../../../extension/cli/interactive';
import type { PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { WriteTool } from '../../../extension/tools/Write/Write';
import { makeContext } from '../tool/fixtures';

/** Asks once per typed line with `agent` asking; the answers and what the terminal showed. */
async function answers(agent: PermissionPrompt['agent'], ...typed: string[]) {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  input.end(typed.map((t) => `${t}\n`).join(''));
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString()));
  const ask = terminalAskUser(createLineReader(input, out), out);
  const prompt = { tool: WriteTool, input: { file_path: '/ws/a.txt', content: 'x' }, toolUseId: 't', message: 'Write /ws/a.txt?', assistantMessage: { role: 'assistant', content: [] }, ...(agent ? { agent } : {}) } as unknown as PermissionPrompt;
  const results = [];
  for (let i = 0; i < typed.length; i++) results.push(await ask(prompt, makeContext([WriteTool], { cwd: '/ws' })));
  return { results, text };
}

describe('cli/interactive: a sub-agent asking at the terminal', () => {
  it('names a background agent and takes "a" as an allow for the rest of its run', async () => {
    const { results, text } = await answers({ agentType: 'general-purpose', description: 'write the notes', name: 'alice', background: true }, 'a', 'y');
    expect(text).toContain('Asked by background agent alice (general-purpose): write the notes');
    expect(text).toContain("a allows it for the rest of this agent's run");
    expect(text).toContain('[y/N/a]');
    expect(results.map((r) => [r.behavior, r.allowForAgentRun === true])).toEqual([
      ['allow', true],
      ['allow', false],
    ]);
  });

  it('names a foreground sub-agent, for which "a" denies like any other answer', async () => {
    const { results, text } = await answers({ agentType: 'Explore', description: 'find config loaders' }, 'a');
    expect(text).toContain('Asked by sub-agent Explore: find config loaders');
    expect(text).not.toContain('[y/N/a]');
    expect(results.map((r) => r.behavior)).toEqual(['deny']);
  });
});
