/**
 * The scheduler's jobs by id (scheduler.ts): the job itself, not a copy, so the scheduler hands out copies.
 * Ids come from the injected `newId` or are random, and never repeat a scheduled job's.
 */
import { randomBytes } from 'node:crypto';
import type { CronJob } from '../../contracts/cron';

/** Most jobs a window may hold at once. */
export const MAX_CRON_JOBS = 50;

const byNextRun = (a: CronJob, b: CronJob) => a.nextRunAt - b.nextRunAt || a.createdAt - b.createdAt;

/** What the table reads of the scheduler's options, when it needs them. */
export interface CronJobLimits {
  maxJobs?: number;
  newId?: () => string;
}

export class CronJobTable {
  private readonly jobs = new Map<string, CronJob>();

  constructor(private readonly limits: CronJobLimits) {}

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  get(id: string): CronJob | undefined {
    return this.jobs.get(id);
  }

  /** Adds the job, or replaces the one with its id (which keeps its place). */
  set(job: CronJob): void {
    this.jobs.set(job.id, job);
  }

  delete(id: string): void {
    this.jobs.delete(id);
  }

  /** Every job, the next to fire first (the earlier created first among those due at once). */
  sorted(): CronJob[] {
    return [...this.jobs.values()].sort(byNextRun);
  }

  /** The jobs due at `now`, oldest due first. */
  due(now: number): CronJob[] {
    return [...this.jobs.values()].filter((j) => j.nextRunAt <= now).sort(byNextRun);
  }

  /** The jobs the store keeps, in the order they fire. */
  durable(): CronJob[] {
    return [...this.jobs.values()].filter((j) => j.durable).sort(byNextRun);
  }

  /** Removes the jobs that are not durable; true when there were any. */
  dropSessionJobs(): boolean {
    const before = this.jobs.size;
    for (const job of [...this.jobs.values()]) if (!job.durable) this.jobs.delete(job.id);
    return this.jobs.size !== before;
  }

  /** Throws the sentence for the model when the table is full. */
  assertRoom(): void {
    const maxJobs = this.limits.maxJobs ?? MAX_CRON_JOBS;
    if (this.jobs.size >= maxJobs) throw new Error(`${maxJobs} jobs are already scheduled; delete some with CronDelete first.`);
  }

  freshId(): string {
    for (;;) {
      const id = this.limits.newId?.() ?? randomBytes(4).toString('hex');
      if (!this.jobs.has(id)) return id;
    }
  }
}
