/** What the model is told about CronCreate (our own words; the behaviour follows Claude Code's CronCreate). */
export const CRON_CREATE_DESCRIPTION = 'Schedule a prompt to run later, once or on a recurring cron schedule';

export const CRON_CREATE_PROMPT = `Schedules a prompt to be sent into this conversation at a future time, once or on a recurring schedule.

The schedule is a standard 5-field cron expression in the user's local time zone: minute hour day-of-month month day-of-week. Fields take *, numbers, lists (1,15), ranges (1-5), steps (*/10) and names (jan, mon-fri). When both day fields are restricted, a day matching either runs.

Examples:
- "*/5 * * * *": every 5 minutes
- "0 9 * * mon-fri": weekdays at 09:00
- "30 14 6 1 *" with recurring: false: once, at 14:30 on January 6 (a one-shot reminder: pin minute, hour, day and month to the date the user means)

How jobs behave:
- When a job fires, its prompt arrives as a user message: at once when you are idle, or after the current turn when you are busy. Write the prompt as the instruction you want to receive then, with everything needed to act on it.
- recurring (default true): false runs it once and then removes it. Recurring jobs expire automatically after 7 days (after one last run).
- durable (default false): true saves the job for this workspace so it survives a window reload; otherwise it ends with this conversation.
- When the user's timing is approximate ("every hour", "in the morning"), pick an odd minute such as 7 or 43 rather than :00 or :30.
- The result gives the job id: CronList lists the jobs, CronDelete cancels one.`;
