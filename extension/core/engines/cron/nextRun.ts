/**
 * When a cron expression next matches, in the machine's local time. The search walks local calendar
 * fields (month, then day, then hour, then minute) with the Date setters, so a day is a calendar day
 * whatever its length. Across a DST change: a time the clocks skip does not happen that day, and a time
 * they repeat happens once (the walk moves forward in local time and never revisits an hour).
 */
import { parseCron, type CronSchedule } from './parse';

/** How far ahead to look: Feb 29 on a given weekday can be years away; past this the expression never runs. */
const HORIZON_YEARS = 9;

/** True when the expression's day fields accept this local date. */
export function dayMatches(schedule: CronSchedule, date: Date): boolean {
  const dom = schedule.daysOfMonth.has(date.getDate());
  const dow = schedule.daysOfWeek.has(date.getDay());
  // Vixie cron: either day (OR) when both fields are restricted, else both (a `*` field matches every day).
  return schedule.domRestricted && schedule.dowRestricted ? dom || dow : dom && dow;
}

/** True when the expression matches this local minute. */
export function matches(schedule: CronSchedule, date: Date): boolean {
  return (
    schedule.minutes.has(date.getMinutes()) &&
    schedule.hours.has(date.getHours()) &&
    schedule.months.has(date.getMonth() + 1) &&
    dayMatches(schedule, date)
  );
}

/** `candidate` when it is later than `t`; else (an ambiguous local time mapped backwards) `t + ms`. */
function forward(t: Date, candidate: Date, ms: number): Date {
  return candidate.getTime() > t.getTime() ? candidate : new Date(t.getTime() + ms);
}

/** One step of the walk: the next candidate after `t`, or undefined when `t` itself matches. */
function advance(schedule: CronSchedule, t: Date): Date | undefined {
  const [y, mo, d, h, mi] = [t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes()];
  if (!schedule.months.has(mo + 1)) return new Date(y, mo + 1, 1);
  if (!dayMatches(schedule, t)) return new Date(y, mo, d + 1);
  if (!schedule.hours.has(h)) return forward(t, new Date(y, mo, d, h + 1), 3_600_000 - (t.getTime() % 3_600_000));
  if (!schedule.minutes.has(mi)) return forward(t, new Date(y, mo, d, h, mi + 1), 60_000);
  return undefined;
}

/**
 * The first local minute strictly after `after` that the expression matches, or null when it never does
 * (e.g. `0 0 30 2 *`). Accepts an expression or a parsed schedule; throws CronParseError for a bad one.
 */
export function nextRun(expression: string | CronSchedule, after: Date): Date | null {
  const schedule = typeof expression === 'string' ? parseCron(expression) : expression;
  let t = new Date(after.getTime());
  t.setSeconds(0, 0);
  t = new Date(t.getTime() + 60_000);
  const limit = new Date(after.getFullYear() + HORIZON_YEARS, after.getMonth(), 1).getTime();
  while (t.getTime() <= limit) {
    const next = advance(schedule, t);
    if (!next) return t;
    t = next;
  }
  return null;
}
