/** What the model is told about CronCreate (our own words; the behaviour follows Claude Code's CronCreate). */
export const CRON_CREATE_DESCRIPTION = 'Schedule a prompt to run later, once or on a recurring cron schedule';

export const CRON_CREATE_PROMPT = `Schedules a prompt to be sent into this conversation later, once or recurring.

cron fields take *, numbers, lists (1,15), ranges (1-5), steps (*/10) and names (jan, mon-fri); when both day fields are restricted, a day matching either runs. E.g. "0 9 * * mon-fri": weekdays at 09:00; "30 14 6 1 *" with recurring: false: once, at 14:30 on January 6 (for a one-shot reminder pin minute, hour, day and month).

- A fired prompt arrives as a user message: at once when you are idle, after the current turn when busy. Write it as the instruction you want to receive then, with everything needed to act on it.
- Recurring jobs expire after 7 days (after one last run).
- When the user's timing is approximate ("every hour", "in the morning"), pick an odd minute such as 7 or 43, not :00 or :30.
- CronList lists jobs; CronDelete cancels one by id.`;
