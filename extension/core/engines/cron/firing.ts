/**
 * Firing: when the timer wakes, every due job's prompt goes to the fire handler (the chat sends or queues
 * it), oldest due first; a recurring job is rescheduled until it expires, a one-shot job is removed.
 */
import type { CronJob } from '../../contracts/cron';
import type { CronChangeFeed } from './changeFeed';
import type { CronJobTable } from './jobTable';
import { nextRun } from './nextRun';
import type { CronTimer } from './timer';

export type CronFireHandler = (job: CronJob) => void;

export interface CronFiringDeps {
  isExpired: (job: CronJob, now: number) => boolean;
  /** Receives failures to deliver (they never stop the schedule). */
  report: (message: string) => void;
}

export class CronFiring {
  private handler: CronFireHandler | undefined;

  constructor(
    private readonly jobs: CronJobTable,
    private readonly timer: CronTimer,
    private readonly changes: CronChangeFeed,
    private readonly deps: CronFiringDeps,
  ) {}

  /** Who receives a job's prompt when it fires (one handler; a later call replaces it). */
  setHandler(handler: CronFireHandler | undefined): void {
    this.handler = handler;
  }

  /** Fires every job that is due, oldest due first, then reschedules or removes each. */
  fireDue(): void {
    const now = this.timer.now();
    const due = this.jobs.due(now);
    if (due.length === 0) return this.changes.rearm();
    for (const job of due) {
      this.deliver(job);
      const next = job.recurring && !this.deps.isExpired(job, now) ? nextRun(job.cron, new Date(now)) : null;
      if (next) this.jobs.set({ ...job, nextRunAt: next.getTime(), lastFiredAt: now });
      else this.jobs.delete(job.id);
    }
    this.changes.changed(due.some((j) => j.durable));
  }

  private deliver(job: CronJob): void {
    try {
      this.handler?.({ ...job });
    } catch (err) {
      this.deps.report(`Scheduled job ${job.id} could not be delivered: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
