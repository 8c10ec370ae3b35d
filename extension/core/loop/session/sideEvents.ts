/**
 * What the tools' UI callbacks (`ToolUseContext.ui`, core/contracts/toolUseContext.ts) tell the user while a
 * turn runs: a PreToolUse or PostToolUse hook's message, a note such as a permission rule that could not be
 * saved. They arrive from inside the executor, beside the loop's own events, so the session keeps them here
 * and the turn yields them among the loop's events as soon as they come (`withSideEvents`). Sub-agents share
 * their parent's callbacks, so what their hooks say shows too; what arrives while no turn runs (a background
 * agent's hook, a prompt command's `!` line) is shown when the next turn starts.
 */
import type { QueryEvent } from '../../contracts/events';
import type { ToolUiCallbacks } from '../../contracts/toolUseContext';

type SideEvent = Extract<QueryEvent, { type: 'notice' | 'hookMessage' }>;

/** Most messages kept while nobody takes them: a hook that talks on every call of a long background run stays bounded. */
const MAX_PENDING = 200;

export class SideEvents {
  private pending: SideEvent[] = [];
  private arrived: Promise<void>;
  private signal: () => void = () => {};

  constructor() {
    this.arrived = this.nextArrival();
  }

  /** The callbacks a session's tool contexts carry. */
  readonly ui: ToolUiCallbacks = {
    notify: (text) => this.push({ type: 'notice', text }),
    hookMessage: ({ hookEvent, text, toolUseId }) => this.push({ type: 'hookMessage', hookEvent, text, ...(toolUseId ? { toolUseId } : {}) }),
  };

  push(event: SideEvent): void {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(event);
    this.signal();
  }

  take(): SideEvent[] {
    if (!this.pending.length) return [];
    const taken = this.pending;
    this.pending = [];
    this.arrived = this.nextArrival();
    return taken;
  }

  /** Settles once something is pending (at once when something already is). */
  wait(): Promise<void> {
    return this.pending.length ? Promise.resolve() : this.arrived;
  }

  private nextArrival(): Promise<void> {
    return new Promise<void>((resolve) => (this.signal = resolve));
  }
}

/**
 * The loop's events with the side events between them: each side event is yielded as soon as it is pushed
 * (the loop may be waiting on a tool at that moment), or else before the loop's next event.
 */
export async function* withSideEvents<R>(gen: AsyncGenerator<QueryEvent, R>, side: SideEvents): AsyncGenerator<QueryEvent, R> {
  let next = gen.next();
  for (;;) {
    const step = await Promise.race([next, side.wait().then(() => undefined)]);
    yield* side.take();
    if (step === undefined) continue;
    if (step.done) return step.value;
    yield step.value;
    next = gen.next();
  }
}
