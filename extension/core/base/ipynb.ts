/**
 * Jupyter notebooks (nbformat 4) as JSON, the one definition of the format: read for display (Read), parse
 * loosely, apply one cell edit and write back in the file's own style (NotebookEdit, the VS Code notebook
 * adapter, diff review). Pure functions, so the Node host and the tests handle notebooks without VS Code.
 */
import { z } from 'zod';

/** Jupyter stores multi-line text (sources, outputs) as a string or as a list of lines. */
const multiline = z.union([z.string(), z.array(z.string())]);

// Shapes list keys alphabetically on purpose: Zod emits shape keys first, in shape order, and Jupyter and
// VS Code write notebooks with sorted keys, so a sorted shape leaves an untouched cell byte-identical.
const cellSchema = z.looseObject({
  attachments: z.unknown().optional(),
  cell_type: z.string(),
  execution_count: z.number().nullable().optional(),
  id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  outputs: z.array(z.unknown()).optional(),
  source: multiline,
});

const notebookSchema = z.looseObject({
  cells: z.array(cellSchema),
  metadata: z.record(z.string(), z.unknown()),
  nbformat: z.number().int(),
  nbformat_minor: z.number().int(),
});

export type NotebookCell = z.infer<typeof cellSchema>;
export type Notebook = z.infer<typeof notebookSchema>;

const outputSchema = z.looseObject({
  output_type: z.string(),
  text: multiline.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  ename: z.string().optional(),
  evalue: z.string().optional(),
  traceback: z.array(z.string()).optional(),
});

// Reading asks only for the cells: a notebook without nbformat or metadata cannot be edited safely but is
// still worth showing. Outputs are checked here only, as editing never looks inside them.
const readableNotebookSchema = z.looseObject({
  cells: z.array(cellSchema.pick({ cell_type: true, id: true, source: true }).extend({ outputs: z.array(outputSchema).optional() })),
  metadata: z.looseObject({ language_info: z.looseObject({ name: z.string() }).optional() }).optional(),
});

export type NotebookOutput = z.infer<typeof outputSchema>;
export type ReadableNotebook = z.infer<typeof readableNotebookSchema>;

export type CellEdit =
  | { mode: 'replace'; cellId: string; source: string; cellType?: 'code' | 'markdown' }
  | { mode: 'insert'; cellId?: string; source: string; cellType: 'code' | 'markdown' }
  | { mode: 'delete'; cellId: string };

/** A notebook file as read: the parsed JSON plus how to write it back unchanged in style. */
export interface ParsedNotebook {
  notebook: Notebook;
  /** Indentation of the JSON (Jupyter writes one space); '' when the file is on a single line. */
  indent: string;
  trailingNewline: boolean;
}

export class NotebookFormatError extends Error {}

