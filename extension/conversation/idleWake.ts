/**
 * Waking an idle chat (docs/ARCHITECTURE.md, Background tasks): the loop hands the main agent what waits for
 * it (a background task's end, a monitor's lines, another agent's message) at its next request, but an idle
 * chat makes none. When something waits and no turn runs, this waits `delayMs` (so a burst goes out as one
 * turn), then asks the chat to start a turn whose content is what waits (`AgentSession.takeWake`). Killed tasks
 * are marked notified and wake nothing; tasks a sub-agent started are reported to it, not here. At most
 * `maxAutoTurns` wakes follow one another without a prompt from the user, so two agents writing to each other
 * cannot run on alone; the chat then says so and the rest waits for the user's next prompt.
 */
import { isMonitorTask, type MonitorTaskState } from '../core/engines/tasks/monitor';
import { pendingNotifications, taskSummary } from '../core/engines/tasks/notifications';
import type { TaskStateBase } from '../core/contracts/tasks';

/** How long a wake waits for more before it starts the turn. */
export const WAKE_DELAY_MS = 500;

/** Automatic turns in a row, without a prompt from the user, after which waking stops. */
export const MAX_AUTO_TURNS = 10;

export interface IdleWakeDeps {
  tasks(): Readonly<Record<string, TaskStateBase>>;
  /** Messages waiting in the main agent's inbox. */
  mailWaiting(): number;
  idle(): boolean;
  /**
   * Starts a turn on what waits; `note` tells the user what woke it ('' for mail alone, which shows itself).
   * Resolves when it ended, false when no turn ran (no API key, a turn had started meanwhile).
   */
  wake(note: string): Promise<boolean>;
  /** The limit stopped a wake (told once until the user's next prompt). */
  limited(max: number): void;
  delayMs?: number;
  maxAutoTurns?: number;
}

interface Waiting {
  monitors: MonitorTaskState[];
  ended: TaskStateBase[];
  mail: number;
}

function waiting(tasks: Readonly<Record<string, TaskStateBase>>, mail: number): Waiting | undefined {
  const monitors = Object.values(tasks)
    .filter(isMonitorTask)
    .filter((t) => t.status !== 'killed' && (t.pendingLines.length > 0 || t.droppedLines > 0));
  const ended = pendingNotifications(tasks).filter((t) => !monitors.includes(t as MonitorTaskState));
  return monitors.length + ended.length + mail > 0 ? { monitors, ended, mail } : undefined;
}

/** The note for monitors' new lines (the events themselves follow as task notifications). */
export function wakePrompt(monitors: readonly MonitorTaskState[]): string {
  const names = monitors.map((m) => `"${m.description}" (${m.id})`).join(', ');
  return monitors.length === 1 ? `Monitor ${names} has new output.` : `Monitors ${names} have new output.`;
}

/** What the woken turn's user entry says; mail shows as its own entries. */
export function wakeNote(w: Waiting): string {
  const notes = [...(w.monitors.length ? [wakePrompt(w.monitors)] : []), ...w.ended.map((t) => `${taskSummary(t)}.`)];
  return notes.join(' ');
}

/** What is waiting, as a key: a wake whose turn could not start (no API key) is not repeated until it changes. */
function keyOf(w: Waiting): string {
  const monitors = w.monitors.map((m) => `${m.id}:${m.status}:${m.deliveredLines}:${m.pendingLines.length}:${m.droppedLines}`);
  return [...monitors, ...w.ended.map((t) => `${t.id}:${t.status}`), `mail:${w.mail}`].join(',');
}

export class IdleWake {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWake = '';
  private autoTurns = 0;
  private limitTold = false;
  private waking = false;
  private disposed = false;

  constructor(private readonly deps: IdleWakeDeps) {}

  private now(): Waiting | undefined {
    return waiting(this.deps.tasks(), this.deps.mailWaiting());
  }

  /** Call when tasks or mail change or a turn ends: arms the wake when something waits and the chat is idle. */
  check(): void {
    if (this.disposed || this.timer || this.waking || !this.deps.idle()) return;
    const now = this.now();
    if (!now || keyOf(now) === this.lastWake) return;
    this.timer = setTimeout(() => this.fire(), this.deps.delayMs ?? WAKE_DELAY_MS);
  }

  private fire(): void {
    this.timer = undefined;
    const now = this.now();
    if (this.disposed || this.waking || !this.deps.idle() || !now) return;
    const max = this.deps.maxAutoTurns ?? MAX_AUTO_TURNS;
    if (this.autoTurns >= max) {
      if (!this.limitTold) this.deps.limited(max);
      this.limitTold = true;
      return;
    }
    this.lastWake = keyOf(now);
    this.autoTurns++;
    this.waking = true;
    void this.deps
      .wake(wakeNote(now))
      .catch(() => false)
      .then((ran) => {
        if (ran) this.lastWake = '';
        else this.autoTurns--;
        this.waking = false;
        this.check();
      });
  }

  /** The user sent a prompt: automatic turns count from zero again. */
  userPrompted(): void {
    this.autoTurns = 0;
    this.limitTold = false;
  }

  /** The chat continues with another session: nothing armed for the old one fires. */
  reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.lastWake = '';
    this.userPrompted();
  }

  dispose(): void {
    this.reset();
    this.disposed = true;
  }
}
