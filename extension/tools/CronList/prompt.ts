/** What the model is told about CronList. */
export const CRON_LIST_DESCRIPTION = 'List the scheduled jobs';

export const CRON_LIST_PROMPT = `Lists the jobs scheduled with CronCreate in this window: id, cron expression, whether it recurs and survives a reload, its next run in local time, and its prompt.
Use it to find a job's id for CronDelete, or to check what is already scheduled before adding a job.`;
