import { describe, expect, it } from 'vitest';
import type { HostToWebview, WorkItemView } from '../../../extension/protocol/messages';
import { initialChatState, reduceChat } from '../../../webview/state/reducer';

const snapshot = (extra: Partial<Extract<HostToWebview, { type: 'sessionSnapshot' }>> = {}): HostToWebview => ({
  type: 'sessionSnapshot',
  sessionId: 's1',
  entries: [],
  busy: false,
  setup: { hasApiKey: true, keySource: 'environment' },
  model: 'm',
  ...extra,
});
const items: WorkItemView[] = [{ id: '1', subject: 'A', status: 'pending', blockedBy: [] }];
const workListOf = (state: ReturnType<typeof reduceChat>) => (state.phase === 'ready' ? state.workList : undefined);

describe('webview/state/workList', () => {
  it('takes the list from the snapshot, empty when an older host sends none', () => {
    expect(workListOf(reduceChat(initialChatState, snapshot({ workList: items })))).toEqual(items);
    expect(workListOf(reduceChat(initialChatState, snapshot()))).toEqual([]);
  });

  it('replaces the list on workListChanged, and ignores it before the snapshot', () => {
    const next: WorkItemView[] = [...items, { id: '2', subject: 'B', status: 'in_progress', owner: 'x', blockedBy: ['1'] }];
    const state = reduceChat(reduceChat(initialChatState, snapshot({ workList: items })), { type: 'workListChanged', workList: next });
    expect(workListOf(state)).toEqual(next);
    expect(reduceChat(initialChatState, { type: 'workListChanged', workList: next })).toBe(initialChatState);
  });
});
