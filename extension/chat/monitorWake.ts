/**
 * Waking an idle chat for a monitor's output: the loop delivers a monitor's lines before its next request,
 * but an idle chat makes none. When a monitor has undelivered lines (or ended unreported) and no turn runs,
 * this waits `delayMs` (so a burst of lines goes out as one batch), then starts a turn with a one-line note;
 * the loop adds the events to it. See docs/ARCHITECTURE.md, "Scheduled and watched work".
 */
import { isNotificationDue } from '../core/tasks/lifecycle';
import { isMonitorTask, type MonitorTaskState } from '../core/tasks/monitor';
import type { TaskStateBase } from '../core/tasks/types';

/** How long a wake waits for more lines before it starts the turn. */
export const MONITOR_WAKE_DELAY_MS = 500;

export interface MonitorWakeDeps {
  tasks(): Readonly<Record<string, TaskStateBase>>;
  idle(): boolean;
  /** Starts a turn with this prompt. */
  wake(prompt: string): void;
  delayMs?: number;
}

function waiting(tasks: Readonly<Record<string, TaskStateBase>>): MonitorTaskState[] {
  return Object.values(tasks)
    .filter(isMonitorTask)
    .filter((t) => t.status !== 'killed' && (t.pendingLines.length > 0 || t.droppedLines > 0 || isNotificationDue(t)));
}

/** The note the woken turn starts with; the events themselves follow as task notifications. */
export function wakePrompt(monitors: readonly MonitorTaskState[]): string {
  const names = monitors.map((m) => `"${m.description}" (${m.id})`).join(', ');
  return monitors.length === 1 ? `Monitor ${names} has new output.` : `Monitors ${names} have new output.`;
}

/** What is waiting, as a key: a wake whose turn failed to deliver (no API key) is not repeated until it changes. */
const keyOf = (monitors: readonly MonitorTaskState[]) => monitors.map((m) => `${m.id}:${m.status}:${m.deliveredLines}:${m.pendingLines.length}:${m.droppedLines}`).join(',');

export class MonitorWake {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWake = '';

  constructor(private readonly deps: MonitorWakeDeps) {}

  /** Call when tasks change or a turn ends: arms the wake when a monitor waits and the chat is idle. */
  check(): void {
    const now = waiting(this.deps.tasks());
    if (this.timer || !this.deps.idle() || now.length === 0 || keyOf(now) === this.lastWake) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const monitors = waiting(this.deps.tasks());
      if (!this.deps.idle() || monitors.length === 0) return;
      this.lastWake = keyOf(monitors);
      this.deps.wake(wakePrompt(monitors));
    }, this.deps.delayMs ?? MONITOR_WAKE_DELAY_MS);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
