/**
 * NotebookEdit: replaces, inserts or deletes one cell of a Jupyter notebook. An open notebook is edited
 * through VS Code's notebook API (`ports.notebooks`), so the editor, its undo stack and the saved file
 * agree; otherwise the .ipynb JSON is edited through `ports.workspace`.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool, type ValidationResult } from '../../core/contracts/tool';
import { applyCellEdit, cellLabel, cellNotFoundMessage, findCellIndex, NotebookFormatError, parseNotebook, serializeNotebook, type CellEdit } from '../../core/base/ipynb';
import { askToEditFile } from '../shared/permissions';
import { NOTEBOOK_EDIT_TOOL_NAME } from '../../protocol/toolNames';
import { proposeNotebookEdit } from './proposeChange';

const inputSchema = z.strictObject({
  notebook_path: z.string().min(1).describe('Absolute path of the .ipynb notebook to edit'),
  cell_id: z
    .string()
    .optional()
    .describe('Id of the cell to replace or delete; for insert, the new cell goes after it (at the start when omitted)'),
  new_source: z.string().describe('The new source of the cell (ignored when deleting)'),
  cell_type: z.enum(['code', 'markdown']).optional().describe('Type of the cell; required for insert, changes the type on replace'),
  edit_mode: z.enum(['replace', 'insert', 'delete']).default('replace').describe('replace (default), insert or delete'),
});

type Input = z.infer<typeof inputSchema>;

export interface NotebookEditOutput {
  notebook_path: string;
  /** The cell edited, inserted (its new id) or deleted. */
  cell_id: string;
  cell_type?: string;
  edit_mode: Input['edit_mode'];
  new_source: string;
  /** Which route the edit took: the open notebook editor or the file on disk. */
  via: 'editor' | 'file';
}

const resolve = (cwd: string, p: string) => path.resolve(cwd, p);

