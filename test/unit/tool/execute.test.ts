import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolResultText } from '../../../extension/core/base/messages';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import type { ToolExecutionEvent } from '../../../extension/core/contracts/events';
import { createCanUseTool, toolOwnDecider } from '../../../extension/core/engines/tools/permissionGate';
import { buildTool, type CanUseToolFn } from '../../../extension/core/contracts/tool';
import { allowAll, assistantWith, echoTool, makeContext, sleep, toolUse } from './fixtures';

async function run(tools: Parameters<typeof makeContext>[0], block = toolUse('Echo', { text: 'hi' }), canUseTool = allowAll) {
  const context = makeContext(tools);
  const events: ToolExecutionEvent[] = [];
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool, emit: (e) => events.push(e) });
  return { outcome, events, context, text: toolResultText(outcome.result.content) };
}

describe('core/engines/tools/execute', () => {
  it('runs a valid call and maps its output to a tool_result', async () => {
    const { tool, calls } = echoTool();
    const { outcome, text, events } = await run([tool], toolUse('Echo', { text: 'ab', times: 3 }, 'toolu_1'));
    expect(outcome.stage).toBe('success');
    expect(outcome.result).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ababab' });
    expect(text).toBe('ababab');
    expect(calls).toEqual([{ text: 'ab', times: 3 }]);
    expect(events.map((e) => e.type)).toEqual(['toolStarted', 'toolFinished']);
  });

  it('applies schema defaults before call', async () => {
    const { tool, calls } = echoTool();
    await run([tool], toolUse('Echo', { text: 'x' }));
    expect(calls).toEqual([{ text: 'x', times: 1 }]);
  });

  it('finds a tool by its alias', async () => {
    const { tool, calls } = echoTool({ aliases: ['Say'] });
    const { outcome } = await run([tool], toolUse('Say', { text: 'via alias' }));
    expect(outcome.stage).toBe('success');
    expect(calls).toHaveLength(1);
  });

  it('answers an unknown tool with an error naming it', async () => {
    const { tool } = echoTool();
    const { outcome, text } = await run([tool], toolUse('Nope', {}));
    expect(outcome.result.is_error).toBe(true);
    expect(text).toBe('<tool_use_error>Error: No such tool available: Nope</tool_use_error>');
  });

  it('never calls the tool when a required parameter is missing, and names it', async () => {
    const { tool, calls } = echoTool();
    const { outcome, text } = await run([tool], toolUse('Echo', { times: 2 }));
    expect(calls).toHaveLength(0);
    expect(outcome).toMatchObject({ stage: 'invalid_input', result: { is_error: true } });
    expect(text).toMatch(/^<tool_use_error>InputValidationError: Echo failed/);
    expect(text).toContain('The required parameter `text` is missing');
  });

  it('says which type was expected and which was given', async () => {
    const { tool, calls } = echoTool();
    const { text } = await run([tool], toolUse('Echo', { text: 5, times: 'two' }));
    expect(calls).toHaveLength(0);
    expect(text).toContain('The parameter `text` type is expected as `string` but provided as `number`');
    expect(text).toContain('The parameter `times` type is expected as `number` but provided as `string`');
  });

  it('rejects an unexpected key without calling the tool', async () => {
    const { tool, calls } = echoTool();
    const { text } = await run([tool], toolUse('Echo', { text: 'a', force: true }));
    expect(calls).toHaveLength(0);
    expect(text).toContain('An unexpected parameter `force` was provided');
  });

  it('stops at validateInput before asking permission', async () => {
    let asked = 0;
    let called = 0;
    const tool = buildTool({
      name: 'Picky',
      inputSchema: z.object({ n: z.number() }),
      maxResultSizeChars: 1000,
      async description() {
        return '';
      },
      async prompt() {
        return 'picky';
      },
      async validateInput({ n }) {
        return n > 0 ? { result: true } : { result: false, message: 'n must be positive; got ' + n };
      },
      async call() {
        called++;
        return { data: 'ok' };
      },
      mapToolResultToToolResultBlockParam: (o: string, id: string) => ({ type: 'tool_result', tool_use_id: id, content: o }),
    });
    const counting: CanUseToolFn = async (_t, input) => (asked++, { behavior: 'allow', updatedInput: input });
    const { outcome, text } = await run([tool], toolUse('Picky', { n: -1 }), counting);
    expect(outcome.stage).toBe('validation');
    expect(text).toBe('<tool_use_error>n must be positive; got -1</tool_use_error>');
    expect([asked, called]).toEqual([0, 0]);
  });

  it('does not run a denied call, returns the denial to the model and records it', async () => {
    const { tool, calls } = echoTool();
    const deny: CanUseToolFn = async () => ({ behavior: 'deny', message: 'User said no', decisionReason: { type: 'other', reason: 'test' } });
    const { outcome, text, context } = await run([tool], toolUse('Echo', { text: 'x' }, 'toolu_d'), deny);
    expect(calls).toHaveLength(0);
    expect(outcome.stage).toBe('permission');
    expect(text).toContain('User said no');
    expect(context.toolDecisions.get('toolu_d')).toMatchObject({ toolName: 'Echo', decision: 'deny' });
  });

  it('runs the input the permission decision rewrote', async () => {
    const { tool, calls } = echoTool();
    const rewrite: CanUseToolFn = async () => ({ behavior: 'allow', updatedInput: { text: 'safer', times: 1 } });
    await run([tool], toolUse('Echo', { text: 'risky' }), rewrite);
    expect(calls).toEqual([{ text: 'safer', times: 1 }]);
  });

  it('denies an ask when no one can be asked, and asks the user when someone can', async () => {
    const asking = buildTool({ ...echoTool().tool, name: 'Asks', checkPermissions: async () => ({ behavior: 'ask', message: 'Run Asks?' }) });
    const headless = await run([asking], toolUse('Asks', { text: 'x' }, 'toolu_h'), createCanUseTool(toolOwnDecider));
    expect(headless.outcome.stage).toBe('permission');
    expect(headless.text).toContain('Run Asks?');
    expect(headless.context.localDenialTracking).toEqual({ consecutiveDenials: 1, totalDenials: 1 });

    const prompts: string[] = [];
    const gate = createCanUseTool(toolOwnDecider, async (p) => {
      prompts.push(p.message);
      return { behavior: 'allow', updatedInput: p.input };
    });
    const asked = await run([asking], toolUse('Asks', { text: 'yes' }, 'toolu_u'), gate);
    expect(prompts).toEqual(['Run Asks?']);
    expect(asked.outcome.stage).toBe('success');
    expect(asked.context.toolDecisions.get('toolu_u')).toMatchObject({ decision: 'allow', source: 'user' });
  });

  it('turns a thrown error into an is_error result with its message', async () => {
    const boom = buildTool({ ...echoTool().tool, name: 'Boom', call: async () => { throw new Error('disk on fire'); } });
    const { outcome, text } = await run([boom], toolUse('Boom', { text: 'x' }));
    expect(outcome).toMatchObject({ stage: 'error', result: { is_error: true } });
    expect(text).toBe('<tool_use_error>Error: disk on fire</tool_use_error>');
  });

  it('answers an aborted call as interrupted so the transcript stays valid', async () => {
    const slow = buildTool({
      ...echoTool().tool,
      name: 'Slow',
      call: async (_a, ctx) => {
        await sleep(5_000, ctx.abortController.signal);
        return { data: 'late' };
      },
    });
    const context = makeContext([slow]);
    const block = toolUse('Slow', { text: 'x' }, 'toolu_s');
    const pending = executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
    setTimeout(() => context.abortController.abort(), 20);
    const outcome = await pending;
    expect(outcome.stage).toBe('interrupted');
    expect(outcome.result).toMatchObject({ tool_use_id: 'toolu_s', is_error: true, content: expect.stringMatching(/Interrupted by user/) });
  });

  it('streams progress events between start and finish', async () => {
    const progressing = buildTool({
      ...echoTool().tool,
      name: 'Prog',
      getActivityDescription: (i) => `Echoing ${i?.text ?? ''}`,
      call: async (args, _ctx, _c, _m, onProgress) => {
        onProgress?.({ toolUseID: 'ignored', data: { type: 'step', n: 1 } as { type: string } });
        onProgress?.({ toolUseID: 'ignored', data: { type: 'step', n: 2 } as { type: string } });
        return { data: args.text };
      },
    });
    const { events } = await run([progressing], toolUse('Prog', { text: 'p' }, 'toolu_p'));
    expect(events.map((e) => e.type)).toEqual(['toolStarted', 'toolProgress', 'toolProgress', 'toolFinished']);
    expect(events[0]).toMatchObject({ toolUseId: 'toolu_p', activity: 'Echoing p' });
    expect(events[2]).toMatchObject({ toolUseId: 'toolu_p', progress: { type: 'step', n: 2 } });
  });

  it('persists a 1 MB result to the session storage and returns a preview with the path', async () => {
    const big = 'line of output\n'.repeat(70_000); // ~1 MB
    const bigTool = buildTool({ ...echoTool().tool, name: 'Big', maxResultSizeChars: 30_000, call: async () => ({ data: big }) });
    const { outcome, text } = await run([bigTool], toolUse('Big', { text: 'x' }, 'toolu_big'));
    expect(outcome.stage).toBe('success');
    expect(text).toContain('<persisted-output>');
    expect(text.length).toBeLessThan(4_000);
    const savedPath = /(\/\S+toolu_big\S*)/.exec(text)?.[1];
    expect(savedPath).toBeDefined();
    expect(readFileSync(savedPath!, 'utf8')).toBe(big);
    expect(text).toContain('line of output');
  });

  it('refuses a deferred tool until ToolSearch loaded it', async () => {
    const deferred = buildTool({ ...echoTool().tool, name: 'Later', shouldDefer: true });
    const context = makeContext([deferred]);
    const block = toolUse('Later', { text: 'x' });
    const before = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
    expect(toolResultText(before.result.content)).toContain('select:Later');
    context.discoveredToolNames.add('Later');
    const after = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
    expect(after.stage).toBe('success');
  });
});
