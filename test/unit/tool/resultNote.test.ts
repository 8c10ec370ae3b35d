import { describe, expect, it } from 'vitest';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import type { CanUseToolFn } from '../../../extension/core/contracts/tool';
import { assistantWith, echoTool, makeContext, toolUse } from './fixtures';

describe('executeToolUse: the permission decision’s result note', () => {
  const run = async (canUseTool: CanUseToolFn) => {
    const { tool } = echoTool();
    const block = toolUse('Echo', { text: 'hi' });
    return executeToolUse({ block, assistantMessage: assistantWith(block), context: makeContext([tool]), canUseTool });
  };

  it('goes after the tool’s own text, for the model', async () => {
    const outcome = await run(async (_t, input) => ({ behavior: 'allow', updatedInput: input, resultNote: 'The user modified your proposed changes.' }));
    expect(outcome.result.content).toBe('hi\n\nThe user modified your proposed changes.');
  });

  it('adds nothing without a note, and runs the input the decision rewrote', async () => {
    expect((await run(async (_t, input) => ({ behavior: 'allow', updatedInput: input }))).result.content).toBe('hi');
    expect((await run(async () => ({ behavior: 'allow', updatedInput: { text: 'edited', times: 2 } }))).result.content).toBe('editededited');
  });
});

describe('executeToolUse: the note the user typed while approving (acceptFeedback)', () => {
  const run = async (canUseTool: CanUseToolFn) => {
    const { tool } = echoTool();
    const block = toolUse('Echo', { text: 'hi' });
    return executeToolUse({ block, assistantMessage: assistantWith(block), context: makeContext([tool]), canUseTool });
  };

  it('reaches the model after the tool’s own text, saying the user approved the call', async () => {
    const outcome = await run(async (_t, input) => ({ behavior: 'allow', updatedInput: input, acceptFeedback: ' and run the tests after ' }));
    expect(outcome.result.content).toBe('hi\n\nThe user approved this call and added a note: and run the tests after');
    expect(outcome.result.is_error).toBeFalsy();
  });

  it('follows the diff review’s note when both are given, and adds nothing for blank feedback', async () => {
    const both = await run(async (_t, input) => ({ behavior: 'allow', updatedInput: input, resultNote: 'The user modified your proposed changes.', acceptFeedback: 'keep it short' }));
    expect(both.result.content).toBe('hi\n\nThe user modified your proposed changes.\n\nThe user approved this call and added a note: keep it short');
    expect((await run(async (_t, input) => ({ behavior: 'allow', updatedInput: input, acceptFeedback: '  ' }))).result.content).toBe('hi');
  });
});
