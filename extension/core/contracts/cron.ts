/**
 * Scheduled prompts (CronCreate): the job, the clock the scheduler runs on and the store durable jobs are
 * kept in. Core types only; host/node/cronJobStore.ts keeps the store on disk.
 */

/** One scheduled prompt. Times are epoch milliseconds. */
export interface CronJob {
  id: string;
  /** The 5-field expression, in local time. */
  cron: string;
  prompt: string;
  /** False: fires once, then is removed. */
  recurring: boolean;
  /** Saved to the workspace's store and restored when the window reloads. */
  durable: boolean;
  createdAt: number;
  /** When it fires next. */
  nextRunAt: number;
  /** When it last fired, if it has. */
  lastFiredAt?: number;
}

/** Time and timers, injected so tests never wait. */
export interface CronClock {
  now(): number;
  /** Calls `fire` after `ms` milliseconds; returns the function that cancels it. */
  setTimer(fire: () => void, ms: number): () => void;
}

/** Where durable jobs are kept (one list per workspace). */
export interface CronJobStore {
  /** The saved jobs; an empty list when none were saved or the file cannot be read. */
  load(): Promise<CronJob[]>;
  /** Replaces the saved list. */
  save(jobs: readonly CronJob[]): Promise<void>;
}

/** The real clock. */
export const systemClock: CronClock = {
  now: () => Date.now(),
  setTimer(fire, ms) {
    const handle = setTimeout(fire, ms);
    // A pending job must not keep a process (tests, the CLI) alive.
    handle.unref?.();
    return () => clearTimeout(handle);
  },
};

/** A store that keeps nothing (no workspace to save into). */
export const noCronJobStore: CronJobStore = {
  load: async () => [],
  save: async () => {},
};

export interface NewCronJob {
  cron: string;
  prompt: string;
  recurring: boolean;
  durable: boolean;
}

/** What the scheduling tools and the chat driving them use of the window's scheduler (core/engines/cron/scheduler.ts implements it). */
export interface CronJobs {
  /** How long a recurring job lives before it fires a last time and is removed. */
  readonly maxAgeMs: number;
  /** Throws with a sentence for the model when the job cannot be scheduled (too many, a bad expression). */
  create(input: NewCronJob): CronJob;
  delete(id: string): CronJob | undefined;
  get(id: string): CronJob | undefined;
  list(): CronJob[];
  /** Who gets a job when it fires (the chat that queues its prompt); undefined: nobody, jobs wait. */
  setFireHandler(handler: ((job: CronJob) => void) | undefined): void;
  /** Called after every change to the jobs; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Drops the jobs that live only as long as the session (not `durable`). */
  clearSessionJobs(): void;
}
