import { describe, expect, it } from 'vitest';
import { CronParseError, cronError, parseCron } from '../../../extension/core/engines/cron/parse';
import { matches, nextRun } from '../../../extension/core/engines/cron/nextRun';

/** A local time, so every assertion holds in whatever zone the tests run. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi);
const local = (date: Date | null) =>
  date && `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()} ${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`;

describe('parseCron', () => {
  it('reads stars, lists, ranges and steps', () => {
    const s = parseCron('*/15 9-17/4 1,15 * 1-5');
    expect([...s.minutes]).toEqual([0, 15, 30, 45]);
    expect([...s.hours]).toEqual([9, 13, 17]);
    expect([...s.daysOfMonth]).toEqual([1, 15]);
    expect(s.months.size).toBe(12);
    expect([...s.daysOfWeek]).toEqual([1, 2, 3, 4, 5]);
    expect(s.domRestricted && s.dowRestricted).toBe(true);
  });

  it('reads `a/step` as a start running to the end of the field', () => {
    expect([...parseCron('50/5 * * * *').minutes]).toEqual([50, 55]);
  });

  it('reads month and day names in any case, and 7 as Sunday', () => {
    const s = parseCron('0 9 * JAN,mar-May Mon-fri,7');
    expect([...s.months]).toEqual([1, 3, 4, 5]);
    expect([...s.daysOfWeek].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it.each([
    ['60 * * * *', 'minute', '60, outside 0-59'],
    ['* 24 * * *', 'hour', 'outside 0-23'],
    ['* * 0 * *', 'day-of-month', 'outside 1-31'],
    ['* * * 13 *', 'month', 'outside 1-12'],
    ['* * * foo *', 'month', '"foo", which is not a number or a name'],
    ['* * * * 8', 'day-of-week', 'outside 0-7'],
    ['*/0 * * * *', 'minute', 'outside 1-60'],
    ['5-1 * * * *', 'minute', 'runs backwards'],
    ['1,,2 * * * *', 'minute', 'empty list item'],
    ['1-2-3 * * * *', 'minute', 'malformed range'],
  ])('rejects %s naming the %s field', (expr, field, why) => {
    let error: unknown;
    try {
      parseCron(expr);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CronParseError);
    expect((error as CronParseError).field).toBe(field);
    expect((error as Error).message).toContain(`The ${field} field`);
    expect((error as Error).message).toContain(why);
  });

  it('rejects the wrong number of fields with an example', () => {
    expect(cronError('* * * *')).toMatch(/Expected 5 fields .* got 4 .*Example/);
    expect(cronError('0 0 * * * *')).toMatch(/got 6/);
    expect(cronError('0 9 * * 1')).toBeUndefined();
  });
});

describe('nextRun (local time)', () => {
  it('finds the next matching minute strictly after the given time', () => {
    expect(local(nextRun('*/15 * * * *', at(2025, 1, 6, 10, 7)))).toBe('2025-1-6 10:15');
    expect(local(nextRun('*/15 * * * *', at(2025, 1, 6, 10, 15)))).toBe('2025-1-6 10:30');
    expect(local(nextRun('0 9 * * *', at(2025, 1, 6, 9, 0)))).toBe('2025-1-7 9:00');
  });

  it('ignores the seconds of the start time', () => {
    const start = new Date(2025, 0, 6, 10, 14, 59, 999);
    expect(local(nextRun('15 10 * * *', start))).toBe('2025-1-6 10:15');
  });

  it('crosses hours, days, months and years', () => {
    expect(local(nextRun('5 * * * *', at(2025, 1, 6, 23, 10)))).toBe('2025-1-7 0:05');
    expect(local(nextRun('0 0 1 * *', at(2025, 1, 31, 12)))).toBe('2025-2-1 0:00');
    expect(local(nextRun('30 8 1 jan *', at(2025, 3, 1)))).toBe('2026-1-1 8:30');
  });

  it('applies the day-of-month OR day-of-week rule when both are restricted', () => {
    // 2025-01-06 is a Monday. "13th or any Friday": the first is Friday the 10th.
    expect(local(nextRun('0 12 13 * fri', at(2025, 1, 6)))).toBe('2025-1-10 12:00');
    // Only the day-of-week restricted (day-of-month *): weekdays only.
    expect(local(nextRun('0 12 * * sat', at(2025, 1, 6)))).toBe('2025-1-11 12:00');
    // A stepped star still counts as unrestricted: both must match (odd days that are Sundays).
    expect(local(nextRun('0 12 */2 * sun', at(2025, 1, 6)))).toBe('2025-1-19 12:00');
  });

  it('finds Feb 29 in the next leap year and returns null for a date that never comes', () => {
    expect(local(nextRun('0 0 29 2 *', at(2025, 3, 1)))).toBe('2028-2-29 0:00');
    expect(nextRun('0 0 30 2 *', at(2025, 1, 1))).toBeNull();
  });

  it('answers in wall-clock fields whatever the zone (a day is a calendar day)', () => {
    // Every result keeps the local hour and minute the expression names, across a whole year of days.
    let t = at(2025, 1, 1);
    for (let i = 0; i < 366; i++) {
      const next = nextRun('45 6 * * *', t)!;
      expect([next.getHours(), next.getMinutes()]).toEqual([6, 45]);
      expect(matches(parseCron('45 6 * * *'), next)).toBe(true);
      t = next;
    }
    expect(t.getFullYear()).toBe(2026);
  });

  it('skips a time a DST change removes and runs a repeated time once (America/New_York)', () => {
    const before = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 2025-03-09 02:30 does not exist there: the next 02:30 is the day after.
      expect(local(nextRun('30 2 * * *', at(2025, 3, 9, 0, 0)))).toBe('2025-3-10 2:30');
      // 2025-11-02 01:30 happens twice on the wall clock; the job runs at the first, then the next day.
      const first = nextRun('30 1 * * *', at(2025, 11, 2, 0, 0))!;
      expect(local(first)).toBe('2025-11-2 1:30');
      expect(local(nextRun('30 1 * * *', first))).toBe('2025-11-3 1:30');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
