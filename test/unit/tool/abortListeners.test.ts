import { getEventListeners } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../../extension/core/messages';
import { runToolUses } from '../../../extension/core/tool/orchestrate';
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
  });

  it('lets the test tools’ wait remove its listener when it ends, and still abort mid-wait', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) await sleep(0, controller.signal);
    expect(abortListeners(controller.signal)).toBe(0);
    const waiting = sleep(10_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
