/**
 * What follows every change to the scheduler's jobs (added, fired, rescheduled, removed): the timer is set
 * for the earliest, the durable jobs are saved when they changed, and the listeners are told.
 */
import type { CronJobTable } from './jobTable';
import type { CronJobPersistence } from './persistence';
import type { CronTimer } from './timer';

export class CronChangeFeed {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly jobs: CronJobTable,
    private readonly timer: CronTimer,
    private readonly persistence: CronJobPersistence,
  ) {}

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-arms the timer, saves when durable jobs changed, and tells the listeners. */
  changed(save: boolean): void {
    this.rearm();
    if (save) this.persistence.save(this.jobs.durable());
    for (const listener of [...this.listeners]) listener();
  }

  /** Sets the timer for the job that fires next (none: no timer). */
  rearm(): void {
    this.timer.arm(this.jobs.sorted()[0]?.nextRunAt);
  }

  clear(): void {
    this.listeners.clear();
  }
}
