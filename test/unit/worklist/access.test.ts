import { describe, expect, it } from 'vitest';
import { createAppStateStore, getDefaultAppState } from '../../../extension/core/contracts/appState';
import { readWorkList, writeWorkList } from '../../../extension/core/engines/worklist/access';
import { createItem, updateItem } from '../../../extension/core/engines/worklist/store';

describe('core/engines/worklist/access', () => {
  it('writes through setAppStateForTasks when the context has it, leaving its own setAppState alone', () => {
    const root = createAppStateStore();
    let ownWrites = 0;
    const sub = { getAppState: root.getState, setAppState: () => void ownWrites++, setAppStateForTasks: root.setState };
    const { item } = writeWorkList(sub, (list) => createItem(list, { subject: 'Shared', description: '' }));
    expect(item.id).toBe('1');
    expect(readWorkList({ getAppState: root.getState }).items['1']?.subject).toBe('Shared');
    expect(ownWrites).toBe(0);
  });

  it('applies the operation to the freshest state and returns that outcome', () => {
    const root = createAppStateStore();
    writeWorkList({ getAppState: root.getState, setAppState: root.setState }, (list) => createItem(list, { subject: 'A', description: '' }));
    // A context that still sees the state from before task 1 existed.
    const stale = getDefaultAppState();
    const outcome = writeWorkList({ getAppState: () => stale, setAppState: root.setState }, (list) => updateItem(list, '1', { status: 'completed' }));
    expect(outcome.ok).toBe(true);
    expect(root.getState().workList.items['1']?.status).toBe('completed');
  });

  it('stores nothing when the operation refuses', () => {
    const root = createAppStateStore();
    const before = root.getState();
    const outcome = writeWorkList({ getAppState: root.getState, setAppState: root.setState }, (list) => updateItem(list, '4', { owner: 'x' }));
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('Task #4 not found') });
    expect(root.getState()).toBe(before);
  });
});
