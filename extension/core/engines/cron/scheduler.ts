/**
 * The cron scheduler: holds the scheduled prompts of a window, fires each when its time comes (one timer
 * for the earliest job, on an injected clock) and hands its prompt to the host's fire handler (the chat
 * sends or queues it). A one-shot job is removed once it fires; a recurring job is rescheduled until it
 * expires `maxAgeMs` after creation (it fires a last time, then is removed). Durable jobs are written to the
 * store on every change and come back with `restore()`. See docs/ARCHITECTURE.md, "Scheduled and watched work".
 */
import type { NewCronJob } from '../../contracts/cron';
import { randomBytes } from 'node:crypto';
import { nextRun } from './nextRun';
import { parseCron } from './parse';
import { noCronJobStore, systemClock, type CronClock, type CronJob, type CronJobStore } from '../../contracts/cron';

/** Recurring jobs expire a week after they were created (as in Claude Code). */
export const DEFAULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Most jobs a window may hold at once. */
export const MAX_CRON_JOBS = 50;
/** setTimeout's longest delay; a later job is reached by re-arming. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface CronSchedulerOptions {
  clock?: CronClock;
  store?: CronJobStore;
  maxAgeMs?: number;
  maxJobs?: number;
  newId?: () => string;
  /** Receives failures to save or to deliver (they never stop the schedule). */
  onError?: (message: string) => void;
}

export type CronFireHandler = (job: CronJob) => void;

const byNextRun = (a: CronJob, b: CronJob) => a.nextRunAt - b.nextRunAt || a.createdAt - b.createdAt;

export class CronScheduler {
  readonly maxAgeMs: number;
  private readonly jobs = new Map<string, CronJob>();
  private readonly listeners = new Set<() => void>();
  private readonly clock: CronClock;
  private readonly store: CronJobStore;
  private fireHandler: CronFireHandler | undefined;
  private cancelTimer: (() => void) | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly options: CronSchedulerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.store = options.store ?? noCronJobStore;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  }

  /** Who receives a job's prompt when it fires (one handler; a later call replaces it). */
  setFireHandler(handler: CronFireHandler | undefined): void {
    this.fireHandler = handler;
  }

  /** Called after every change to the job list (added, fired, rescheduled, removed). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Schedules a job; throws CronParseError for a bad expression, Error when it never runs or the list is full. */
  create(input: NewCronJob): CronJob {
    const schedule = parseCron(input.cron);
    const maxJobs = this.options.maxJobs ?? MAX_CRON_JOBS;
    if (this.jobs.size >= maxJobs) throw new Error(`${maxJobs} jobs are already scheduled; delete some with CronDelete first.`);
    const now = this.clock.now();
    const next = nextRun(schedule, new Date(now));
    if (!next) throw new Error(`"${schedule.source}" never matches a date (check the day of month against the month).`);
    const job: CronJob = { ...input, cron: schedule.source, id: this.freshId(), createdAt: now, nextRunAt: next.getTime() };
    this.jobs.set(job.id, job);
    this.changed(job.durable);
    return { ...job };
  }

  /** Removes a job; returns it, or undefined when there is none with that id. */
  delete(id: string): CronJob | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    this.jobs.delete(id);
    this.changed(job.durable);
    return job;
  }

  get(id: string): CronJob | undefined {
    const job = this.jobs.get(id);
    return job && { ...job };
  }

  /** Every job, the next to fire first. */
  list(): CronJob[] {
    return [...this.jobs.values()].sort(byNextRun).map((j) => ({ ...j }));
  }

  /** True when a recurring job created at `createdAt` has passed its age limit at `now`. */
  isExpired(job: Pick<CronJob, 'createdAt' | 'recurring'>, now: number): boolean {
    return job.recurring && now >= job.createdAt + this.maxAgeMs;
  }

  /**
   * Loads the durable jobs saved for this workspace. A one-shot job whose time passed while the window was
   * closed fires now; a recurring one skips what it missed and waits for its next time; expired or
   * unreadable jobs are dropped (and the store rewritten without them).
   */
  async restore(): Promise<void> {
    const saved = await this.store.load();
    const now = this.clock.now();
    let dropped = false;
    for (const job of saved) {
      const restored = this.jobs.has(job.id) ? undefined : this.restored(job, now);
      if (restored) this.jobs.set(restored.id, restored);
      else dropped = true;
    }
    this.changed(dropped);
  }

  /** Removes the jobs that are not durable (the conversation they belong to ended). */
  clearSessionJobs(): void {
    const before = this.jobs.size;
    for (const job of [...this.jobs.values()]) if (!job.durable) this.jobs.delete(job.id);
    if (this.jobs.size !== before) this.changed(false);
  }

  /** Resolves once every change so far is saved. */
  flush(): Promise<void> {
    return this.saving;
  }

  /** Stops the timer; jobs stay as they are (durable ones are in the store). */
  dispose(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.listeners.clear();
    this.fireHandler = undefined;
  }

  private restored(job: CronJob, now: number): CronJob | undefined {
    try {
      const schedule = parseCron(job.cron);
      if (this.isExpired(job, now)) return undefined;
      if (job.nextRunAt > now) return { ...job, durable: true };
      if (!job.recurring) return { ...job, durable: true, nextRunAt: now };
      const next = nextRun(schedule, new Date(now));
      return next ? { ...job, durable: true, nextRunAt: next.getTime() } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Fires every job that is due, oldest due first, then reschedules or removes each. */
  private fireDue(): void {
    const now = this.clock.now();
    const due = [...this.jobs.values()].filter((j) => j.nextRunAt <= now).sort(byNextRun);
    if (due.length === 0) return this.arm();
    for (const job of due) {
      this.deliver(job);
      const next = job.recurring && !this.isExpired(job, now) ? nextRun(job.cron, new Date(now)) : null;
      if (next) this.jobs.set(job.id, { ...job, nextRunAt: next.getTime(), lastFiredAt: now });
      else this.jobs.delete(job.id);
    }
    this.changed(due.some((j) => j.durable));
  }

  private deliver(job: CronJob): void {
    try {
      this.fireHandler?.({ ...job });
    } catch (err) {
      this.options.onError?.(`Scheduled job ${job.id} could not be delivered: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Re-arms the timer, saves when durable jobs changed, and tells the listeners. */
  private changed(save: boolean): void {
    this.arm();
    if (save) this.save();
    for (const listener of [...this.listeners]) listener();
  }

  private arm(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const first = [...this.jobs.values()].sort(byNextRun)[0];
    if (!first) return;
    const delay = Math.min(Math.max(0, first.nextRunAt - this.clock.now()), MAX_TIMER_MS);
    this.cancelTimer = this.clock.setTimer(() => {
      this.cancelTimer = undefined;
      // A timer capped at MAX_TIMER_MS wakes early: fireDue finds nothing due and re-arms.
      this.fireDue();
    }, delay);
  }

  private save(): void {
    const durable = [...this.jobs.values()].filter((j) => j.durable).sort(byNextRun);
    this.saving = this.saving
      .then(() => this.store.save(durable))
      .catch((err: unknown) => this.options.onError?.(`Could not save the scheduled jobs: ${err instanceof Error ? err.message : String(err)}`));
  }

  private freshId(): string {
    for (;;) {
      const id = this.options.newId?.() ?? randomBytes(4).toString('hex');
      if (!this.jobs.has(id)) return id;
    }
  }
}
