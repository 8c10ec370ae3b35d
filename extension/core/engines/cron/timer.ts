/** The scheduler's clock: the time, and the one timer it sets for the earliest job (scheduler.ts). */
import type { CronClock } from '../../contracts/cron';

/** setTimeout's longest delay; a later job is reached by re-arming. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class CronTimer {
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly clock: CronClock,
    private readonly onWake: () => void,
  ) {}

  now(): number {
    return this.clock.now();
  }

  /** Sets the timer for `at` (epoch milliseconds) in place of the one before; undefined only stops it. */
  arm(at: number | undefined): void {
    this.cancel();
    if (at === undefined) return;
    const delay = Math.min(Math.max(0, at - this.clock.now()), MAX_TIMER_MS);
    this.cancelTimer = this.clock.setTimer(() => {
      this.cancelTimer = undefined;
      // A timer capped at MAX_TIMER_MS wakes early: the scheduler finds nothing due and re-arms.
      this.onWake();
    }, delay);
  }

  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }
}