/** Parses notebook text; throws `NotebookFormatError` saying what is wrong. */
export function parseNotebook(text: string): ParsedNotebook {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new NotebookFormatError(`Notebook is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = notebookSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new NotebookFormatError(`Not a Jupyter notebook (nbformat 4)${where}: ${issue?.message ?? 'invalid shape'}`);
  }
  if (parsed.data.nbformat < 4) {
    throw new NotebookFormatError(`nbformat ${parsed.data.nbformat} is not supported; convert the notebook to nbformat 4.`);
  }
  const indentMatch = /^\{\r?\n([ \t]+)\S/.exec(text);
  return {
    notebook: parsed.data,
    indent: indentMatch?.[1] ?? (/\n/.test(text.trim()) ? ' ' : ''),
    trailingNewline: /\n$/.test(text),
  };
}

/**
 * A notebook for display, or undefined when the JSON has no valid cells list. Text that is not JSON throws
 * JSON.parse's SyntaxError, so the caller can say which of the two is wrong.
 */
export function readNotebook(text: string): ReadableNotebook | undefined {
  const parsed = readableNotebookSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

/** The text of a source or output stored either way. */
export function multilineText(text: string | readonly string[]): string {
  return typeof text === 'string' ? text : text.join('');
}

export function serializeNotebook(parsed: ParsedNotebook): string {
  const json = parsed.indent ? JSON.stringify(parsed.notebook, null, parsed.indent) : JSON.stringify(parsed.notebook);
  return parsed.trailingNewline ? `${json}\n` : json;
}

/** Cell ids exist from nbformat 4.5 on; older schemas forbid the field. */
export function supportsCellIds(nb: Pick<Notebook, 'nbformat' | 'nbformat_minor'>): boolean {
  return nb.nbformat > 4 || nb.nbformat_minor >= 5;
}

/** How a cell is named to the model: its id, or `cell-<index>` in notebooks without ids (as Read shows it). */
export function cellLabel(cell: Pick<NotebookCell, 'id'>, index: number): string {
  return cell.id ?? `cell-${index}`;
}

/** Index of the cell with this id; `cell-<n>` also addresses the n-th cell (0-based) when no id matches. */
export function findCellIndex(ids: readonly (string | undefined)[], cellId: string): number {
  const byId = ids.indexOf(cellId);
  if (byId !== -1) return byId;
  const m = /^cell-(\d+)$/.exec(cellId);
  const n = m ? Number(m[1]) : -1;
  return n >= 0 && n < ids.length ? n : -1;
}

/** The "not found" message, listing the first ids so the model can retry without another Read. */
export function cellNotFoundMessage(cellId: string, ids: readonly string[]): string {
  if (ids.length === 0) return `Cell "${cellId}" not found: the notebook has no cells. Use edit_mode "insert" without cell_id.`;
  const shown = ids.slice(0, 10).join(', ');
  const more = ids.length > 10 ? `, … (${ids.length} cells)` : '';
  return `Cell "${cellId}" not found in the notebook. Available cell ids: ${shown}${more}.`;
}

/** A fresh 8-hex-digit id, unique in the notebook (the length Jupyter and VS Code generate). */
export function newCellId(existing: Iterable<string | undefined>): string {
  const taken = new Set(existing);
  for (;;) {
    const id = globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 8);
    if (!taken.has(id)) return id;
  }
}

/** Jupyter stores source as lines that keep their "\n", the last one without. */
export function toSourceLines(source: string): string[] {
  return source.replace(/\r\n/g, '\n').split(/(?<=\n)/).filter((l) => l !== '');
}

function sortKeys(cell: NotebookCell): NotebookCell {
  return cellSchema.parse(Object.fromEntries(Object.entries(cell).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** Outputs and execution counts describe old code: a rewritten or retyped cell starts clean. */
function withType(cell: NotebookCell, type: string, source: string): NotebookCell {
  const { outputs: _o, execution_count: _e, ...rest } = cell;
  const base = { ...rest, cell_type: type, source: toSourceLines(source), metadata: cell.metadata ?? {} };
  return sortKeys(type === 'code' ? { ...base, execution_count: null, outputs: [] } : base);
}

/**
 * Applies one edit to a copy of the notebook. Returns the label of the cell it touched (the new cell's for
 * an insert) and its type; throws `NotebookFormatError` for an unknown cell id.
 */
export function applyCellEdit(nb: Notebook, edit: CellEdit): { notebook: Notebook; cellId: string; cellType: string } {
  const cells = [...nb.cells];
  const ids = cells.map((c) => c.id);
  const labels = cells.map(cellLabel);
  const indexOf = (cellId: string): number => {
    const i = findCellIndex(ids, cellId);
    if (i === -1) throw new NotebookFormatError(cellNotFoundMessage(cellId, labels));
    return i;
  };

  if (edit.mode === 'insert') {
    const at = edit.cellId === undefined ? 0 : indexOf(edit.cellId) + 1;
    const id = supportsCellIds(nb) ? newCellId(ids) : undefined;
    const cell = withType({ cell_type: edit.cellType, ...(id ? { id } : {}), metadata: {}, source: [] }, edit.cellType, edit.source);
    cells.splice(at, 0, cell);
    return { notebook: { ...nb, cells }, cellId: id ?? `cell-${at}`, cellType: edit.cellType };
  }

  const i = indexOf(edit.cellId);
  const target = cells[i]!;
  const label = cellLabel(target, i);
  if (edit.mode === 'delete') {
    cells.splice(i, 1);
    return { notebook: { ...nb, cells }, cellId: label, cellType: target.cell_type };
  }
  const type = edit.cellType ?? target.cell_type;
  cells[i] = withType(target, type, edit.source);
  return { notebook: { ...nb, cells }, cellId: label, cellType: type };
}
