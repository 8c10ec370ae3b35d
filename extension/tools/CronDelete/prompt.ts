/** What the model is told about CronDelete. */
export const CRON_DELETE_DESCRIPTION = 'Cancel a scheduled job by its id';

export const CRON_DELETE_PROMPT = `Cancels a job scheduled with CronCreate, by the id CronCreate returned (CronList shows every job's id).
The job is removed at once and will not fire again; a durable job is also removed from the workspace's saved jobs.`;
