import { describe, expect, it } from 'vitest';
import {
  applyCellEdit,
  findCellIndex,
  newCellId,
  multilineText,
  parseNotebook,
  readNotebook,
  serializeNotebook,
  toSourceLines,
} from '../../../extension/core/base/ipynb';
import { fixture } from '../tools/NotebookEdit/support';

describe('core/base/ipynb', () => {
  it('splits source into Jupyter lines that keep their newline, the last one without', () => {
    expect(toSourceLines('a\nb\n\nc')).toEqual(['a\n', 'b\n', '\n', 'c']);
    expect(toSourceLines('a\r\nb\n')).toEqual(['a\n', 'b\n']);
    expect(toSourceLines('')).toEqual([]);
  });

  it('detects the indentation and trailing newline it must write back', () => {
    expect(parseNotebook(fixture('sample.ipynb'))).toMatchObject({ indent: ' ', trailingNewline: true });
    expect(parseNotebook(fixture('legacy-nbformat-4.4.ipynb'))).toMatchObject({ indent: '  ' });
    const compact = JSON.stringify(parseNotebook(fixture('sample.ipynb')).notebook);
    expect(parseNotebook(compact)).toMatchObject({ indent: '', trailingNewline: false });
    expect(serializeNotebook(parseNotebook(compact))).toBe(compact);
  });

  it('round-trips a Jupyter-written notebook byte for byte', () => {
    const text = fixture('sample.ipynb');
    expect(serializeNotebook(parseNotebook(text))).toBe(text);
  });

  it('keeps fields it does not know, on the notebook and on cells', () => {
    const text = JSON.stringify({ cells: [{ cell_type: 'raw', id: 'r1', metadata: {}, source: 'x', zeta: 1 }], metadata: {}, nbformat: 4, nbformat_minor: 5, extra: true });
    const { notebook } = parseNotebook(text);
    const edited = applyCellEdit(notebook, { mode: 'insert', cellId: 'r1', cellType: 'markdown', source: 'm' }).notebook;
    const back = JSON.parse(JSON.stringify(edited)) as { extra: boolean; cells: { zeta?: number }[] };
    expect(back.extra).toBe(true);
    expect(back.cells[0]!.zeta).toBe(1);
  });

  it('finds cells by id, and by cell-<n> only when no id matches', () => {
    expect(findCellIndex(['a', 'cell-0', undefined], 'cell-0')).toBe(1);
    expect(findCellIndex(['a', 'b', undefined], 'cell-2')).toBe(2);
    expect(findCellIndex(['a'], 'cell-5')).toBe(-1);
    expect(findCellIndex(['a'], 'b')).toBe(-1);
  });

  it('makes 8-hex-digit ids that avoid the ones taken', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) ids.add(newCellId(ids));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('does not change the notebook it was given', () => {
    const { notebook } = parseNotebook(fixture('sample.ipynb'));
    const before = JSON.stringify(notebook);
    applyCellEdit(notebook, { mode: 'delete', cellId: 'a1b2c3d4' });
    applyCellEdit(notebook, { mode: 'replace', cellId: 'e5f6a7b8', source: 'q' });
    expect(JSON.stringify(notebook)).toBe(before);
  });

  it('reads for display what it would refuse to edit: only a cells list is required', () => {
    const text = JSON.stringify({ cells: [{ cell_type: 'code', source: ['a\n', 'b'], outputs: [{ output_type: 'stream', text: 'x' }] }] });
    expect(() => parseNotebook(text)).toThrow(/Not a Jupyter notebook/);
    const nb = readNotebook(text)!;
    expect(multilineText(nb.cells[0]!.source)).toBe('a\nb');
    expect(nb.cells[0]!.outputs?.[0]?.output_type).toBe('stream');
    expect(readNotebook('{"nbformat": 4}')).toBeUndefined();
    expect(() => readNotebook('{"cells": [')).toThrow(SyntaxError);
  });
});
