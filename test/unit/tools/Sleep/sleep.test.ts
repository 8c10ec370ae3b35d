import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolResultText } from '../../../../extension/core/base/messages';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { abortableWait, createSleepTool, sleepResultText, SleepTool, type SleepDeps } from '../../../../extension/tools/Sleep/Sleep';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

/** A clock that moves only when the fake wait says so. */
function fakeClock(): SleepDeps & { waits: number[] } {
  let now = 1_000;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    async wait(ms) {
      waits.push(ms);
      now += ms;
    },
  };
}

async function run(tool = SleepTool, input: unknown = { seconds: 5 }, controller = new AbortController()) {
  // Sleep is deferred: as if ToolSearch had loaded it.
  const context = makeContext([tool], { abortController: controller, discoveredToolNames: new Set([tool.name]) });
  const block = toolUse('Sleep', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  return { outcome, text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('tools/Sleep', () => {
  it('waits the requested seconds through the injected timer and says so', async () => {
    const clock = fakeClock();
    const { text, isError } = await run(createSleepTool(clock), { seconds: 90 });
    expect(isError).toBe(false);
    expect(text).toBe('Slept for 90 seconds.');
    expect(clock.waits).toEqual([90_000]);
    expect(sleepResultText({ requestedSeconds: 1, sleptMs: 1000, interrupted: false })).toBe('Slept for 1 second.');
  });

  it('ends the real timer as soon as the call is aborted, and reports how long it slept', async () => {
    vi.useFakeTimers({ now: 0 });
    const controller = new AbortController();
    const tool = createSleepTool();
    const context = makeContext([tool], { abortController: controller });
    const call = tool.call({ seconds: 60 }, context);
    await vi.advanceTimersByTimeAsync(12_000);
    controller.abort();
    const { data } = await call;
    expect(data).toEqual({ requestedSeconds: 60, sleptMs: 12_000, interrupted: true });
    expect(sleepResultText(data)).toBe("Sleep interrupted after 12 of 60 seconds. Check what you were waiting for, or continue with the user's message.");
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is answered as interrupted by the executor when stopped mid-wait', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = run(createSleepTool(), { seconds: 3600 }, controller);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    const { outcome, isError } = await pending;
    expect(isError).toBe(true);
    expect(outcome.stage).toBe('interrupted');
  });

  it('resolves at once on an already aborted signal and on time otherwise', async () => {
    vi.useFakeTimers();
    const aborted = AbortSignal.abort();
    await expect(abortableWait(10_000, aborted)).resolves.toBeUndefined();
    let done = false;
    void abortableWait(2_000, new AbortController().signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it.each([
    ['zero seconds', { seconds: 0 }],
    ['more than an hour', { seconds: 3601 }],
    ['a fraction', { seconds: 1.5 }],
    ['a string', { seconds: '5' }],
    ['no seconds', {}],
  ])('refuses %s without waiting', async (_name, input) => {
    const clock = fakeClock();
    const { isError, text, outcome } = await run(createSleepTool(clock), input);
    expect(isError).toBe(true);
    expect(outcome.stage).toBe('invalid_input');
    expect(text).toContain('seconds');
    expect(clock.waits).toEqual([]);
  });

  it('is read-only and cancelled by an interrupt', () => {
    expect(SleepTool.isReadOnly()).toBe(true);
    expect(SleepTool.interruptBehavior?.()).toBe('cancel');
    expect(SleepTool.guidance?.insteadOf).toBe('sleep');
  });
});
