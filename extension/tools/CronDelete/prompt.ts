/** What the model is told about CronDelete. */
export const CRON_DELETE_DESCRIPTION = 'Cancel a scheduled job by its id';

export const CRON_DELETE_PROMPT = `Cancels a job scheduled with CronCreate, by its id (CronList shows every job's id). It will not fire again; a durable job is also removed from the workspace's saved jobs.`;
