/**
 * The window's chats (docs/ARCHITECTURE.md, Host and webview: several chats): the side bar's, always there,
 * and one per editor tab. Each runs its own session; this registry only knows which exist, which one the
 * user turned to last (palette commands act on it), how many are busy, and who holds a session. Free of
 * `vscode`, so unit tests drive it.
 */
import type { ChatSession } from '../../conversation/chatSession';
import { sessionTitle } from '../../core/engines/transcripts/sessions';
import type { HostToWebview } from '../../protocol/messages';

/** What the window knows of one chat. */
export interface ChatHandle {
  /** `sidebar`, or `tab-<n>` for an editor tab. */
  readonly id: string;
  readonly kind: 'sidebar' | 'tab';
  readonly session: ChatSession;
  /** Shows the chat (the side bar's view, or its editor tab) and gives it focus. */
  reveal(): Promise<void>;
  /** Resolves once the chat's page listens (at most a few seconds). */
  whenReady(): Promise<void>;
  post(message: HostToWebview): void;
}

/** The chat's title: the first line of its first prompt, as History shows it; "New chat" before one. */
export function chatTitle(session: Pick<ChatSession, 'messages'>): string {
  const first = session.messages().find((m) => m.role === 'user')?.text;
  return first?.trim() ? sessionTitle({ firstPrompt: first }) : 'New chat';
}

/** The session id a tab's page saved in its state (webview/vscodeApi.ts), when it is one. */
export function sessionIdOfState(state: unknown): string | undefined {
  const id = typeof state === 'object' && state !== null && 'sessionId' in state ? state.sessionId : undefined;
  return typeof id === 'string' && /^[\w-]{1,100}$/.test(id) ? id : undefined;
}

export class ChatRegistry<C extends ChatHandle = ChatHandle> {
  /** In the order the user turned to them: the last is the focused one. */
  private readonly order: C[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe = new Map<C, () => void>();

  constructor(private readonly main: C) {
    this.add(main);
  }

  /** The side bar's chat. */
  get sidebar(): C {
    return this.main;
  }

  /** Every chat, the side bar's first, then the tabs in the order they opened. */
  all(): C[] {
    return [this.main, ...[...this.unsubscribe.keys()].filter((c) => c !== this.main)];
  }

  /** The chat the user turned to last; the side bar's when no other is left. */
  focused(): C {
    return this.order.at(-1) ?? this.main;
  }

  /** How many chats run a turn now. */
  busyCount(): number {
    return this.all().filter((c) => c.session.busy).length;
  }

  /** The chat whose current session is `sessionId`. */
  holding(sessionId: string): C | undefined {
    return this.all().find((c) => c.session.sessionId === sessionId);
  }

  /** Adds a chat; `focus: false` (a tab restored in the background) puts it behind the others. */
  add(chat: C, focus = true): void {
    if (this.unsubscribe.has(chat)) return;
    if (focus) this.order.push(chat);
    else this.order.unshift(chat);
    // Busy, title (first prompt, a reset) and the session id change the window's picture of its chats.
    const off = chat.session.onEvent((e) => {
      if (e.type === 'busyChanged' || e.type === 'reset' || (e.type === 'messageAdded' && e.message.role === 'user')) this.changed();
    });
    this.unsubscribe.set(chat, off);
    this.changed();
  }

  /** Forgets a closed chat; focus goes back to the one turned to before it. */
  remove(chat: C): void {
    if (chat === this.main) return;
    this.unsubscribe.get(chat)?.();
    this.unsubscribe.delete(chat);
    const i = this.order.indexOf(chat);
    if (i >= 0) this.order.splice(i, 1);
    this.changed();
  }

  /** The user turned to `chat` (its tab became active, its view showed, its page sent a request). */
  focus(chat: C): void {
    if (this.focused() === chat || !this.unsubscribe.has(chat)) return;
    const i = this.order.indexOf(chat);
    if (i >= 0) this.order.splice(i, 1);
    this.order.push(chat);
    this.changed();
  }

  /** Called after any change: a chat added or closed, focus, busy, title. */
  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
