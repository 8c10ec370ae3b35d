import { describe, expect, it } from 'vitest';
import { formatItem, formatList } from '../../../extension/core/engines/worklist/format';
import { createItem, mergeMetadata, nextAvailable, openBlockers, sortedItems, updateItem, type WorkItemPatch } from '../../../extension/core/engines/worklist/store';
import { emptyWorkList, type WorkList } from '../../../extension/core/contracts/worklist';

function listOf(...subjects: string[]): WorkList {
  return subjects.reduce((list, subject) => createItem(list, { subject, description: `${subject} in full` }).list, emptyWorkList());
}

function update(list: WorkList, id: string, patch: WorkItemPatch): WorkList {
  const outcome = updateItem(list, id, patch);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.list;
}

describe('core/engines/worklist/store', () => {
  it('gives each new task the next id as a string, pending, without links', () => {
    const list = listOf('Read', 'Fix', 'Test');
    expect(sortedItems(list).map((i) => [i.id, i.subject, i.status])).toEqual([
      ['1', 'Read', 'pending'],
      ['2', 'Fix', 'pending'],
      ['3', 'Test', 'pending'],
    ]);
    expect(list.items['2']).toMatchObject({ blocks: [], blockedBy: [], description: 'Fix in full' });
    expect(list.nextId).toBe(4);
  });

  it('never reuses the id of a deleted task and sorts ids numerically', () => {
    let list = listOf(...Array.from({ length: 10 }, (_, i) => `t${i + 1}`));
    list = update(list, '10', { status: 'deleted' });
    list = createItem(list, { subject: 'after', description: '' }).list;
    expect(sortedItems(list).map((i) => i.id).slice(-3)).toEqual(['8', '9', '11']);
  });

  it('keeps a link on both tasks, without duplicates, whichever side adds it', () => {
    let list = listOf('A', 'B', 'C');
    list = update(list, '1', { addBlocks: ['2', '#3'] });
    list = update(list, '3', { addBlockedBy: ['1', '2'] });
    list = update(list, '2', { addBlockedBy: ['1'] });
    expect(list.items['1']).toMatchObject({ blocks: ['2', '3'], blockedBy: [] });
    expect(list.items['2']).toMatchObject({ blocks: ['3'], blockedBy: ['1'] });
    expect(list.items['3']).toMatchObject({ blocks: [], blockedBy: ['1', '2'] });
  });

  it('refuses unknown ids and self-links and leaves the list as it was', () => {
    const list = update(listOf('A', 'B'), '1', { owner: 'me' });
    const unknown = updateItem(list, '1', { addBlocks: ['2', '9'] });
    expect(unknown).toEqual({ ok: false, error: expect.stringContaining('Task #9 not found') });
    expect(updateItem(list, '2', { addBlockedBy: ['#2'] })).toEqual({ ok: false, error: expect.stringContaining('cannot block or wait for itself') });
    expect(updateItem(list, '7', { status: 'completed' })).toEqual({ ok: false, error: expect.stringContaining('Call TaskList') });
    expect(list.items['1']!.blocks).toEqual([]);
  });

  it('removes a deleted task and every link to it', () => {
    let list = listOf('A', 'B', 'C');
    list = update(list, '2', { addBlockedBy: ['1'], addBlocks: ['3'] });
    const outcome = updateItem(list, '2', { status: 'deleted' });
    expect(outcome).toMatchObject({ ok: true, deleted: true, item: undefined });
    const after = outcome.ok ? outcome.list : list;
    expect(Object.keys(after.items)).toEqual(['1', '3']);
    expect(after.items['1']).toMatchObject({ blocks: [], blockedBy: [] });
    expect(after.items['3']).toMatchObject({ blocks: [], blockedBy: [] });
  });

  it('reports which fields changed and clears activeForm and owner with an empty string', () => {
    let list = update(listOf('A'), '1', { owner: 'alice', activeForm: 'Doing A' });
    const outcome = updateItem(list, '1', { owner: '', activeForm: '', status: 'in_progress', subject: 'A' });
    expect(outcome).toMatchObject({ ok: true, changed: ['status', 'activeForm', 'owner'] });
    list = outcome.ok ? outcome.list : list;
    expect(list.items['1']).not.toHaveProperty('owner');
    expect(list.items['1']).not.toHaveProperty('activeForm');
  });

  it('merges metadata and removes keys set to null', () => {
    expect(mergeMetadata({ a: 1, b: 'x' }, { b: null, c: [1] })).toEqual({ a: 1, c: [1] });
    expect(mergeMetadata({ a: 1 }, { a: null })).toBeUndefined();
    let list = createItem(emptyWorkList(), { subject: 'A', description: '', metadata: { priority: 'high', drop: null } }).list;
    expect(list.items['1']!.metadata).toEqual({ priority: 'high' });
    list = update(list, '1', { metadata: { priority: null } });
    expect(list.items['1']).not.toHaveProperty('metadata');
  });

  it('counts only blockers that are not completed as open', () => {
    let list = update(listOf('A', 'B', 'C'), '3', { addBlockedBy: ['1', '2'] });
    list = update(list, '1', { status: 'completed' });
    expect(openBlockers(list, list.items['3']!)).toEqual(['2']);
  });
});

describe('core/engines/worklist/store nextAvailable', () => {
  it('picks the lowest pending task without an owner or an open blocker', () => {
    let list = update(listOf('A', 'B', 'C', 'D'), '1', { owner: 'x' });
    list = update(list, '2', { addBlockedBy: ['1'] });
    expect(nextAvailable(list)?.id).toBe('3');
    list = update(list, '3', { status: 'in_progress' });
    expect(nextAvailable(list)?.id).toBe('4');
    list = update(update(list, '1', { status: 'completed' }), '4', { status: 'completed' });
    expect(nextAvailable(list)?.id).toBe('2');
    expect(nextAvailable(emptyWorkList())).toBeUndefined();
  });
});

describe('core/engines/worklist/format', () => {
  it('lists one line per task with status, owner and open blockers', () => {
    let list = update(listOf('Read the code', 'Fix the parser', 'Ship'), '2', { addBlockedBy: ['1'], owner: 'tester', status: 'in_progress' });
    list = update(list, '3', { addBlockedBy: ['1', '2'] });
    list = update(list, '1', { status: 'completed' });
    expect(formatList(list)).toBe(['#1 [completed] Read the code', '#2 [in_progress] Fix the parser (owner: tester)', '#3 [pending] Ship [blocked by #2]'].join('\n'));
    expect(formatList(emptyWorkList())).toContain('No tasks');
  });

  it('shows every field of one task', () => {
    let list = update(listOf('A', 'B'), '2', { addBlockedBy: ['1'], owner: 'bob', activeForm: 'Doing B', metadata: { k: 1 } });
    list = update(list, '1', { status: 'completed' });
    expect(formatItem(list, list.items['2']!)).toBe(
      ['Task #2: B', 'Status: pending', 'Active form: Doing B', 'Owner: bob', 'Description: B in full', 'Blocked by: #1 (completed)', 'Metadata: {"k":1}'].join('\n'),
    );
    expect(formatItem(list, list.items['1']!)).toContain('Blocks: #2');
  });
});
