/**
 * The only door between the webview and the extension host. Everything crossing it is parsed with the
 * protocol's Zod schemas: outgoing requests before they are posted, incoming events before anyone sees
 * them, and the persisted view state when it is read back.
 */
import { z } from 'zod';
import {
  parseHostToWebview,
  WebviewToHostSchema,
  type HostToWebview,
  type WebviewToHost,
} from '../extension/protocol/messages';

/** The object VS Code's `acquireVsCodeApi()` returns (it may be called only once per page). */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState<T>(state: T): T;
}

/** The part of `window` the bridge listens on; a fake `EventTarget` in unit tests. */
export type MessageTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * What survives the view being hidden and shown again (which reloads the page). Conversation state
 * is not here on purpose: the host owns it and re-sends a snapshot after `ready`. The session id is kept
 * (from each snapshot) because VS Code hands a chat tab's state to the host after a window reload, which
 * resumes that session in the tab (extension/ui/chat/chatPanel.ts).
 */
const ViewStateSchema = z.object({ draft: z.string().max(1_000_000), sessionId: z.string().regex(/^[\w-]{1,100}$/).optional() });
export type ViewState = z.infer<typeof ViewStateSchema>;
const EMPTY_VIEW_STATE: ViewState = { draft: '' };

export interface HostBridge {
  /** Posts a request to the host; returns false (and posts nothing) when it fails validation. */
  post: (message: WebviewToHost) => boolean;
  /** Calls `listener` with every well-formed host event; returns the unsubscribe function. */
  subscribe: (listener: (event: HostToWebview) => void) => () => void;
  loadViewState: () => ViewState;
  /** Saves the draft; the session id is kept as the last snapshot set it. */
  saveViewState: (state: Pick<ViewState, 'draft'>) => void;
}

export function createHostBridge(api: VsCodeApi, target: MessageTarget): HostBridge {
  return {
    post(message) {
      // Types are erased at runtime: a caller can still build an empty prompt or an oversized one.
      const parsed = WebviewToHostSchema.safeParse(message);
      if (!parsed.success) {
        console.warn('[codewright] not posting invalid message to host:', parsed.error.issues[0]?.message);
        return false;
      }
      api.postMessage(parsed.data);
      return true;
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent<unknown>): void => {
        const result = parseHostToWebview(event.data);
        if (!result.ok) {
          console.warn('[codewright] dropped malformed host message:', result.error);
          return;
        }
        if (result.message.type === 'sessionSnapshot') saveState(api, { sessionId: result.message.sessionId });
        listener(result.message);
      };
      target.addEventListener('message', onMessage);
      return () => {
        target.removeEventListener('message', onMessage);
      };
    },
    loadViewState: () => loadState(api),
    saveViewState: (state) => saveState(api, state),
  };
}

function loadState(api: VsCodeApi): ViewState {
  const parsed = ViewStateSchema.safeParse(api.getState());
  return parsed.success ? parsed.data : EMPTY_VIEW_STATE;
}

/** Changes part of the state and keeps the rest (the draft and the session id are saved at different times). */
function saveState(api: VsCodeApi, part: Partial<ViewState>): void {
  const next: ViewState = { ...loadState(api), ...part };
  if (next.sessionId !== undefined && !ViewStateSchema.shape.sessionId.safeParse(next.sessionId).success) delete next.sessionId;
  api.setState(next);
}
