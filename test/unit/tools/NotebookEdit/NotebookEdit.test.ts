import { describe, expect, it } from 'vitest';
import { parseNotebook } from '../../../../extension/core/base/ipynb';
import { NotebookEditTool } from '../../../../extension/tools/NotebookEdit/NotebookEdit';
import { edit, fakeNotebookPort, fixture, json, markRead, NB, setup } from './support';

describe('tools/NotebookEdit on the .ipynb JSON', () => {
  it('replaces a code cell, keeping its id and metadata and clearing stale outputs', async () => {
    const { ws, context } = setup();
    const r = await edit(context, { cell_id: 'e5f6a7b8', new_source: 'x = 2\nprint(x)\n' });
    expect(r).toMatchObject({ isError: false, text: 'Updated cell e5f6a7b8 with x = 2\nprint(x)\n' });
    const cell = json(ws).cells[1]!;
    expect(cell).toEqual({
      cell_type: 'code',
      execution_count: null,
      id: 'e5f6a7b8',
      metadata: { tags: ['setup'] },
      outputs: [],
      source: ['x = 2\n', 'print(x)\n'],
    });
  });

  it('leaves the rest of the file byte-identical: 1-space indent, sorted keys, trailing newline', async () => {
    const original = fixture('sample.ipynb');
    const { ws, context } = setup(original);
    await edit(context, { cell_id: 'c9d0e1f2', new_source: 'y = 3' });
    const after = ws.text(NB);
    expect(after.replace('"y = 3"', '"y = x + 1"')).toBe(original);
    expect(after.endsWith('}\n')).toBe(true);
    const reparsed = parseNotebook(after).notebook;
    expect([reparsed.nbformat, reparsed.nbformat_minor]).toEqual([4, 5]);
    expect(reparsed.metadata).toEqual(json(ws).metadata);
  });

  it('inserts a code cell after the given cell with a fresh hex id, empty outputs and no execution count', async () => {
    const { ws, context } = setup();
    const r = await edit(context, { edit_mode: 'insert', cell_id: 'a1b2c3d4', cell_type: 'code', new_source: 'import os' });
    const cells = json(ws).cells;
    expect(cells).toHaveLength(4);
    const inserted = cells[1]!;
    expect(inserted.id).toMatch(/^[0-9a-f]{8}$/);
    expect(new Set(cells.map((c) => c.id)).size).toBe(4);
    expect(inserted).toEqual({ cell_type: 'code', execution_count: null, id: inserted.id, metadata: {}, outputs: [], source: ['import os'] });
    expect(r.text).toBe(`Inserted cell ${String(inserted.id)} with import os`);
  });

  it('inserts at the start when no cell_id is given; markdown cells get no outputs', async () => {
    const { ws, context } = setup();
    await edit(context, { edit_mode: 'insert', cell_type: 'markdown', new_source: '## Intro\nText' });
    const first = json(ws).cells[0]!;
    expect(first).toEqual({ cell_type: 'markdown', id: first.id, metadata: {}, source: ['## Intro\n', 'Text'] });
    expect(json(ws).cells[1]!.id).toBe('a1b2c3d4');
  });

  it('deletes a cell', async () => {
    const { ws, context } = setup();
    const r = await edit(context, { edit_mode: 'delete', cell_id: 'e5f6a7b8', new_source: '' });
    expect(r.text).toBe('Deleted cell e5f6a7b8');
    expect(json(ws).cells.map((c) => c.id)).toEqual(['a1b2c3d4', 'c9d0e1f2']);
  });

  it('changes a markdown cell into a code cell when cell_type differs', async () => {
    const { ws, context } = setup();
    await edit(context, { cell_id: 'a1b2c3d4', cell_type: 'code', new_source: 'print(0)' });
    expect(json(ws).cells[0]).toEqual({ cell_type: 'code', execution_count: null, id: 'a1b2c3d4', metadata: {}, outputs: [], source: ['print(0)'] });
  });

  it('updates what it remembers of the file, so a second edit needs no new Read', async () => {
    const { ws, context } = setup();
    expect((await edit(context, { cell_id: 'c9d0e1f2', new_source: 'a' })).isError).toBe(false);
    expect((await edit(context, { cell_id: 'c9d0e1f2', new_source: 'b' })).isError).toBe(false);
    expect(context.readFileState.get(NB)?.content).toBe(ws.text(NB));
    expect(json(ws).cells[2]!.source).toEqual(['b']);
  });

  it('gives no ids to new cells of an nbformat 4.4 notebook and addresses its cells as cell-<n>', async () => {
    const { ws, context } = setup(fixture('legacy-nbformat-4.4.ipynb'));
    const r = await edit(context, { edit_mode: 'insert', cell_id: 'cell-1', cell_type: 'code', new_source: 'print(2)' });
    expect(r.text).toBe('Inserted cell cell-2 with print(2)');
    const cells = json(ws).cells;
    expect(cells.map((c) => 'id' in c)).toEqual([false, false, false]);
    expect(ws.text(NB)).toMatch(/^\{\n {2}"cells"/);
    await edit(context, { cell_id: 'cell-0', new_source: 'Renamed' });
    expect(json(ws).cells[0]!.source).toEqual(['Renamed']);
  });

  it('keeps CRLF line endings and a file without a trailing newline as they were', async () => {
    const crlf = fixture('sample.ipynb').trimEnd().replace(/\n/g, '\r\n');
    const { ws, context } = setup(crlf);
    await edit(context, { cell_id: 'c9d0e1f2', new_source: 'z' });
    const after = ws.text(NB);
    expect(after.split('\r\n').length).toBe(crlf.split('\r\n').length);
    expect(after).not.toMatch(/[^\r]\n/);
    expect(after.endsWith('}')).toBe(true);
  });
});

describe('tools/NotebookEdit errors', () => {
  it('lists the first ten cell ids when the cell is not found', async () => {
    const cells = Array.from({ length: 12 }, (_, i) => ({ cell_type: 'markdown', id: `id${i}`, metadata: {}, source: [] }));
    const { ws, context } = setup(JSON.stringify({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 }, null, 1));
    const r = await edit(context, { cell_id: 'nope', new_source: 'x' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Cell "nope" not found');
    expect(r.text).toContain('id0, id1, id2, id3, id4, id5, id6, id7, id8, id9, … (12 cells)');
    expect(r.text).not.toContain('id10');
    expect(ws.text(NB)).toContain('"id11"');
  });

  it('requires cell_type to insert', async () => {
    const { context } = setup();
    const r = await edit(context, { edit_mode: 'insert', new_source: 'x' });
    expect(r).toMatchObject({ isError: true, stage: 'validation' });
    expect(r.text).toContain('cell_type is required');
  });

  it('requires cell_id to replace or delete', async () => {
    const { context } = setup();
    expect((await edit(context, { new_source: 'x' })).text).toContain('cell_id is required when edit_mode is "replace"');
    expect((await edit(context, { edit_mode: 'delete', new_source: '' })).text).toContain('"delete"');
  });

  it('refuses a notebook that is not valid JSON, or not nbformat 4', async () => {
    const { context } = setup('{ "cells": [ ');
    expect((await edit(context, { cell_id: 'a', new_source: 'x' })).text).toContain('Notebook is not valid JSON');
    const { context: c2 } = setup(JSON.stringify({ cells: 'no', metadata: {}, nbformat: 4, nbformat_minor: 5 }));
    expect((await edit(c2, { cell_id: 'a', new_source: 'x' })).text).toMatch(/Not a Jupyter notebook \(nbformat 4\) at cells/);
  });

  it('refuses a notebook that was never read', async () => {
    const { ws, context } = setup(undefined, { read: false });
    const r = await edit(context, { cell_id: 'c9d0e1f2', new_source: 'x' });
    expect(r.text).toContain('has not been read yet');
    expect(ws.text(NB)).toBe(fixture('sample.ipynb'));
  });

  it('refuses a notebook changed on disk since it was read, and accepts it once read again', async () => {
    const { ws, context } = setup();
    ws.put(NB, fixture('sample.ipynb').replace('y = x + 1', 'y = 41'));
    const r = await edit(context, { cell_id: 'c9d0e1f2', new_source: 'x' });
    expect(r.text).toContain('modified since it was last read');
    expect(ws.text(NB)).toContain('y = 41');
    markRead(ws, context, NB);
    expect((await edit(context, { cell_id: 'c9d0e1f2', new_source: 'x' })).isError).toBe(false);
  });

  it('refuses when the text changed without a newer mtime (an unsaved editor buffer)', async () => {
    const { ws, context } = setup();
    ws.files.get(NB)!.content = fixture('sample.ipynb').replace('y = x + 1', 'y = 0');
    expect((await edit(context, { cell_id: 'c9d0e1f2', new_source: 'x' })).text).toContain('modified since it was last read');
  });

  it('accepts a file touched but unchanged since the read', async () => {
    const { ws, context } = setup();
    ws.put(NB, fixture('sample.ipynb'));
    expect((await edit(context, { cell_id: 'c9d0e1f2', new_source: 'x' })).isError).toBe(false);
  });

  it('refuses files that are not notebooks, and missing notebooks', async () => {
    const { context } = setup();
    expect((await edit(context, { notebook_path: '/ws/a.py', cell_id: 'a', new_source: 'x' })).text).toContain('.ipynb');
    expect((await edit(context, { notebook_path: '/ws/missing.ipynb', cell_id: 'a', new_source: 'x' })).text).toContain('does not exist');
  });
});

describe('tools/NotebookEdit with the notebook open in VS Code', () => {
  function setupWithPort(open: boolean) {
    let fake: ReturnType<typeof fakeNotebookPort> | undefined;
    const s = setup(undefined, {
      ports: (ws) => {
        fake = fakeNotebookPort(ws, open);
        return { notebooks: fake.port };
      },
    });
    return { ...s, calls: fake!.calls };
  }

  it('edits through the notebook port and remembers the saved file', async () => {
    const { context, calls } = setupWithPort(true);
    const r = await edit(context, { edit_mode: 'insert', cell_id: 'a1b2c3d4', cell_type: 'markdown', new_source: 'Note' });
    expect(r.text).toBe('Inserted cell feedface with Note');
    expect(calls).toEqual([[NB, { mode: 'insert', cellId: 'a1b2c3d4', cellType: 'markdown', source: 'Note' }]]);
    expect(context.readFileState.get(NB)?.content).toContain('Saved by the editor');
  });

  it('edits the JSON when the notebook is not open', async () => {
    const { ws, context, calls } = setupWithPort(false);
    await edit(context, { cell_id: 'c9d0e1f2', new_source: 'q' });
    expect(calls).toEqual([]);
    expect(json(ws).cells[2]!.source).toEqual(['q']);
  });
});

describe('tools/NotebookEdit flags', () => {
  it('is deferred, writes, and asks before editing', async () => {
    const { context } = setup();
    expect(NotebookEditTool.shouldDefer).toBe(true);
    const input = { notebook_path: NB, cell_id: 'a', new_source: 'x', edit_mode: 'delete' as const };
    expect(NotebookEditTool.isReadOnly(input)).toBe(false);
    const decision = await NotebookEditTool.checkPermissions(input, context);
    expect(decision).toMatchObject({ behavior: 'passthrough', message: expect.stringContaining('delete a cell from analysis.ipynb') });
  });
});
