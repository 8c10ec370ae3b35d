/**
 * The control channel of the SDK transport (docs/ARCHITECTURE.md, The SDK transport): `control_request` /
 * `control_response` lines, correlated by `request_id`, in both directions over stdin/stdout.
 *
 * - `request()` asks the SDK something (`can_use_tool`, `hook_callback`, `mcp_message`, `elicitation`) and
 *   resolves with the `response` object of its success answer; an error answer rejects with its message, an
 *   aborted signal sends `control_cancel_request` and rejects, and stdin closing rejects what is pending.
 * - `handle()` serves the SDK's requests by subtype. A subtype nobody serves, a handler that throws and a
 *   `control_cancel_request` all get an error response that names the request: never silence, never a hang.
 */
import { randomUUID } from 'node:crypto';

export type ControlBody = Record<string, unknown>;

/** Serves one control request; what it returns is the `response` of the success answer. */
export type ControlHandler = (request: ControlBody & { subtype: string }, signal: AbortSignal) => Promise<ControlBody | void> | ControlBody | void;

export class ControlRequestError extends Error {
  constructor(
    readonly subtype: string,
    message: string,
  ) {
    super(message);
    this.name = 'ControlRequestError';
  }
}

interface Pending {
  subtype: string;
  resolve: (value: ControlBody) => void;
  reject: (err: Error) => void;
}

export class ControlChannel {
  private readonly handlers = new Map<string, ControlHandler>();
  private readonly pending = new Map<string, Pending>();
  /** The SDK's requests being served, so a `control_cancel_request` can abort one. */
  private readonly serving = new Map<string, AbortController>();
  private closedReason: string | undefined;

  constructor(private readonly write: (line: ControlBody) => void) {}

  handle(subtype: string, handler: ControlHandler): void {
    this.handlers.set(subtype, handler);
  }

  /** Asks the SDK; resolves with its answer's `response` (an empty object when it sent none). */
  request(request: ControlBody & { subtype: string }, signal?: AbortSignal): Promise<ControlBody> {
    if (this.closedReason) return Promise.reject(new ControlRequestError(request.subtype, `${request.subtype}: ${this.closedReason}`));
    if (signal?.aborted) return Promise.reject(new ControlRequestError(request.subtype, `${request.subtype}: cancelled`));
    const requestId = randomUUID();
    return new Promise<ControlBody>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(requestId);
        this.write({ type: 'control_cancel_request', request_id: requestId });
        reject(new ControlRequestError(request.subtype, `${request.subtype}: cancelled`));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(requestId, {
        subtype: request.subtype,
        resolve: (v) => {
          done();
          resolve(v);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
      this.write({ type: 'control_request', request_id: requestId, request });
    });
  }

  /** An SDK answer to one of our requests. Unknown ids (answered after a cancel) are ignored. */
  receiveResponse(response: { subtype: 'success' | 'error'; request_id: string; response?: ControlBody; error?: string }): void {
    const pending = this.pending.get(response.request_id);
    if (!pending) return;
    this.pending.delete(response.request_id);
    if (response.subtype === 'success') pending.resolve(response.response ?? {});
    else pending.reject(new ControlRequestError(pending.subtype, `${pending.subtype}: ${response.error ?? 'the SDK answered with an error'}`));
  }

  /** Serves an SDK request; the answer is written when the handler settles. Never throws. */
  async receiveRequest(requestId: string, request: ControlBody & { subtype: string }): Promise<void> {
    const handler = this.handlers.get(request.subtype);
    if (!handler) {
      this.answerError(requestId, `Unsupported control request: ${request.subtype} (Codewright does not serve it)`);
      return;
    }
    const abort = new AbortController();
    this.serving.set(requestId, abort);
    try {
      const response = await handler(request, abort.signal);
      if (abort.signal.aborted) return;
      this.write({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response: response ?? {} } });
    } catch (err) {
      if (!abort.signal.aborted) this.answerError(requestId, `${request.subtype}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.serving.delete(requestId);
    }
  }

  /** `control_cancel_request` from the SDK: the request's handler is aborted and answered as cancelled. */
  cancel(requestId: string): void {
    const serving = this.serving.get(requestId);
    if (!serving) return;
    serving.abort();
    this.answerError(requestId, 'cancelled');
  }

  answerError(requestId: string, error: string): void {
    this.write({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error } });
  }

  /** stdin closed: every pending request rejects, and later ones reject at once. */
  close(reason = 'stdin closed before the SDK answered'): void {
    this.closedReason = reason;
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(new ControlRequestError(p.subtype, `${p.subtype}: ${reason}`));
    }
    for (const s of this.serving.values()) s.abort();
  }
}
