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
