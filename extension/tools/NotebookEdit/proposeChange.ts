/**
 * NotebookEdit's proposal: the one cell's source before and after (a new cell starts empty). Deleting a
 * cell cannot be edited into something else, so that proposal is read-only.
 */
import path from 'node:path';
import { toLf } from '../../core/base/text/diff';
import type { ProposedChange, ProposeOptions } from '../../core/contracts/toolViews';
import { findCellIndex, parseNotebook } from '../../core/base/ipynb';

export async function proposeNotebookEdit(input: Record<string, unknown>, options: ProposeOptions): Promise<ProposedChange | undefined> {
  if (typeof input.notebook_path !== 'string' || typeof input.new_source !== 'string') return undefined;
  const form = options.keepLineEndings ? (t: string) => t : toLf;
  const file = path.resolve(options.cwd, input.notebook_path);
  const mode = input.edit_mode ?? 'replace';
  const base = { path: file, wholeFile: false, inputFor: (final: string) => ({ ...input, new_source: final }) };
  const name = (cell: string) => `${path.basename(file)} [${cell}]`;
  if (mode === 'insert') return { ...base, name: name('new cell'), before: '', after: form(input.new_source), created: true, editable: true };
  if (typeof input.cell_id !== 'string') return undefined;
  const source = await cellSource(file, input.cell_id, options.read);
  if (source === undefined) return undefined;
  const before = form(source);
  const cell = { ...base, name: name(input.cell_id), before, created: false };
  if (mode === 'delete') return { ...cell, after: '', editable: false };
  return { ...cell, after: form(input.new_source), editable: true };
}

async function cellSource(file: string, cellId: string, read: ProposeOptions['read']): Promise<string | undefined> {
  const text = await read(file).catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const cells = parseNotebook(text).notebook.cells;
    const cell = cells[findCellIndex(cells.map((c) => c.id), cellId)];
    if (!cell) return undefined;
    return Array.isArray(cell.source) ? cell.source.join('') : cell.source;
  } catch {
    return undefined;
  }
}
