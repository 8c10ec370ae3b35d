/**
 * Sleep: waits a number of seconds. Read-only; its interrupt behaviour is `cancel`, so Stop or a message
 * typed meanwhile ends the wait at once, and the result says how long it lasted. The clock and the timer
 * are injectable (`createSleepTool`) so tests never wait.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool } from '../../core/contracts/tool';
import { SLEEP_TOOL_NAME } from '../../protocol/toolNames';
import { SLEEP_DESCRIPTION, SLEEP_GUIDANCE, SLEEP_PROMPT } from './prompt';

export const MAX_SLEEP_SECONDS = 3600;

const inputSchema = z.strictObject({
  seconds: z.number().int().min(1).max(MAX_SLEEP_SECONDS).describe('How long to wait, in seconds'),
});

export interface SleepOutput {
  requestedSeconds: number;
  sleptMs: number;
  /** The wait ended early (Stop, or a message from the user). */
  interrupted: boolean;
}

export interface SleepDeps {
  /** Resolves after `ms`, or as soon as `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
}

/** A timer that ends early when `signal` aborts, and leaves no listener or timer behind. */
export function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export function sleepResultText(output: SleepOutput): string {
  if (!output.interrupted) return `Slept for ${output.requestedSeconds} second${output.requestedSeconds === 1 ? '' : 's'}.`;
  const slept = Math.round(output.sleptMs / 100) / 10;
  return `Sleep interrupted after ${slept} of ${output.requestedSeconds} seconds. Check what you were waiting for, or continue with the user's message.`;
}

export function createSleepTool(deps: SleepDeps = { wait: abortableWait, now: () => Date.now() }) {
  return buildTool({
    name: SLEEP_TOOL_NAME,
    guidance: SLEEP_GUIDANCE,
    searchHint: 'sleep wait pause delay seconds',
    shouldDefer: true,
    inputSchema,
    maxResultSizeChars: 1_000,
    isReadOnly: () => true,
    interruptBehavior: () => 'cancel' as const,
    async description() {
      return SLEEP_DESCRIPTION;
    },
    async prompt() {
      return SLEEP_PROMPT;
    },
    userFacingName: () => 'Sleep',
    getToolUseSummary: (input) => (typeof input?.seconds === 'number' ? `${input.seconds}s` : null),
    getActivityDescription: (input) => (typeof input?.seconds === 'number' ? `Sleeping ${input.seconds}s` : 'Sleeping'),
    toAutoClassifierInput: (input) => String(input.seconds),
    async checkPermissions(input) {
      return { behavior: 'allow' as const, updatedInput: input };
    },

    async call(input, context) {
      const signal = context.abortController.signal;
      const started = deps.now();
      await deps.wait(input.seconds * 1000, signal);
      const output: SleepOutput = { requestedSeconds: input.seconds, sleptMs: Math.max(0, deps.now() - started), interrupted: signal.aborted };
      return { data: output };
    },

    mapToolResultToToolResultBlockParam(output: SleepOutput, toolUseId: string): ToolResultBlock {
      return { type: 'tool_result', tool_use_id: toolUseId, content: sleepResultText(output) };
    },
  });
}

export const SleepTool = createSleepTool();
