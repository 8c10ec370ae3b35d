/**
 * The queue behind a chat-view card that asks the user something (questions, plan approval): requests wait
 * in order and one card is on screen at a time. Each request is posted when it reaches the front, settles
 * when an answer for the card on screen arrives, is withdrawn by its signal (Stop), and its removal from
 * the screen posts the "resolved" message and shows the next. `dispose` fails all that wait. A responder
 * extends it and keeps its own parts: building the view, validating answers, its messages. Free of `vscode`.
 */
import { ToolError } from '../../core/contracts/toolErrors';
import type { HostToWebview } from '../../protocol/messages';

export interface CardQueueDeps<V extends { requestId: string }> {
  post: (message: HostToWebview) => void;
  /** Called when a request goes on screen, e.g. to point the user to a hidden chat view. */
  onShow?: (request: V) => void;
  /** The message that puts a request on screen. */
  shown: (request: V) => HostToWebview;
  /** The message that takes the request with this id off the screen. */
  resolved: (requestId: string) => HostToWebview;
  /** The error a request withdrawn by its signal rejects with (named AbortError). */
  withdrawnMessage: string;
  /** The error (a ToolError 'unavailable') whatever waits rejects with on `dispose`. */
  closedMessage: string;
}

/** A request as queued: its view (what the card shows) and what the responder keeps beside it. */
export interface CardEntry<V, C> {
  request: V;
  context: C;
}

interface Pending<V, C, R> extends CardEntry<V, C> {
  settle: (outcome: { response: R } | { error: Error }) => void;
}

export class CardQueue<V extends { requestId: string }, R, C = undefined> {
  private readonly queue: Pending<V, C, R>[] = [];

  constructor(private readonly cardDeps: CardQueueDeps<V>) {}

  /** The request on screen, for the snapshot a reloaded view receives. */
  get pendingRequest(): V | undefined {
    return this.queue[0]?.request;
  }

  /** Queues a request (its view built only if the signal has not already fired); resolves with its answer. */
  protected enqueue(signal: AbortSignal, view: () => V, context: C): Promise<R> {
    if (signal.aborted) return Promise.reject(this.abortError());
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => {
        this.settle(pending, { error: this.abortError() });
      };
      const pending: Pending<V, C, R> = {
        request: view(),
        context,
        settle: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.response);
        },
      };
      this.queue.push(pending);
      signal.addEventListener('abort', onAbort, { once: true });
      if (this.queue[0] === pending) this.show(pending.request);
    });
  }

  /**
   * Settles the request on screen with what `decide` makes of it; false when `requestId` is not the one on
   * screen or `decide` returns undefined (the answer does not fit).
   */
  protected answerShown(requestId: string, decide: (entry: CardEntry<V, C>) => R | undefined): boolean {
    const pending = this.queue[0];
    if (!pending || pending.request.requestId !== requestId) return false;
    const response = decide(pending);
    if (response === undefined) return false;
    return this.settle(pending, { response });
  }

  /** Fails whatever waits (the view went away for good). */
  dispose(): void {
    for (const pending of [...this.queue]) {
      this.settle(pending, { error: new ToolError('unavailable', this.cardDeps.closedMessage) });
    }
  }

  private show(request: V): void {
    this.cardDeps.post(this.cardDeps.shown(request));
    this.cardDeps.onShow?.(request);
  }

  private settle(pending: Pending<V, C, R>, outcome: { response: R } | { error: Error }): boolean {
    const index = this.queue.indexOf(pending);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    pending.settle(outcome);
    if (index === 0) {
      this.cardDeps.post(this.cardDeps.resolved(pending.request.requestId));
      const next = this.queue[0];
      if (next) this.show(next.request);
    }
    return true;
  }

  private abortError(): Error {
    return Object.assign(new Error(this.cardDeps.withdrawnMessage), { name: 'AbortError' });
  }
}
