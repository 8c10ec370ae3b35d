/** Protocol events for the webview tests, built with the protocol's own types so they stay in step. */
import type { ChatEntry, ChatMessage, HostToWebview } from '../../extension/protocol/messages';

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export const userMessage = (id: string, text: string): ChatMessage => ({ id, role: 'user', text, status: 'done' });

export const assistantMessage = (id: string, text: string, status: ChatMessage['status'] = 'done'): ChatMessage => ({
  id,
  role: 'assistant',
  text,
  status,
});

export function snapshot(entries: ChatEntry[] = [], extra: Partial<Snapshot> = {}): Snapshot {
  return {
    type: 'sessionSnapshot',
    sessionId: 'session-1',
    entries,
    busy: false,
    setup: { hasApiKey: true, keySource: 'secretStorage' },
    model: 'claude-sonnet-4-5',
    ...extra,
  };
}

export const noKeySnapshot = (): Snapshot => snapshot([], { setup: { hasApiKey: false, keySource: 'none' } });

export const busy = (value: boolean): HostToWebview => ({ type: 'busyChanged', busy: value });

export const added = (message: ChatMessage): HostToWebview => ({ type: 'messageAdded', message });

export const delta = (messageId: string, text: string): HostToWebview => ({ type: 'assistantDelta', messageId, text });

export const finished = (
  messageId: string,
  status: 'done' | 'stopped' | 'error',
  error?: string,
): HostToWebview => (error === undefined ? { type: 'messageFinished', messageId, status } : { type: 'messageFinished', messageId, status, error });
