import { describe, expect, it } from 'vitest';
import { parseHostToWebview } from '../../../extension/protocol/messages';

const item = { id: '3', subject: 'Ship', status: 'pending', blockedBy: ['2'] };

describe('protocol: work list', () => {
  it('parses workListChanged and the snapshot field', () => {
    expect(parseHostToWebview({ type: 'workListChanged', workList: [item, { ...item, id: '4', status: 'in_progress', activeForm: 'Shipping', owner: 'bot' }] }).ok).toBe(true);
    const snapshot = { type: 'sessionSnapshot', sessionId: 's', entries: [], busy: false, setup: { hasApiKey: true, keySource: 'environment' }, model: 'm' };
    expect(parseHostToWebview({ ...snapshot, workList: [item] }).ok).toBe(true);
    expect(parseHostToWebview(snapshot).ok).toBe(true);
  });

  it.each([
    ['an unknown status', { ...item, status: 'deleted' }],
    ['a missing blockedBy', { id: '3', subject: 'Ship', status: 'pending' }],
    ['an extra field', { ...item, description: 'long' }],
    ['an empty id', { ...item, id: '' }],
    ['an oversized subject', { ...item, subject: 'x'.repeat(2001) }],
  ])('rejects a task with %s', (_name, bad) => {
    expect(parseHostToWebview({ type: 'workListChanged', workList: [bad] }).ok).toBe(false);
  });

  it('rejects a list longer than the cap', () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ ...item, id: String(i + 1) }));
    expect(parseHostToWebview({ type: 'workListChanged', workList: many }).ok).toBe(false);
  });
});