function display(cwd: string, p: string): string {
  const rel = path.relative(cwd, p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

const invalid = (message: string): ValidationResult => ({ result: false, message });

/**
 * Edits need a fresh, complete view of the file: the model must not overwrite what it has not seen.
 * Same rule as Edit and Write (tools/shared/fileState.ts). Returns the current text when the view is fresh.
 */
async function readFresh(full: string, context: ToolUseContext): Promise<{ error: string } | { text: string }> {
  const ws = context.ports.workspace;
  const stat = await ws.stat(full);
  if (!stat) return { error: `Notebook does not exist: ${full}. Current working directory: ${context.cwd}` };
  if (stat.type !== 'file') return { error: `Not a file: ${full}` };
  const read = context.readFileState.get(full);
  if (!read) return { error: `Notebook has not been read yet: ${full}. Read it first, then edit it.` };
  const now = await ws.readText(full);
  const fullView = read.isPartialView !== true;
  // A touch that left the content alone is harmless; an unsaved editor buffer changes content, not mtime.
  const contentChanged = !fullView || now.content !== read.content;
  if ((now.mtimeMs > read.timestamp && contentChanged) || (fullView && now.content !== read.content)) {
    return { error: `Notebook has been modified since it was last read, by the user or another tool: ${full}. Read it again before editing it.` };
  }
  return { text: now.content };
}

function toCellEdit(input: Input): CellEdit {
  if (input.edit_mode === 'insert') {
    if (!input.cell_type) throw new ToolError('invalid_input', 'cell_type is required when edit_mode is "insert".');
    return { mode: 'insert', cellType: input.cell_type, source: input.new_source, ...(input.cell_id ? { cellId: input.cell_id } : {}) };
  }
  if (!input.cell_id) throw new ToolError('invalid_input', `cell_id is required when edit_mode is "${input.edit_mode}".`);
  if (input.edit_mode === 'delete') return { mode: 'delete', cellId: input.cell_id };
  return { mode: 'replace', cellId: input.cell_id, source: input.new_source, ...(input.cell_type ? { cellType: input.cell_type } : {}) };
}

async function editFile(full: string, edit: CellEdit, context: ToolUseContext): Promise<{ cellId: string; cellType: string }> {
  const ws = context.ports.workspace;
  const file = await ws.readText(full);
  let result: ReturnType<typeof applyCellEdit>;
  let text: string;
  try {
    const parsed = parseNotebook(file.content);
    result = applyCellEdit(parsed.notebook, edit);
    text = serializeNotebook({ ...parsed, notebook: result.notebook });
  } catch (err) {
    if (err instanceof NotebookFormatError) throw new ToolError(/not found/.test(err.message) ? 'not_found' : 'invalid_input', err.message);
    throw err;
  }
  // JSON.stringify emits raw newlines only as layout, so converting them keeps a CRLF file CRLF.
  if (file.lineEnding === 'CRLF') text = text.replace(/\n/g, '\r\n');
  context.abortController.signal.throwIfAborted();
  const { mtimeMs } = await ws.writeText(full, text, { encoding: file.encoding, bom: file.bom });
  context.readFileState.set(full, { content: text, timestamp: mtimeMs });
  return { cellId: result.cellId, cellType: result.cellType };
}

export const NotebookEditTool = buildTool({
  name: NOTEBOOK_EDIT_TOOL_NAME,
  proposeChange: proposeNotebookEdit,
  searchHint: 'jupyter ipynb notebook cell edit insert delete',
  inputSchema,
  maxResultSizeChars: 100_000,
  shouldDefer: true,
  async description() {
    return 'Replace, insert or delete a cell in a Jupyter notebook';
  },
  async prompt() {
    return [
      'Edits one cell of a Jupyter notebook (.ipynb). Read the notebook first: edits to one you have not read, or that changed since, are refused.',
      '- cell_id is the id Read shows for each cell (`cell-<n>` in notebooks without ids, n counting from 0).',
      '- "replace" rewrites the cell\'s source and clears its outputs.',
    ].join('\n');
  },
  userFacingName: () => 'Edit notebook',
  approvalVerb: () => 'Edit notebook',
  getToolUseSummary: (input) => input?.notebook_path ?? null,
  getActivityDescription: (input) => (input?.notebook_path ? `Editing notebook ${path.basename(input.notebook_path)}` : 'Editing notebook'),
  toAutoClassifierInput: (input) => `${input.edit_mode} ${input.notebook_path}${input.cell_id ? `#${input.cell_id}` : ''}: ${input.new_source}`,
  async checkPermissions(input, context) {
    const verb = input.edit_mode === 'insert' ? 'insert a cell into' : input.edit_mode === 'delete' ? 'delete a cell from' : 'edit a cell of';
    const full = resolve(context.cwd, input.notebook_path);
    return askToEditFile(full, `Codewright wants to ${verb} ${display(context.cwd, full)}.`, context);
  },
  async validateInput(input, context) {
    const full = resolve(context.cwd, input.notebook_path);
    if (path.extname(full).toLowerCase() !== '.ipynb') {
      return invalid('File must be a Jupyter notebook (.ipynb). Use the Edit tool for other files.');
    }
    if (input.edit_mode === 'insert' && !input.cell_type) {
      return invalid('cell_type is required when edit_mode is "insert": pass "code" or "markdown".');
    }
    if (input.edit_mode !== 'insert' && !input.cell_id) {
      return invalid(`cell_id is required when edit_mode is "${input.edit_mode}". Read the notebook to see the cell ids.`);
    }
    const fresh = await readFresh(full, context);
    if ('error' in fresh) return invalid(fresh.error);
    let parsed: ReturnType<typeof parseNotebook>;
    try {
      parsed = parseNotebook(fresh.text);
    } catch (err) {
      if (err instanceof NotebookFormatError) return invalid(err.message);
      throw err;
    }
    if (input.cell_id) {
      const cells = parsed.notebook.cells;
      if (findCellIndex(cells.map((c) => c.id), input.cell_id) === -1) {
        return invalid(cellNotFoundMessage(input.cell_id, cells.map(cellLabel)));
      }
    }
    return { result: true };
  },
  async call(input, context) {
    const full = resolve(context.cwd, input.notebook_path);
    const edit = toCellEdit(input);
    const notebooks = context.ports.notebooks;
    let done: { cellId: string; cellType?: string; via: NotebookEditOutput['via'] };
    if (notebooks?.isOpen(full)) {
      const r = await notebooks.editCell(full, {
        mode: edit.mode,
        source: input.new_source,
        ...(input.cell_id ? { cellId: input.cell_id } : {}),
        ...(input.cell_type ? { cellType: input.cell_type } : {}),
      });
      // The port saved the notebook: remember what is on disk now, so a follow-up edit is not "stale".
      const after = await context.ports.workspace.readText(full);
      context.readFileState.set(full, { content: after.content, timestamp: after.mtimeMs });
      done = { cellId: r.cellId ?? input.cell_id ?? '', ...(input.cell_type ? { cellType: input.cell_type } : {}), via: 'editor' };
    } else {
      done = { ...(await editFile(full, edit, context)), via: 'file' };
    }
    const output: NotebookEditOutput = {
      notebook_path: full,
      cell_id: done.cellId,
      ...(done.cellType ? { cell_type: done.cellType } : {}),
      edit_mode: input.edit_mode,
      new_source: input.new_source,
      via: done.via,
    };
    return { data: output };
  },
  mapToolResultToToolResultBlockParam(output: NotebookEditOutput, toolUseId: string): ToolResultBlock {
    const content =
      output.edit_mode === 'delete'
        ? `Deleted cell ${output.cell_id}`
        : `${output.edit_mode === 'insert' ? 'Inserted' : 'Updated'} cell ${output.cell_id} with ${output.new_source}`;
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
});
