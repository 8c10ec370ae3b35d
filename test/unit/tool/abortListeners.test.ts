import { getEventListeners } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolResultBlock } from '../../../extension/core/base/messages';
import { INTERRUPTED_MESSAGE, NEW_MESSAGE_INTERRUPT_MESSAGE } from '../../../extension/core/contracts/toolErrors';
import { runToolUses } from '../../../extension/core/engines/tools/orchestrate';
import { buildTool } from '../../../extension/core/contracts/tool';
import { GlobTool } from '../../../extension/tools/Glob/Glob';
import { GrepTool } from '../../../extension/tools/Grep/Grep';
import { ReadTool } from '../../../extension/tools/Read/Read';
import { allowAll, assistantWith, echoTool, makeContext, sleep, sleeperTool, toolUse } from './fixtures';

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('abort listeners over many tool calls', () => {
  it('stay flat on the session and interrupt signals over 1,000 calls of real and test tools', async () => {
    const echo = echoTool().tool;
    const sleeper = sleeperTool({ name: 'Wait', safe: true, interrupt: 'cancel' }).tool;
    const context = makeContext([echo, sleeper, ReadTool, GrepTool, GlobTool]);
    const file = path.join(context.cwd, 'notes.txt');
    writeFileSync(file, 'alpha\nbeta\ngamma\n');
    const interrupt = new AbortController();
    const session = context.abortController.signal;
    const before = { session: abortListeners(session), interrupt: abortListeners(interrupt.signal) };

    let calls = 0;
    const texts: string[] = [];
    for (let batch = 0; batch < 100; batch++) {
      const blocks = [
        ...Array.from({ length: 4 }, (_, i) => toolUse('Echo', { text: `e${batch}.${i}` })),
        ...Array.from({ length: 3 }, (_, i) => toolUse('Wait', { ms: 0, label: `w${batch}.${i}` })),
        toolUse('Read', { file_path: file }),
        toolUse('Grep', { pattern: 'beta', path: context.cwd }),
        toolUse('Glob', { pattern: '*.txt', path: context.cwd }),
      ];
      // Half the batches run with an interrupt signal (each call then gets its own combined signal), half
      // without (each call gets the session's signal itself).
      const interruptSignal = batch % 2 ? { interruptSignal: interrupt.signal } : {};
      const { message } = await runToolUses({ assistantMessage: assistantWith(...blocks), context, canUseTool: allowAll, ...interruptSignal });
      const results = message.content as ToolResultBlock[];
      calls += results.length;
      texts.push(...results.filter((r) => r.is_error).map((r) => JSON.stringify(r.content)));
    }

    expect(calls).toBe(1_000);
    expect(texts).toEqual([]);
    expect({ session: abortListeners(session), interrupt: abortListeners(interrupt.signal) }).toEqual(before);
    // 200 ripgrep runs (Grep and Glob): seconds on a quiet machine, far more on a busy one; the counts are what is checked.
  }, 120_000);

  it('lets the test tools’ wait remove its listener when it ends, and still abort mid-wait', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) await sleep(0, controller.signal);
    expect(abortListeners(controller.signal)).toBe(0);
    const waiting = sleep(10_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/** A full GC from inside the test, so a test can tell released objects from retained ones. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** A cancellable tool that notes what its call sees: the parents' listener counts and its own signal (weakly). */
function probeTool(session: AbortSignal, interrupt: AbortSignal) {
  const seen: { session: number; interrupt: number }[] = [];
  const signals: WeakRef<AbortSignal>[] = [];
  const tool = buildTool({
    name: 'Probe',
    inputSchema: z.strictObject({ n: z.number() }),
    maxResultSizeChars: 1_000,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    interruptBehavior: () => 'cancel' as const,
    async description() {
      return 'Probes';
    },
    async prompt() {
      return 'Probes.';
    },
    async call({ n }, context) {
      seen.push({ session: abortListeners(session), interrupt: abortListeners(interrupt) });
      signals.push(new WeakRef(context.abortController.signal));
      // Like the real tools (Bash, ripgrep): a listener on the call's own signal while it works.
      context.abortController.signal.addEventListener('abort', () => undefined, { once: true });
      await Promise.resolve();
      return { data: `probed ${n}` };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
  return { tool, seen, signals };
}

describe('the per-call signal of an interruptible call', () => {
  it('links to the session and the interrupt for the call only, and is released after it (1,000 calls)', async () => {
    const interrupt = new AbortController();
    const context = makeContext([]);
    const session = context.abortController.signal;
    const probe = probeTool(session, interrupt.signal);
    context.options.tools = [probe.tool];

    for (let i = 0; i < 1_000; i++) {
      const { message } = await runToolUses({
        assistantMessage: assistantWith(toolUse('Probe', { n: i })),
        context,
        canUseTool: allowAll,
        interruptSignal: interrupt.signal,
      });
      expect(message.content).toMatchObject([{ content: `probed ${i}` }]);
    }

    // At most one listener on each parent while a call runs (its link), none once it has ended.
    expect(probe.seen.filter((s) => s.session > 1 || s.interrupt > 1)).toEqual([]);
    expect({ session: abortListeners(session), interrupt: abortListeners(interrupt.signal) }).toEqual({ session: 0, interrupt: 0 });
    // Nothing long-lived keeps a finished call's signal: with AbortSignal.any each composite holding a listener
    // stayed alive (Node keeps it for its sources) until the session ended, one per call.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(probe.signals.filter((ref) => ref.deref() !== undefined).length).toBeLessThan(10);
  });

  it('still aborts the running call on an interrupt or on Stop', async () => {
    for (const stop of ['interrupt', 'session'] as const) {
      const interrupt = new AbortController();
      const wait = sleeperTool({ name: 'Wait', safe: true, interrupt: 'cancel' }).tool;
      const context = makeContext([wait]);
      const running = runToolUses({
        assistantMessage: assistantWith(toolUse('Wait', { ms: 10_000, label: stop })),
        context,
        canUseTool: allowAll,
        interruptSignal: interrupt.signal,
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      (stop === 'interrupt' ? interrupt : context.abortController).abort();
      const { message } = await running;
      expect(message.content).toMatchObject([{ is_error: true, content: stop === 'interrupt' ? NEW_MESSAGE_INTERRUPT_MESSAGE : INTERRUPTED_MESSAGE }]);
      expect({ session: abortListeners(context.abortController.signal), interrupt: abortListeners(interrupt.signal) }).toEqual({ session: 0, interrupt: 0 });
    }
  });
});
