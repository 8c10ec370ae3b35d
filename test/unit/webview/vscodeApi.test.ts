import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostToWebview, WebviewToHost } from '../../../extension/protocol/messages';
import { createChatStore } from '../../../webview/state/store';
import { createHostBridge, type VsCodeApi } from '../../../webview/vscodeApi';

/** A stand-in for `acquireVsCodeApi()` that records what the webview posts and persists. */
class FakeVsCodeApi implements VsCodeApi {
  posted: unknown[] = [];
  state: unknown = undefined;
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  getState(): unknown {
    return this.state;
  }
  setState<T>(state: T): T {
    this.state = state;
    return state;
  }
}

function deliver(target: EventTarget, data: unknown): void {
  target.dispatchEvent(new MessageEvent('message', { data }));
}

function setup() {
  const api = new FakeVsCodeApi();
  const target = new EventTarget();
  const bridge = createHostBridge(api, target);
  return { api, target, bridge };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createHostBridge', () => {
  it('posts a valid request to the host unchanged', () => {
    const { api, bridge } = setup();
    expect(bridge.post({ type: 'sendPrompt', text: 'explain this file' })).toBe(true);
    expect(api.posted).toEqual([{ type: 'sendPrompt', text: 'explain this file' }]);
  });

  it('refuses to post a request that fails the schema and warns instead', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { api, bridge } = setup();
    expect(bridge.post({ type: 'sendPrompt', text: '   ' })).toBe(false);
    expect(bridge.post({ type: 'launchMissiles' } as unknown as WebviewToHost)).toBe(false);
    expect(api.posted).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('hands well-formed host events to subscribers', () => {
    const { target, bridge } = setup();
    const seen: HostToWebview[] = [];
    bridge.subscribe((e) => seen.push(e));
    deliver(target, { type: 'busyChanged', busy: true });
    expect(seen).toEqual([{ type: 'busyChanged', busy: true }]);
  });

  it('drops malformed host events with a warning and never delivers them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { target, bridge } = setup();
    const seen: HostToWebview[] = [];
    bridge.subscribe((e) => seen.push(e));
    deliver(target, { type: 'assistantDelta' });
    deliver(target, { type: 'somethingNew', payload: 1 });
    deliver(target, 'not even an object');
    deliver(target, { type: 'busyChanged', busy: 'yes' });
    expect(seen).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(String(warn.mock.calls[0]?.[0])).toContain('dropped malformed host message');
  });

  it('stops delivering events after unsubscribing', () => {
    const { target, bridge } = setup();
    const seen: HostToWebview[] = [];
    const unsubscribe = bridge.subscribe((e) => seen.push(e));
    unsubscribe();
    deliver(target, { type: 'busyChanged', busy: true });
    expect(seen).toEqual([]);
  });

  it('restores the saved draft and falls back to empty when the stored state is foreign', () => {
    const { api, bridge } = setup();
    bridge.saveViewState({ draft: 'half a thought' });
    expect(bridge.loadViewState()).toEqual({ draft: 'half a thought' });
    api.state = { draft: 42 };
    expect(bridge.loadViewState()).toEqual({ draft: '' });
  });

  it('keeps the session id of each snapshot in the state beside the draft, for a chat tab restored after a reload', () => {
    const { api, target, bridge } = setup();
    bridge.subscribe(() => undefined);
    bridge.saveViewState({ draft: 'typing' });
    deliver(target, { type: 'sessionSnapshot', sessionId: 'abc-123', entries: [], busy: false, setup: { hasApiKey: true, keySource: 'secretStorage' }, model: 'm' });
    expect(api.state).toEqual({ draft: 'typing', sessionId: 'abc-123' });
    bridge.saveViewState({ draft: 'typing more' });
    expect(api.state).toEqual({ draft: 'typing more', sessionId: 'abc-123' });
    deliver(target, { type: 'sessionSnapshot', sessionId: 'def-456', entries: [], busy: false, setup: { hasApiKey: true, keySource: 'secretStorage' }, model: 'm' });
    expect(bridge.loadViewState()).toEqual({ draft: 'typing more', sessionId: 'def-456' });
  });
});

describe('createChatStore', () => {
  it('reduces events that arrive before anyone renders and notifies later subscribers of changes', () => {
    const { target, bridge } = setup();
    const store = createChatStore(bridge);
    deliver(target, {
      type: 'sessionSnapshot',
      sessionId: 's1',
      entries: [{ id: 'a1', role: 'assistant', text: 'Hi', status: 'streaming' }],
      busy: true,
      setup: { hasApiKey: true, keySource: 'environment' },
      model: 'claude-test',
    });
    let notified = 0;
    store.subscribe(() => notified++);
    deliver(target, { type: 'assistantDelta', messageId: 'a1', text: ' there' });
    deliver(target, { type: 'assistantDelta', messageId: 'unknown', text: 'ignored' });
    expect(store.getState()).toMatchObject({ phase: 'ready', entries: [{ id: 'a1', text: 'Hi there' }] });
    expect(notified).toBe(1);
  });
});
