import { describe, expect, it } from 'vitest';
import type { ChatEvent, ChatSession } from '../../../../extension/conversation/chatSession';
import type { ChatMessage } from '../../../../extension/protocol/messages';
import { chatTitle, ChatRegistry, sessionIdOfState, type ChatHandle } from '../../../../extension/ui/chat/chats';

/** A chat whose session is a small fake: busy, id, messages and the events the registry listens to. */
function fakeChat(id: string, kind: ChatHandle['kind'] = 'tab') {
  const listeners = new Set<(e: ChatEvent) => void>();
  const state = { busy: false, sessionId: `session-${id}`, messages: [] as ChatMessage[] };
  const session = {
    get busy() {
      return state.busy;
    },
    get sessionId() {
      return state.sessionId;
    },
    messages: () => state.messages,
    onEvent: (l: (e: ChatEvent) => void) => (listeners.add(l), () => listeners.delete(l)),
  } as unknown as ChatSession;
  const emit = (e: ChatEvent) => listeners.forEach((l) => l(e));
  const chat: ChatHandle = { id, kind, session, reveal: async () => undefined, whenReady: async () => undefined, post: () => undefined };
  return {
    chat,
    listening: () => listeners.size,
    setBusy(busy: boolean) {
      state.busy = busy;
      emit({ type: 'busyChanged', busy });
    },
    prompt(text: string) {
      const message: ChatMessage = { id: text, role: 'user', text, status: 'done' };
      state.messages.push(message);
      emit({ type: 'messageAdded', message });
    },
  };
}

describe('ChatRegistry', () => {
  it('focuses the chat added or turned to last, and goes back to the one before when it closes', () => {
    const sidebar = fakeChat('sidebar', 'sidebar');
    const chats = new ChatRegistry(sidebar.chat);
    const a = fakeChat('a');
    const b = fakeChat('b');
    chats.add(a.chat);
    chats.add(b.chat);
    expect(chats.focused()).toBe(b.chat);
    chats.focus(a.chat);
    expect(chats.focused()).toBe(a.chat);
    chats.remove(a.chat);
    expect(chats.focused()).toBe(b.chat);
    chats.remove(b.chat);
    expect(chats.focused()).toBe(sidebar.chat);
    expect(chats.all()).toEqual([sidebar.chat]);
  });

  it('puts a tab restored in the background behind the chat in use, and never removes the side bar chat', () => {
    const sidebar = fakeChat('sidebar', 'sidebar');
    const chats = new ChatRegistry(sidebar.chat);
    const restored = fakeChat('r');
    chats.add(restored.chat, false);
    expect(chats.focused()).toBe(sidebar.chat);
    chats.remove(sidebar.chat);
    expect(chats.all()).toEqual([sidebar.chat, restored.chat]);
  });

  it('counts the busy chats and tells its listeners when busy, titles or the chats change', () => {
    const chats = new ChatRegistry(fakeChat('sidebar', 'sidebar').chat);
    const a = fakeChat('a');
    const b = fakeChat('b');
    let changes = 0;
    chats.onDidChange(() => changes++);
    chats.add(a.chat);
    chats.add(b.chat);
    a.setBusy(true);
    b.setBusy(true);
    expect(chats.busyCount()).toBe(2);
    b.prompt('first prompt');
    a.setBusy(false);
    expect(chats.busyCount()).toBe(1);
    expect(changes).toBe(6);
    chats.remove(b.chat);
    expect(b.listening()).toBe(0);
  });

  it('finds the chat that holds a session', () => {
    const chats = new ChatRegistry(fakeChat('sidebar', 'sidebar').chat);
    const a = fakeChat('a');
    chats.add(a.chat);
    expect(chats.holding('session-a')).toBe(a.chat);
    expect(chats.holding('session-x')).toBeUndefined();
  });
});

describe('chatTitle', () => {
  it('is the first line of the first prompt, capped like History, else "New chat"', () => {
    const a = fakeChat('a');
    expect(chatTitle(a.chat.session)).toBe('New chat');
    a.prompt('Fix the build\nand then the tests');
    a.prompt('later prompt');
    expect(chatTitle(a.chat.session)).toBe('Fix the build');
    const long = fakeChat('l');
    long.prompt('x'.repeat(200));
    expect(chatTitle(long.chat.session).length).toBeLessThanOrEqual(81);
  });
});

describe('sessionIdOfState', () => {
  it('reads the session id a tab page saved, and nothing from a foreign or unsafe state', () => {
    expect(sessionIdOfState({ draft: '', sessionId: 'abc-123' })).toBe('abc-123');
    expect(sessionIdOfState({ draft: '' })).toBeUndefined();
    expect(sessionIdOfState({ sessionId: '../etc' })).toBeUndefined();
    expect(sessionIdOfState(undefined)).toBeUndefined();
  });
});
