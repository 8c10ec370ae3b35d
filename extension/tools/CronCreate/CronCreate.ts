/**
 * CronCreate: schedules a prompt on a 5-field cron expression in local time through the window's cron
 * scheduler (`ToolPorts.cron`, docs/ARCHITECTURE.md "Scheduled and watched work"). A headless run has no
 * scheduler, since nothing fires after the run ends, so the tool refuses there.
 */
import { z } from 'zod';
import { cronError } from '../../core/engines/cron/parse';
import { formatLocalTime, spanText } from '../../core/engines/cron/describe';
import type { CronJob } from '../../core/contracts/cron';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { CRON_CREATE_TOOL_NAME } from '../../protocol/toolNames';
import { CRON_CREATE_DESCRIPTION, CRON_CREATE_PROMPT } from './prompt';
import { MAX_PROMPT_CHARS, schedulerOf } from '../shared/cronScheduler';

const inputSchema = z.strictObject({
  cron: z.string().min(1).describe('5-field cron expression in local time: minute hour day-of-month month day-of-week, e.g. "*/5 * * * *"'),
  prompt: z.string().min(1).describe('The prompt to send into the conversation each time the job fires'),
  recurring: z.boolean().optional().describe('Default true; false runs the job once, then removes it'),
  durable: z.boolean().optional().describe('true: save the job for this workspace so it survives a window reload; false (default): it ends with this conversation'),
});

export interface CronCreateOutput {
  job: CronJob;
  /** Recurring jobs expire this long after creation. */
  maxAgeMs: number;
}

function resultText({ job, maxAgeMs }: CronCreateOutput): string {
  const when = `${job.recurring ? 'next run' : 'runs'} ${formatLocalTime(job.nextRunAt)} local time`;
  const lines = [`Scheduled ${job.recurring ? 'recurring' : 'one-shot'} job ${job.id} (${job.cron}, ${when}).`];
  lines.push(job.durable ? 'Durable: saved for this workspace, it survives a window reload.' : 'Session-only: it ends with this conversation.');
  lines.push(job.recurring ? `Auto-expires after ${spanText(maxAgeMs)}. Use CronDelete with id ${job.id} to cancel it sooner.` : 'It fires once and is then removed.');
  return lines.join(' ');
}

export const CronCreateTool = buildTool({
  name: CRON_CREATE_TOOL_NAME,
  searchHint: 'schedule cron recurring reminder later timer every minutes hours',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 10_000,
  async description() {
    return CRON_CREATE_DESCRIPTION;
  },
  async prompt() {
    return CRON_CREATE_PROMPT;
  },
  userFacingName: () => 'Schedule',
  getToolUseSummary: (input) => input?.cron ?? null,
  getActivityDescription: (input) => (input?.cron ? `Scheduling ${input.cron}` : 'Scheduling a prompt'),
  toAutoClassifierInput: (input) => `${input.cron}: ${input.prompt}`,

  async validateInput(input) {
    const error = cronError(input.cron);
    if (error) return { result: false, message: `${error} Write 5 fields: minute hour day-of-month month day-of-week, e.g. "*/5 * * * *".` };
    if (!input.prompt.trim()) return { result: false, message: 'The prompt is empty: pass the instruction to send when the job fires.' };
    if (input.prompt.length > MAX_PROMPT_CHARS) {
      return { result: false, message: `The prompt has ${input.prompt.length} characters; the limit is ${MAX_PROMPT_CHARS}. Shorten it or point to a file.` };
    }
    return { result: true };
  },

  async call(input, context) {
    const scheduler = schedulerOf(context);
    let job: CronJob;
    try {
      job = scheduler.create({ cron: input.cron, prompt: input.prompt, recurring: input.recurring ?? true, durable: input.durable ?? false });
    } catch (err) {
      throw new ToolError('invalid_input', err instanceof Error ? err.message : String(err));
    }
    const data: CronCreateOutput = { job, maxAgeMs: scheduler.maxAgeMs };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: CronCreateOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: resultText(output) };
  },
});
