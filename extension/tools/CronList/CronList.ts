/** CronList: the window's scheduled jobs, next to fire first (docs/ARCHITECTURE.md, "Scheduled and watched work"). */
import { z } from 'zod';
import { formatLocalTime, jobKind, promptLine } from '../../core/engines/cron/describe';
import type { CronJob } from '../../core/contracts/cron';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool } from '../../core/contracts/tool';
import { CRON_LIST_TOOL_NAME } from '../../protocol/toolNames';
import { schedulerOf } from '../shared/cronScheduler';
import { CRON_LIST_DESCRIPTION, CRON_LIST_PROMPT } from './prompt';

const inputSchema = z.strictObject({});

export interface CronListOutput {
  jobs: CronJob[];
}

function listText(jobs: readonly CronJob[]): string {
  if (jobs.length === 0) return 'No jobs are scheduled.';
  const lines = jobs.map((j) => `${j.id}  ${j.cron}  (${jobKind(j)})  next ${formatLocalTime(j.nextRunAt)}: ${promptLine(j.prompt)}`);
  return [`${jobs.length} scheduled job${jobs.length === 1 ? '' : 's'} (times are local):`, ...lines].join('\n');
}

export const CronListTool = buildTool({
  name: CRON_LIST_TOOL_NAME,
  searchHint: 'list scheduled cron jobs reminders',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 20_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return CRON_LIST_DESCRIPTION;
  },
  async prompt() {
    return CRON_LIST_PROMPT;
  },
  userFacingName: () => 'Scheduled jobs',
  getToolUseSummary: () => null,
  getActivityDescription: () => 'Listing scheduled jobs',

  async call(_input, context) {
    const data: CronListOutput = { jobs: schedulerOf(context).list() };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: CronListOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: listText(output.jobs) };
  },
});
