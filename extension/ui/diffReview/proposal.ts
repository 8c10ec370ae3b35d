/**
 * What a file-changing tool call proposes, as two texts the diff editor can show: Edit and Write the whole
 * file before and after, NotebookEdit the one cell's source. `inputFor` turns the text the user accepted
 * back into the tool input that writes exactly that. Free of `vscode`, so unit tests cover it.
 */
import path from 'node:path';
import { applyEdit } from '../../chat/toolViews/diff';
import type { PermissionPrompt } from '../../core/tool/permissionGate';
import { EDIT_TOOL_NAME } from '../../tools/Edit/constants';
import { REVIEWED_CONTENT_KEY } from '../../tools/Edit/reviewed';
import { NOTEBOOK_EDIT_TOOL_NAME } from '../../tools/NotebookEdit/NotebookEdit';
import { findCellIndex, parseNotebook } from '../../tools/NotebookEdit/ipynb';
import { WRITE_TOOL_NAME } from '../../tools/Write/constants';

export interface Proposal {
  /** Absolute path of the file the tool changes. */
  path: string;
  /** Name of the review documents: the file's base name, or the notebook's with the cell. */
  name: string;
  /** LF text: as it is now ('' for a new file or cell), and as proposed. */
  before: string;
  after: string;
  /** False where an edited proposal cannot be applied (deleting a cell). */
  editable: boolean;
  /** The tool input that applies `final` instead of the proposal. */
  inputFor(final: string): Record<string, unknown>;
}

export type ReadText = (absPath: string) => Promise<string | undefined>;

/** Undefined for tools that change no file, or a change that cannot be reproduced exactly here. */
export async function buildProposal(prompt: Pick<PermissionPrompt, 'tool' | 'input'>, cwd: string, read: ReadText): Promise<Proposal | undefined> {
  const { tool, input } = prompt;
  if (tool.name === WRITE_TOOL_NAME || tool.name === EDIT_TOOL_NAME) {
    if (typeof input.file_path !== 'string') return undefined;
    const file = path.resolve(cwd, input.file_path);
    const before = toLf((await read(file).catch(() => undefined)) ?? '');
    const base = { path: file, name: path.basename(file), before, editable: true };
    if (tool.name === WRITE_TOOL_NAME) {
      if (typeof input.content !== 'string') return undefined;
      return { ...base, after: toLf(input.content), inputFor: (final) => ({ ...input, content: final }) };
    }
    if (typeof input.old_string !== 'string' || typeof input.new_string !== 'string') return undefined;
    // Matches found only through quote normalisation are not reproduced here; the dialog still asks.
    const after = applyEdit(before, toLf(input.old_string), toLf(input.new_string), input.replace_all === true);
    if (after === undefined) return undefined;
    return { ...base, after, inputFor: (final) => ({ ...input, [REVIEWED_CONTENT_KEY]: final }) };
  }
  if (tool.name === NOTEBOOK_EDIT_TOOL_NAME) return notebookProposal(input, cwd, read);
  return undefined;
}

async function notebookProposal(input: Record<string, unknown>, cwd: string, read: ReadText): Promise<Proposal | undefined> {
  if (typeof input.notebook_path !== 'string' || typeof input.new_source !== 'string') return undefined;
  const file = path.resolve(cwd, input.notebook_path);
  const mode = input.edit_mode ?? 'replace';
  const base = { path: file, inputFor: (final: string) => ({ ...input, new_source: final }) };
  const name = (cell: string) => `${path.basename(file)} [${cell}]`;
  if (mode === 'insert') return { ...base, name: name('new cell'), before: '', after: toLf(input.new_source), editable: true };
  if (typeof input.cell_id !== 'string') return undefined;
  const text = await read(file).catch(() => undefined);
  if (text === undefined) return undefined;
  let source: string;
  try {
    const cells = parseNotebook(text).notebook.cells;
    const cell = cells[findCellIndex(cells.map((c) => c.id), input.cell_id)];
    if (!cell) return undefined;
    source = Array.isArray(cell.source) ? cell.source.join('') : cell.source;
  } catch {
    return undefined;
  }
  const before = toLf(source);
  if (mode === 'delete') return { ...base, name: name(input.cell_id), before, after: '', editable: false };
  return { ...base, name: name(input.cell_id), before, after: toLf(input.new_source), editable: true };
}

function toLf(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
