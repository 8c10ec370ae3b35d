import { describe, expect, it } from 'vitest';
import { toolResultText, type ToolResultBlock } from '../../../extension/core/base/messages';
import type { ToolUseContext } from '../../../extension/core/contracts/toolUseContext';
import { partitionToolCalls, runToolUses } from '../../../extension/core/engines/tools/orchestrate';
import { buildTool } from '../../../extension/core/contracts/tool';
import { allowAll, assistantWith, echoTool, makeContext, sleeperTool, toolUse } from './fixtures';

const texts = (blocks: ToolResultBlock[] | string) => (typeof blocks === 'string' ? [blocks] : blocks.map((b) => toolResultText(b.content)));

describe('core/engines/tools/orchestrate', () => {
  it('runs a batch of 10 concurrency-safe calls in parallel', async () => {
    const { tool, state } = sleeperTool({ name: 'Wait', safe: true });
    const blocks = Array.from({ length: 10 }, (_, i) => toolUse('Wait', { ms: 200, label: `w${i}` }));
    const started = performance.now();
    const { message } = await runToolUses({ assistantMessage: assistantWith(...blocks), context: makeContext([tool]), canUseTool: allowAll });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(2 * 200);
    expect(state.maxInFlight).toBe(10);
    expect(texts(message.content as ToolResultBlock[])).toEqual(blocks.map((_, i) => `slept w${i}`));
  });

  it('never runs more than 10 calls at once', async () => {
    const { tool, state } = sleeperTool({ name: 'Wait', safe: true });
    const blocks = Array.from({ length: 25 }, (_, i) => toolUse('Wait', { ms: 20, label: `w${i}` }));
    await runToolUses({ assistantMessage: assistantWith(...blocks), context: makeContext([tool]), canUseTool: allowAll });
    expect(state.maxInFlight).toBe(10);
  });

  it('runs unsafe calls strictly one after another', async () => {
    const { tool, log, state } = sleeperTool({ name: 'Write', safe: false });
    const blocks = ['a', 'b', 'c'].map((l) => toolUse('Write', { ms: 30, label: l }));
    await runToolUses({ assistantMessage: assistantWith(...blocks), context: makeContext([tool]), canUseTool: allowAll });
    expect(state.maxInFlight).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('partitions consecutive safe calls together and isolates unsafe ones', () => {
    const safe = sleeperTool({ name: 'R', safe: true }).tool;
    const unsafe = sleeperTool({ name: 'W', safe: false }).tool;
    const context = makeContext([safe, unsafe]);
    const b = (n: string, l: string) => toolUse(n, { ms: 0, label: l }, l);
    const batches = partitionToolCalls([b('R', '1'), b('R', '2'), b('W', '3'), b('R', '4'), toolUse('R', { bad: 1 }, '5'), b('R', '6')], context);
    // A call whose input does not parse is treated as unsafe: it gets a batch of its own.
    expect(batches.map((x) => [x.concurrent, x.blocks.map((bl) => bl.id)])).toEqual([
      [true, ['1', '2']],
      [false, ['3']],
      [true, ['4']],
      [false, ['5']],
      [true, ['6']],
    ]);
  });

  it('keeps results in tool_use order when later calls finish first', async () => {
    const { tool } = sleeperTool({ name: 'Wait', safe: true });
    const blocks = [300, 10, 150, 0].map((ms, i) => toolUse('Wait', { ms, label: `#${i}` }, `id${i}`));
    const { message } = await runToolUses({ assistantMessage: assistantWith(...blocks), context: makeContext([tool]), canUseTool: allowAll });
    const results = message.content as ToolResultBlock[];
    expect(results.map((r) => r.tool_use_id)).toEqual(['id0', 'id1', 'id2', 'id3']);
    expect(texts(results)).toEqual(['slept #0', 'slept #1', 'slept #2', 'slept #3']);
  });

  it('applies an unsafe tool context modifier to later calls and ignores a safe tool one', async () => {
    const seen: string[] = [];
    const modifier = (tag: string) => (c: ToolUseContext) => ({ ...c, cwd: `${c.cwd}/${tag}` });
    const setter = (name: string, safe: boolean) =>
      buildTool({
        ...echoTool().tool,
        name,
        isConcurrencySafe: () => safe,
        call: async (args: { text: string }, ctx: ToolUseContext) => {
          seen.push(`${name}:${ctx.cwd.split('/').slice(-1)[0]}`);
          return { data: args.text, contextModifier: modifier(args.text) };
        },
      });
    const context = makeContext([setter('Safe', true), setter('Unsafe', false)]);
    const base = context.cwd.split('/').slice(-1)[0];
    const blocks = [toolUse('Safe', { text: 's1' }), toolUse('Unsafe', { text: 'u1' }), toolUse('Safe', { text: 's2' }), toolUse('Unsafe', { text: 'u2' })];
    const result = await runToolUses({ assistantMessage: assistantWith(...blocks), context, canUseTool: allowAll });
    expect(seen).toEqual([`Safe:${base}`, `Unsafe:${base}`, 'Safe:u1', 'Unsafe:u1']);
    expect(result.context.cwd).toBe(`${context.cwd}/u1/u2`);
  });

  it('on interrupt, cancels cancel-tools, lets block-tools finish, and skips calls not started', async () => {
    const cancel = sleeperTool({ name: 'Cancel', safe: true, interrupt: 'cancel' });
    const block = sleeperTool({ name: 'Block', safe: true, interrupt: 'block' });
    const later = sleeperTool({ name: 'Later', safe: false });
    const interrupt = new AbortController();
    const blocks = [
      toolUse('Cancel', { ms: 2_000, label: 'c' }, 'c'),
      toolUse('Block', { ms: 150, label: 'b' }, 'b'),
      toolUse('Later', { ms: 10, label: 'l' }, 'l'),
    ];
    setTimeout(() => interrupt.abort(), 50);
    const started = performance.now();
    const { message } = await runToolUses({
      assistantMessage: assistantWith(...blocks),
      context: makeContext([cancel.tool, block.tool, later.tool]),
      canUseTool: allowAll,
      interruptSignal: interrupt.signal,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    const [c, b, l] = message.content as ToolResultBlock[];
    expect(c).toMatchObject({ tool_use_id: 'c', is_error: true, content: expect.stringMatching(/Interrupted/) });
    expect(b).toMatchObject({ tool_use_id: 'b', content: 'slept b' });
    expect(l).toMatchObject({ tool_use_id: 'l', is_error: true, content: expect.stringMatching(/Interrupted/) });
    expect(later.log).toEqual([]);
  });

  it('collects newMessages from tools in tool_use order', async () => {
    const withNote = buildTool({
      ...echoTool().tool,
      name: 'Note',
      call: async (args: { text: string }) => ({ data: args.text, newMessages: [{ role: 'user' as const, content: `note ${args.text}` }] }),
    });
    const blocks = [toolUse('Note', { text: '1' }), toolUse('Note', { text: '2' })];
    const { newMessages } = await runToolUses({ assistantMessage: assistantWith(...blocks), context: makeContext([withNote]), canUseTool: allowAll });
    expect(newMessages).toEqual([
      { role: 'user', content: 'note 1' },
      { role: 'user', content: 'note 2' },
    ]);
  });
});
