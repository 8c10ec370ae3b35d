import { describe, expect, it } from 'vitest';
import { CronScheduler, DEFAULT_MAX_AGE_MS } from '../../../extension/core/engines/cron/scheduler';
import type { CronJob } from '../../../extension/core/contracts/cron';
import { FakeClock, MemoryCronStore } from './fakeClock';

const MINUTE = 60_000;
const start = new Date(2025, 0, 6, 10, 0).getTime(); // a local Monday, 10:00

function setup(store = new MemoryCronStore(), clock = new FakeClock(start)) {
  const fired: { id: string; prompt: string; at: number }[] = [];
  let n = 0;
  const scheduler = new CronScheduler({ clock, store, newId: () => `job${++n}` });
  scheduler.setFireHandler((job) => fired.push({ id: job.id, prompt: job.prompt, at: clock.now() }));
  return { scheduler, clock, store, fired };
}

const job = (cron: string, prompt: string, over: Partial<{ recurring: boolean; durable: boolean }> = {}) => ({
  cron,
  prompt,
  recurring: true,
  durable: false,
  ...over,
});

describe('CronScheduler', () => {
  it('fires jobs in time order, each at its minute', () => {
    const { scheduler, clock, fired } = setup();
    scheduler.create(job('20 10 * * *', 'late'));
    scheduler.create(job('5 10 * * *', 'early'));
    clock.advance(30 * MINUTE);
    expect(fired.map((f) => [f.prompt, new Date(f.at).getMinutes()])).toEqual([
      ['early', 5],
      ['late', 20],
    ]);
  });

  it('removes a one-shot job after it fires', () => {
    const { scheduler, clock, fired } = setup();
    const once = scheduler.create(job('15 10 * * *', 'once', { recurring: false }));
    expect(scheduler.get(once.id)?.nextRunAt).toBe(start + 15 * MINUTE);
    clock.advance(24 * 60 * MINUTE * 2);
    expect(fired.map((f) => f.prompt)).toEqual(['once']);
    expect(scheduler.list()).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('reschedules a recurring job after each run', () => {
    const { scheduler, clock, fired } = setup();
    const every = scheduler.create(job('*/10 * * * *', 'tick'));
    clock.advance(35 * MINUTE);
    expect(fired.map((f) => new Date(f.at).getMinutes())).toEqual([10, 20, 30]);
    expect(scheduler.get(every.id)).toMatchObject({ nextRunAt: start + 40 * MINUTE, lastFiredAt: start + 30 * MINUTE });
  });

  it('expires a recurring job after its age limit: a last run, then it is gone', () => {
    const { scheduler, clock, fired } = setup();
    scheduler.create(job('0 12 * * *', 'daily'));
    clock.advance(DEFAULT_MAX_AGE_MS + 3 * 24 * 60 * MINUTE);
    expect(fired).toHaveLength(8); // noon on days 0..7; the 8th run is past the week, so it is the last
    expect(scheduler.list()).toEqual([]);
  });

  it('deletes a job so it never fires, and tells listeners about every change', () => {
    const { scheduler, clock, fired } = setup();
    let changes = 0;
    scheduler.onChange(() => changes++);
    const a = scheduler.create(job('5 10 * * *', 'a'));
    expect(scheduler.delete(a.id)?.prompt).toBe('a');
    expect(scheduler.delete(a.id)).toBeUndefined();
    clock.advance(60 * MINUTE);
    expect(fired).toEqual([]);
    expect(changes).toBe(2);
  });

  it('refuses a bad expression, one that never runs, and more jobs than the cap', () => {
    const clock = new FakeClock(start);
    const scheduler = new CronScheduler({ clock, maxJobs: 1 });
    expect(() => scheduler.create(job('61 * * * *', 'x'))).toThrow(/minute field/);
    expect(() => scheduler.create(job('0 0 31 4 *', 'x'))).toThrow(/never matches/);
    scheduler.create(job('* * * * *', 'x'));
    expect(() => scheduler.create(job('* * * * *', 'y'))).toThrow(/1 jobs are already scheduled; delete some with CronDelete/);
  });

  it('saves durable jobs only and restores them in a fresh scheduler over the same store', async () => {
    const first = setup();
    first.scheduler.create(job('0 11 * * *', 'kept', { durable: true }));
    first.scheduler.create(job('0 11 * * *', 'session only'));
    await first.scheduler.flush();
    expect(first.store.saved.map((j) => j.prompt)).toEqual(['kept']);
    first.scheduler.dispose();

    const second = setup(first.store, new FakeClock(start + 5 * MINUTE));
    await second.scheduler.restore();
    expect(second.scheduler.list().map((j) => j.prompt)).toEqual(['kept']);
    second.clock.advance(60 * MINUTE);
    expect(second.fired.map((f) => f.prompt)).toEqual(['kept']);
  });

  it('on restore fires a missed one-shot at once, skips a recurring job’s missed runs and drops expired or broken ones', async () => {
    const store = new MemoryCronStore();
    const base = { recurring: true, durable: true, createdAt: start, prompt: 'p' };
    store.saved = [
      { ...base, id: 'missedOnce', cron: '0 10 * * *', recurring: false, nextRunAt: start - MINUTE, prompt: 'once' },
      { ...base, id: 'missedDaily', cron: '30 10 * * *', nextRunAt: start - 24 * 60 * MINUTE, prompt: 'daily' },
      { ...base, id: 'expired', cron: '* * * * *', createdAt: start - DEFAULT_MAX_AGE_MS - 1, nextRunAt: start },
      { ...base, id: 'broken', cron: 'not cron', nextRunAt: start },
    ] satisfies CronJob[];
    const { scheduler, clock, fired } = setup(store);
    await scheduler.restore();
    expect(scheduler.list().map((j) => [j.id, j.nextRunAt])).toEqual([
      ['missedOnce', start],
      ['missedDaily', start + 30 * MINUTE],
    ]);
    await scheduler.flush();
    expect(store.saved.map((j) => j.id)).toEqual(['missedOnce', 'missedDaily']);
    clock.advance(0);
    expect(fired.map((f) => f.prompt)).toEqual(['once']);
  });

  it('drops session jobs when the conversation ends, keeping durable ones', () => {
    const { scheduler } = setup();
    scheduler.create(job('0 11 * * *', 'durable', { durable: true }));
    scheduler.create(job('0 11 * * *', 'session'));
    scheduler.clearSessionJobs();
    expect(scheduler.list().map((j) => j.prompt)).toEqual(['durable']);
  });

  it('keeps the schedule going when the fire handler throws', () => {
    const clock = new FakeClock(start);
    const errors: string[] = [];
    const scheduler = new CronScheduler({ clock, onError: (m) => errors.push(m), newId: () => 'j1' });
    scheduler.setFireHandler(() => {
      throw new Error('queue full');
    });
    scheduler.create(job('*/5 * * * *', 'x'));
    clock.advance(10 * MINUTE);
    expect(errors).toEqual(['Scheduled job j1 could not be delivered: queue full', 'Scheduled job j1 could not be delivered: queue full']);
    expect(scheduler.list()).toHaveLength(1);
  });
});
