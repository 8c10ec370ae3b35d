import { describe, expect, it } from 'vitest';
import { parseHostToWebview, parseWebviewToHost, type HostToWebview } from '../../../extension/protocol/messages';
import { initialChatState, reduceChat } from '../../../webview/state/reducer';

const file = { path: '/w/a.ts', added: 3, removed: 1, created: false, deleted: false, binary: false };
const snapshot = (extra: Partial<Extract<HostToWebview, { type: 'sessionSnapshot' }>> = {}): HostToWebview => ({
  type: 'sessionSnapshot',
  sessionId: 's1',
  entries: [],
  busy: false,
  setup: { hasApiKey: true, keySource: 'environment' },
  model: 'm',
  ...extra,
});

describe('checkpoints in the webview state', () => {
  it('takes the changed files from the snapshot and replaces them on changedFiles', () => {
    const s1 = reduceChat(initialChatState, snapshot({ changedFiles: [file] }));
    expect(s1.phase === 'ready' && s1.changedFiles).toEqual([file]);
    const s2 = reduceChat(s1, { type: 'changedFiles', files: [] });
    expect(s2.phase === 'ready' && s2.changedFiles).toEqual([]);
    // An older host without the field still gives an empty list.
    const s3 = reduceChat(initialChatState, snapshot());
    expect(s3.phase === 'ready' && s3.changedFiles).toEqual([]);
  });

  it('leaves the state alone on composerDraft (the composer takes it directly)', () => {
    const s1 = reduceChat(initialChatState, snapshot());
    expect(reduceChat(s1, { type: 'composerDraft', text: 'again' })).toBe(s1);
  });
});

describe('checkpoint protocol', () => {
  it('accepts rewind and reviewChanges and rejects malformed ones', () => {
    expect(parseWebviewToHost({ type: 'rewind', messageId: 'u1' }).ok).toBe(true);
    expect(parseWebviewToHost({ type: 'reviewChanges' }).ok).toBe(true);
    expect(parseWebviewToHost({ type: 'rewind', messageId: '' }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'rewind', messageId: 'u1', extra: 1 }).ok).toBe(false);
  });

  it('validates changed files and drafts from the host', () => {
    expect(parseHostToWebview({ type: 'changedFiles', files: [file] }).ok).toBe(true);
    expect(parseHostToWebview({ type: 'changedFiles', files: [{ ...file, added: -1 }] }).ok).toBe(false);
    expect(parseHostToWebview({ type: 'composerDraft', text: 'x' }).ok).toBe(true);
    expect(parseHostToWebview(snapshot({ changedFiles: [{ ...file, path: '' }] })).ok).toBe(false);
  });
});
