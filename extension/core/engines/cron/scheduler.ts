/**
 * The cron scheduler: holds the scheduled prompts of a window, fires each when its time comes (one timer
 * for the earliest job, on an injected clock) and hands its prompt to the host's fire handler (the chat
 * sends or queues it). A one-shot job is removed once it fires; a recurring job is rescheduled until it
 * expires `maxAgeMs` after creation (it fires a last time, then is removed). Durable jobs are written to the
 * store on every change and come back with `restore()`. See docs/ARCHITECTURE.md, "Scheduled and watched work".
 */
import { noCronJobStore, systemClock, type CronClock, type CronJob, type CronJobs, type CronJobStore, type NewCronJob } from '../../contracts/cron';
import { CronChangeFeed } from './changeFeed';
import { CronFiring, type CronFireHandler } from './firing';
import { CronJobTable } from './jobTable';
import { nextRun } from './nextRun';
import { parseCron } from './parse';
import { CronJobPersistence, restoredJob } from './persistence';
import { CronTimer } from './timer';

export { MAX_CRON_JOBS } from './jobTable';
export type { CronFireHandler } from './firing';

/** Recurring jobs expire a week after they were created (as in Claude Code). */
export const DEFAULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface CronSchedulerOptions {
  clock?: CronClock;
  store?: CronJobStore;
  maxAgeMs?: number;
  maxJobs?: number;
  newId?: () => string;
  /** Receives failures to save or to deliver (they never stop the schedule). */
  onError?: (message: string) => void;
}

/**
 * The parts, one job each: the table holds the jobs, the timer wakes for the earliest, firing delivers the
 * due ones, persistence keeps the durable ones, and the change feed follows every change with all three.
 */
export class CronScheduler implements CronJobs {
  readonly maxAgeMs: number;
  private readonly jobs: CronJobTable;
  private readonly timer: CronTimer;
  private readonly persistence: CronJobPersistence;
  private readonly changes: CronChangeFeed;
  private readonly firing: CronFiring;

  constructor(options: CronSchedulerOptions = {}) {
    const report = (message: string) => options.onError?.(message);
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.jobs = new CronJobTable(options);
    this.timer = new CronTimer(options.clock ?? systemClock, () => this.firing.fireDue());
    this.persistence = new CronJobPersistence(options.store ?? noCronJobStore, report);
    this.changes = new CronChangeFeed(this.jobs, this.timer, this.persistence);
    this.firing = new CronFiring(this.jobs, this.timer, this.changes, { isExpired: (job, now) => this.isExpired(job, now), report });
  }

  /** Who receives a job's prompt when it fires (one handler; a later call replaces it). */
  setFireHandler(handler: CronFireHandler | undefined): void {
    this.firing.setHandler(handler);
  }

  /** Called after every change to the job list (added, fired, rescheduled, removed). */
  onChange(listener: () => void): () => void {
    return this.changes.onChange(listener);
  }

  /** Schedules a job; throws CronParseError for a bad expression, Error when it never runs or the list is full. */
  create(input: NewCronJob): CronJob {
    const schedule = parseCron(input.cron);
    this.jobs.assertRoom();
    const now = this.timer.now();
    const next = nextRun(schedule, new Date(now));
    if (!next) throw new Error(`"${schedule.source}" never matches a date (check the day of month against the month).`);
    const job: CronJob = { ...input, cron: schedule.source, id: this.jobs.freshId(), createdAt: now, nextRunAt: next.getTime() };
    this.jobs.set(job);
    this.changes.changed(job.durable);
    return { ...job };
  }

  /** Removes a job; returns it, or undefined when there is none with that id. */
  delete(id: string): CronJob | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    this.jobs.delete(id);
    this.changes.changed(job.durable);
    return job;
  }

  get(id: string): CronJob | undefined {
    const job = this.jobs.get(id);
    return job && { ...job };
  }

  /** Every job, the next to fire first. */
  list(): CronJob[] {
    return this.jobs.sorted().map((j) => ({ ...j }));
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
    const saved = await this.persistence.load();
    const now = this.timer.now();
    let dropped = false;
    for (const job of saved) {
      const restored = this.jobs.has(job.id) ? undefined : restoredJob(job, now, (j, at) => this.isExpired(j, at));
      if (restored) this.jobs.set(restored);
      else dropped = true;
    }
    this.changes.changed(dropped);
  }

  /** Removes the jobs that are not durable (the conversation they belong to ended). */
  clearSessionJobs(): void {
    if (this.jobs.dropSessionJobs()) this.changes.changed(false);
  }

  /** Resolves once every change so far is saved. */
  flush(): Promise<void> {
    return this.persistence.flush();
  }

  /** Stops the timer; jobs stay as they are (durable ones are in the store). */
  dispose(): void {
    this.timer.cancel();
    this.changes.clear();
    this.firing.setHandler(undefined);
  }
}
