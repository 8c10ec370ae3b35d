/**
 * The scheduler's durable jobs in the store (contracts/cron.ts CronJobStore): saves queued one behind the
 * other, and what a saved job becomes when the window that saved it is gone.
 */
import type { CronJob, CronJobStore } from '../../contracts/cron';
import { nextRun } from './nextRun';
import { parseCron } from './parse';

export class CronJobPersistence {
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: CronJobStore,
    /** Receives failures to save (they never stop the schedule). */
    private readonly report: (message: string) => void,
  ) {}

  load(): Promise<CronJob[]> {
    return this.store.load();
  }

  /** Saves `durable` once the saves before it are done. */
  save(durable: readonly CronJob[]): void {
    this.saving = this.saving
      .then(() => this.store.save(durable))
      .catch((err: unknown) => this.report(`Could not save the scheduled jobs: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** Resolves once every save so far is done. */
  flush(): Promise<void> {
    return this.saving;
  }
}

/**
 * A saved job as it comes back at `now`: a one-shot job whose time passed fires now; a recurring one skips
 * what it missed and waits for its next time. Undefined: expired or unreadable, so dropped.
 */
export function restoredJob(job: CronJob, now: number, isExpired: (job: CronJob, now: number) => boolean): CronJob | undefined {
  try {
    const schedule = parseCron(job.cron);
    if (isExpired(job, now)) return undefined;
    if (job.nextRunAt > now) return { ...job, durable: true };
    if (!job.recurring) return { ...job, durable: true, nextRunAt: now };
    const next = nextRun(schedule, new Date(now));
    return next ? { ...job, durable: true, nextRunAt: next.getTime() } : undefined;
  } catch {
    return undefined;
  }
}
