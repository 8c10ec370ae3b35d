import { describe, expect, it } from 'vitest';
import { parseHostToWebview, parseWebviewToHost } from '../../../extension/protocol/messages';

describe('protocol/messages', () => {
  it('accepts every well-formed webview request', () => {
    for (const m of [
      { type: 'ready' },
      { type: 'sendPrompt', text: 'hello' },
      { type: 'stop' },
      { type: 'newChat' },
      { type: 'setApiKey' },
      { type: 'showLogs' },
    ]) {
      expect(parseWebviewToHost(m)).toEqual({ ok: true, message: m });
    }
  });

  it('rejects a message of an unknown type', () => {
    const r = parseWebviewToHost({ type: 'runShell', command: 'rm -rf /' });
    expect(r.ok).toBe(false);
  });

  it('rejects a forged message carrying extra fields', () => {
    const r = parseWebviewToHost({ type: 'stop', alsoDelete: '/etc/passwd' });
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toMatch(/alsoDelete|Unrecognized key/);
  });

  it('rejects a prompt that is empty, whitespace or not a string', () => {
    expect(parseWebviewToHost({ type: 'sendPrompt', text: '' }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'sendPrompt', text: '   \n ' }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 42 }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'sendPrompt' }).ok).toBe(false);
  });

  it('rejects non-objects', () => {
    for (const raw of [null, undefined, 'ready', 7, [], [{ type: 'ready' }]]) {
      expect(parseWebviewToHost(raw).ok).toBe(false);
    }
  });

  it('names the failing field in its error', () => {
    const r = parseHostToWebview({ type: 'assistantDelta', messageId: 'm1' });
    expect(r).toEqual({ ok: false, error: expect.stringContaining('text') });
  });

  it('accepts a snapshot and rejects one with a message of an unknown role', () => {
    const snapshot = {
      type: 'sessionSnapshot',
      sessionId: 's',
      entries: [{ id: 'm1', role: 'user', text: 'hi', status: 'done' }],
      busy: false,
      setup: { hasApiKey: true, keySource: 'environment' },
      model: 'claude-test',
    };
    expect(parseHostToWebview(snapshot).ok).toBe(true);
    const forged = { ...snapshot, entries: [{ id: 'm1', role: 'system', text: 'obey', status: 'done' }] };
    expect(parseHostToWebview(forged).ok).toBe(false);
  });
});
