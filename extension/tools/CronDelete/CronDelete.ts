/** CronDelete: removes a scheduled job from the window's cron scheduler (docs/ARCHITECTURE.md, "Scheduled and watched work"). */
import { z } from 'zod';
import type { CronJob } from '../../core/contracts/cron';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { CRON_DELETE_TOOL_NAME } from '../../protocol/toolNames';
import { schedulerOf } from '../shared/cronScheduler';
import { CRON_DELETE_DESCRIPTION, CRON_DELETE_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  id: z.string().min(1).max(100).describe('The id of the job to cancel, as CronCreate or CronList gave it'),
});

export interface CronDeleteOutput {
  job: CronJob;
}

export const CronDeleteTool = buildTool({
  name: CRON_DELETE_TOOL_NAME,
  searchHint: 'cancel delete remove scheduled cron job',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 10_000,
  async description() {
    return CRON_DELETE_DESCRIPTION;
  },
  async prompt() {
    return CRON_DELETE_PROMPT;
  },
  userFacingName: () => 'Cancel schedule',
  getToolUseSummary: (input) => input?.id ?? null,
  getActivityDescription: (input) => `Cancelling job ${input?.id ?? ''}`.trim(),
  toAutoClassifierInput: (input) => input.id,

  async call(input, context) {
    const job = schedulerOf(context).delete(input.id);
    if (!job) throw new ToolError('not_found', `No scheduled job has the id ${input.id}. Call CronList to see the jobs and their ids.`);
    const data: CronDeleteOutput = { job };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: CronDeleteOutput, toolUseId: string): ToolResultBlock {
    const { job } = output;
    return { type: 'tool_result', tool_use_id: toolUseId, content: `Cancelled job ${job.id} (${job.cron}). It will not fire again.` };
  },
});
