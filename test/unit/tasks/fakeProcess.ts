/** A ShellProcess the test ends by hand: exit(code) or kill(). */
import type { ShellExit, ShellProcess } from '../../../extension/core/contracts/shell';

export class FakeProcess implements ShellProcess {
  readonly pid = 4242;
  readonly exited: Promise<ShellExit>;
  killed = false;
  backgroundedAs: string | undefined;
  private resolve!: (exit: ShellExit) => void;

  constructor() {
    this.exited = new Promise((r) => (this.resolve = r));
  }

  exit(code: number): void {
    this.resolve({ code });
  }

  onOutput(): () => void {
    return () => {};
  }

  async kill(): Promise<void> {
    this.killed = true;
    this.resolve({ code: 143, signal: 'SIGTERM' });
    await this.exited;
  }

  background(taskId: string): void {
    this.backgroundedAs = taskId;
  }
}
