import { describe, expect, it } from 'vitest';
import { toolResultText } from '../../../../extension/core/base/messages';
import { asAgentId } from '../../../../extension/core/base/ids';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { TODO_WRITE_RESULT, TodoWriteTool } from '../../../../extension/tools/TodoWrite/TodoWrite';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

async function run(context: ToolUseContext, input: unknown) {
  const block = toolUse('TodoWrite', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  return { outcome, text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true };
}

const plan = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
  { content: 'Run the tests', status: 'pending', activeForm: 'Running the tests' },
] as const;

describe('tools/TodoWrite', () => {
  it('stores the list under the session id and tells the model to keep using it', async () => {
    const context = makeContext([TodoWriteTool]);
    const { text, isError, outcome } = await run(context, { todos: plan });
    expect(isError).toBe(false);
    expect(outcome.stage).toBe('success');
    expect(text).toBe(TODO_WRITE_RESULT);
    expect(text).toContain('continue to use the todo list');
    expect(context.getAppState().todos).toEqual({ 'session-test': plan });
  });

  it('replaces the previous list and keeps each agent’s list apart', async () => {
    const context = makeContext([TodoWriteTool]);
    await run(context, { todos: plan });
    const sub = { ...context, agentId: asAgentId('agent-7') };
    await run(sub, { todos: [{ content: 'Search', status: 'pending', activeForm: 'Searching' }] });
    await run(context, { todos: [plan[2]] });
    expect(context.getAppState().todos).toEqual({
      'session-test': [plan[2]],
      'agent-7': [{ content: 'Search', status: 'pending', activeForm: 'Searching' }],
    });
  });

  it('clears the stored list once every item is completed', async () => {
    const context = makeContext([TodoWriteTool]);
    await run(context, { todos: plan });
    const allDone = plan.map((t) => ({ ...t, status: 'completed' }));
    const { text } = await run(context, { todos: allDone });
    expect(text).toBe(TODO_WRITE_RESULT);
    expect(context.getAppState().todos['session-test']).toEqual([]);
  });

  it.each([
    ['an unknown status', { todos: [{ content: 'x', status: 'done', activeForm: 'x-ing' }] }, 'status'],
    ['an empty content', { todos: [{ content: '', status: 'pending', activeForm: 'x-ing' }] }, 'content'],
    ['a missing activeForm', { todos: [{ content: 'x', status: 'pending' }] }, 'activeForm'],
    ['no todos field', {}, 'todos'],
  ])('refuses %s and leaves the list alone', async (_name, input, field) => {
    const context = makeContext([TodoWriteTool]);
    const { text, isError, outcome } = await run(context, input);
    expect(isError).toBe(true);
    expect(outcome.stage).toBe('invalid_input');
    expect(text).toContain(field);
    expect(context.getAppState().todos).toEqual({});
  });

  it('needs no permission, changes only session state (so plan mode runs it, not read-only), and summarises progress', async () => {
    const context = makeContext([TodoWriteTool]);
    const decision = await TodoWriteTool.checkPermissions({ todos: [...plan] });
    expect(decision.behavior).toBe('allow');
    expect([TodoWriteTool.isReadOnly({ todos: [...plan] }), TodoWriteTool.sessionStateOnly]).toEqual([false, true]);
    expect(TodoWriteTool.getToolUseSummary({ todos: [...plan] })).toBe('1/3 done');
    expect(context.getAppState().todos).toEqual({});
  });
});
