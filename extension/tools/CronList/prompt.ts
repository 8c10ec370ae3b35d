/** What the model is told about CronList. */
export const CRON_LIST_DESCRIPTION = 'List the scheduled jobs';

export const CRON_LIST_PROMPT = `Lists the jobs scheduled with CronCreate in this window: id, cron expression, whether it recurs and survives a reload, next run (local time), and prompt. Use it to find a job's id for CronDelete, or to check what is scheduled before adding a job.`;
