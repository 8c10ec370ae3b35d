/**
 * The window's MCP elicitation port answered by a chat's form card (docs/ARCHITECTURE.md, MCP). A server's
 * `elicitation/create` is checked (a form the card can show, or a web page to open) and posted as
 * `elicitationRequested` to the chat the user turned to last; it settles when a valid `answerElicitation`
 * arrives, and the server cancelling it (or its timeout) takes the card away. Requests queue: one card at a
 * time, kept in that chat's snapshot while it waits. An accepted form's content is checked against the
 * schema again: one that does not fit is refused with a log line and never reaches the server. Free of
 * `vscode`, so unit tests drive it with forged answers.
 */
import { cap } from '../../core/base/text/cap';
import type { McpElicitation, McpElicitationPort, McpElicitationResult } from '../../core/contracts/mcp';
import { ElicitationSchemaSchema, type ElicitationRequest, type HostToWebview, type WebviewToHost } from '../../protocol/messages';
import { contentProblem, elicitationFields, type ElicitationField } from '../../protocol/elicitationForm';
import { CardQueue, type CardQueueDeps } from './cardQueue';

type AnswerMessage = Extract<WebviewToHost, { type: 'answerElicitation' }>;

/** A chat that can show the card. */
export interface ElicitationScreen {
  post(message: HostToWebview): void;
}

export interface ElicitationResponderDeps<S extends ElicitationScreen> {
  /** The chat a request goes to when it reaches the front of the queue (the focused one). */
  target: () => S;
  newId: () => string;
  /** Called when a request goes on screen in `screen`, e.g. to reveal a hidden chat view. */
  onShow?: (request: ElicitationRequest, screen: S) => void;
  /** Opens the page of an accepted URL-mode request in the browser. */
  openUrl: (url: string) => Promise<void>;
  log: { info(line: string): void; warn(line: string): void };
}

/** What a chat's bridge needs: the answer, and the request on screen in that chat for its snapshot. */
export interface ElicitationCard {
  answer(message: AnswerMessage): boolean;
  readonly pendingRequest: ElicitationRequest | undefined;
}

/** The form's fields beside a request (undefined in URL mode), to check the content the card sends. */
type Context = readonly ElicitationField[] | undefined;

export class WebviewElicitationResponder<S extends ElicitationScreen> extends CardQueue<ElicitationRequest, McpElicitationResult, Context> implements McpElicitationPort {
  private readonly deps: ElicitationResponderDeps<S>;
  /** The chat showing the request on screen. */
  private readonly screen: { chat?: S };

  constructor(deps: ElicitationResponderDeps<S>, screen: { chat?: S } = {}) {
    super(cardDeps(deps, screen));
    this.deps = deps;
    this.screen = screen;
  }

  readonly elicit = async (e: McpElicitation, signal?: AbortSignal): Promise<McpElicitationResult> => {
    const view = requestView(e);
    if ('problem' in view) {
      this.deps.log.warn(`MCP server "${e.server}" asked for input that cannot be shown (${view.problem}): declined.`);
      return { action: 'decline' };
    }
    try {
      return await this.enqueue(signal ?? new AbortController().signal, () => ({ requestId: this.deps.newId(), ...view.request }), view.fields);
    } catch {
      // The server cancelled (or its request timed out), or the window is closing: the card is gone.
      return { action: 'cancel' };
    }
  };

  /** Applies the card's answer; false when it answers nothing on screen or its content does not fit the form. */
  answer(message: AnswerMessage): boolean {
    return this.answerShown(message.requestId, ({ request, context }): McpElicitationResult | undefined => {
      if (message.action !== 'accept') return { action: message.action };
      if (request.mode === 'url') {
        void this.deps.openUrl(request.url).catch((err: unknown) => this.deps.log.warn(`Opening ${request.url} failed: ${String(err)}`));
        return { action: 'accept' };
      }
      const content = message.content ?? {};
      const problem = contentProblem(context ?? [], content);
      if (problem) {
        this.deps.log.warn(`Refused the answer to MCP server "${request.server}": ${problem} It was not sent.`);
        return undefined;
      }
      return { action: 'accept', content };
    });
  }

  /** The request on screen if `chat` shows it. */
  pendingIn(chat: S): ElicitationRequest | undefined {
    return this.screen.chat === chat ? this.pendingRequest : undefined;
  }

  /** The bridge's half for `chat`. */
  cardFor(chat: S): ElicitationCard {
    const pending = () => this.pendingIn(chat);
    return {
      answer: (message) => this.answer(message),
      get pendingRequest() {
        return pending();
      },
    };
  }

  /** `chat` closed: a request it showed goes to the chat focused now. */
  closed(chat: S): void {
    const request = this.pendingRequest;
    if (this.screen.chat !== chat || !request) return;
    const next = this.deps.target();
    this.screen.chat = next;
    next.post({ type: 'elicitationRequested', request });
    this.deps.onShow?.(request, next);
  }
}

/** The queue's posts go to the chat that showed the request; a request reaching the front picks the focused chat. */
function cardDeps<S extends ElicitationScreen>(deps: ElicitationResponderDeps<S>, screen: { chat?: S }): CardQueueDeps<ElicitationRequest> {
  return {
    post: (m) => screen.chat?.post(m),
    shown: (request) => {
      screen.chat = deps.target();
      return { type: 'elicitationRequested', request };
    },
    onShow: (request) => screen.chat && deps.onShow?.(request, screen.chat),
    resolved: (requestId) => ({ type: 'elicitationResolved', requestId }),
    withdrawnMessage: 'The MCP server withdrew its request.',
    closedMessage: 'The window closed before the request was answered.',
  };
}

/** The card's view of a request (without its id), with the form's fields; or why it cannot be shown. */
function requestView(e: McpElicitation): { request: DistributiveOmit<ElicitationRequest, 'requestId'>; fields: Context } | { problem: string } {
  const common = { server: cap(e.server, 200), message: cap(e.message, 10_000) };
  if (e.mode === 'url') {
    if (!e.url || !/^https?:\/\//i.test(e.url) || e.url.length > 8192) return { problem: `a web page that is not an http(s) URL: ${cap(e.url ?? '(none)', 200)}` };
    return { request: { ...common, mode: 'url', url: e.url }, fields: undefined };
  }
  const parsed = ElicitationSchemaSchema.safeParse(e.requestedSchema);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `a form outside the spec's flat schema: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'no schema'}` };
  }
  return { request: { ...common, mode: 'form', schema: parsed.data }, fields: elicitationFields(parsed.data) };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
