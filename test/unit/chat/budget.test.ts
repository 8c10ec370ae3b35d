import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import { MAX_BUDGET_ERROR } from '../../../extension/conversation/turnPlayer';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds } from '../support';

describe('chat: the spending limit (codewright.maxBudgetUsd)', () => {
  it('stops a turn once the chat has cost its limit, with a notice of the cost and an error saying what to do', async () => {
    const model = new ScriptedModel([['first answer'], ['never sent']]);
    const deps = agentDeps(model);
    // One scripted request costs about $0.000018 at the fallback model's prices: the first reaches the limit.
    const chat = new ChatSession({ agent: { ...deps, settings: () => ({ model: 'claude-test', maxBudgetUsd: 0.00001 }) }, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds('c') });
    await chat.send('one');
    await chat.send('two');
    expect(model.requests).toHaveLength(1);
    const rows = chat.allEntries().filter((e) => e.role !== 'assistant' || e.text !== '' || e.status === 'error');
    expect(rows.map((e) => (e.role === 'notice' ? `notice:${e.text}` : e.role === 'tool' ? e.name : `${e.role}:${e.status}:${e.text}`))).toEqual([
      'user:done:one',
      'assistant:done:first answer',
      'user:done:two',
      expect.stringMatching(/^notice:Stopped before the next model request: the session has cost \$0\.\d{4}, which reaches its budget of \$0\.00\.$/),
      'assistant:error:',
    ]);
    expect(rows.at(-1)).toMatchObject({ status: 'error', error: MAX_BUDGET_ERROR });
    expect(MAX_BUDGET_ERROR).toContain('codewright.maxBudgetUsd');
  });
});
