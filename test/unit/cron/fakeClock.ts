/** A clock for scheduler tests: time moves only when the test advances it, and due timers run in order. */
import type { CronClock, CronJob, CronJobStore } from '../../../extension/core/contracts/cron';

export class FakeClock implements CronClock {
  private timers: { at: number; fire: () => void; seq: number }[] = [];
  private seq = 0;

  constructor(private time: number) {}

  now = (): number => this.time;

  setTimer = (fire: () => void, ms: number): (() => void) => {
    const timer = { at: this.time + ms, fire, seq: this.seq++ };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  };

  /** Timers waiting to run. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, running each timer that comes due, in time order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.timers].sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next || next.at > end) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = Math.max(this.time, next.at);
      next.fire();
    }
    this.time = end;
  }
}

/** An in-memory store that records what was saved. */
export class MemoryCronStore implements CronJobStore {
  saved: CronJob[] = [];
  saves = 0;
  async load(): Promise<CronJob[]> {
    return structuredClone(this.saved);
  }
  async save(jobs: readonly CronJob[]): Promise<void> {
    this.saves++;
    this.saved = structuredClone([...jobs]);
  }
}
