/**
 * The webview's view of the session: a pure reducer over host events. The host owns the truth; the
 * webview only folds the snapshot it receives after `ready` and the deltas that follow.
 */
import type { ChatMessage, HostToWebview, SetupState, Usage } from '../../extension/protocol/messages';

/** What the webview knows. `loading` until the first `sessionSnapshot` arrives. */
export type ChatState =
  | { phase: 'loading' }
  | {
      phase: 'ready';
      sessionId: string;
      model: string;
      messages: readonly ChatMessage[];
      busy: boolean;
      setup: SetupState;
      /** A transient line under the conversation ("Retrying in 4 s …"); null when there is none. */
      status: string | null;
      usage: Usage | null;
    };

export const initialChatState: ChatState = { phase: 'loading' };

type ReadyState = Extract<ChatState, { phase: 'ready' }>;

export function reduceChat(state: ChatState, event: HostToWebview): ChatState {
  if (event.type === 'sessionSnapshot') {
    return {
      phase: 'ready',
      sessionId: event.sessionId,
      model: event.model,
      messages: event.messages,
      busy: event.busy,
      setup: event.setup,
      status: null,
      usage: event.usage ?? null,
    };
  }
  // Deltas before the snapshot are dropped: the snapshot the host sends in answer to `ready`
  // already includes them, so applying them too would double them.
  if (state.phase === 'loading') return state;
  return reduceReady(state, event);
}

function reduceReady(state: ReadyState, event: Exclude<HostToWebview, { type: 'sessionSnapshot' }>): ChatState {
  switch (event.type) {
    case 'messageAdded':
      // The host may re-send after a reconnect; the first copy wins so ids stay unique React keys.
      if (state.messages.some((m) => m.id === event.message.id)) return state;
      return { ...state, messages: [...state.messages, event.message] };
    case 'assistantDelta':
      // Only a streaming assistant message grows: text arriving after Stop belongs to an aborted stream.
      return updateMessage(state, event.messageId, (m) =>
        m.role === 'assistant' && m.status === 'streaming' && event.text !== ''
          ? { ...m, text: m.text + event.text }
          : m,
      );
    case 'assistantText':
      return updateMessage(state, event.messageId, (m) =>
        m.role === 'assistant' && m.status === 'streaming' && m.text !== event.text ? { ...m, text: event.text } : m,
      );
    case 'status':
      return state.status === event.text ? state : { ...state, status: event.text };
    case 'usage':
      return { ...state, usage: event.usage };
    case 'messageFinished':
      return updateMessage(state, event.messageId, (m) => {
        // A message that failed and is finished again keeps no stale error from the earlier failure.
        const next: ChatMessage = { ...m, status: event.status };
        if (event.error === undefined) delete next.error;
        else next.error = event.error;
        return next;
      });
    case 'busyChanged':
      return state.busy === event.busy ? state : { ...state, busy: event.busy };
    case 'setupChanged':
      return { ...state, setup: event.setup };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** Applies `change` to the message with `id`; returns the same state when it is unknown or unchanged. */
function updateMessage(state: ReadyState, id: string, change: (m: ChatMessage) => ChatMessage): ChatState {
  const index = state.messages.findIndex((m) => m.id === id);
  const current = state.messages[index];
  if (current === undefined) return state;
  const next = change(current);
  if (next === current) return state;
  const messages = state.messages.slice();
  messages[index] = next;
  return { ...state, messages };
}
