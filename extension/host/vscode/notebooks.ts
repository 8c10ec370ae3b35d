/**
 * `NotebookPort` on VS Code's notebook API: a notebook open in VS Code is edited as a notebook document
 * (a WorkspaceEdit, then saved), so the editor shows the change, Ctrl+Z undoes it, and the built-in ipynb
 * serializer writes the file, instead of the JSON changing under an open editor.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { isRecord } from '../../core/base/isRecord';
import type { NotebookPort } from '../../core/contracts/workspace';
import { cellNotFoundMessage, findCellIndex, newCellId, supportsCellIds } from '../../core/base/ipynb';

type CellEditRequest = Parameters<NotebookPort['editCell']>[1];

const samePath = (a: string, b: string) =>
  process.platform === 'win32' ? path.resolve(a).toLowerCase() === path.resolve(b).toLowerCase() : path.resolve(a) === path.resolve(b);

/**
 * The nbformat id of a cell. The built-in ipynb extension keeps it at `metadata.id` (VS Code ≥ 1.86);
 * older versions nested the nbformat cell under `metadata.metadata`, so both are read.
 */
export function cellIdOf(cell: Pick<vscode.NotebookCell, 'metadata'>): string | undefined {
  const md: unknown = cell.metadata;
  if (!isRecord(md)) return undefined;
  if (typeof md.id === 'string') return md.id;
  const inner = md.metadata;
  return isRecord(inner) && typeof inner.id === 'string' ? inner.id : undefined;
}

function notebookFormat(doc: vscode.NotebookDocument): { nbformat: number; nbformat_minor: number } {
  const md: Record<string, unknown> = doc.metadata;
  // The ipynb serializer's default for notebooks it creates is 4.5.
  return {
    nbformat: typeof md.nbformat === 'number' ? md.nbformat : 4,
    nbformat_minor: typeof md.nbformat_minor === 'number' ? md.nbformat_minor : 5,
  };
}

/** Language of new code cells: the notebook's kernel language, else that of its first code cell. */
function codeLanguage(doc: vscode.NotebookDocument): string {
  const md: Record<string, unknown> = doc.metadata;
  const inner = md.metadata;
  const info = isRecord(inner) ? inner.language_info : undefined;
  if (isRecord(info) && typeof info.name === 'string') return info.name;
  return doc.getCells().find((c) => c.kind === vscode.NotebookCellKind.Code)?.document.languageId ?? 'python';
}

function cellData(
  doc: vscode.NotebookDocument,
  type: 'code' | 'markdown',
  source: string,
  metadata: Record<string, unknown>,
  languageId?: string,
): vscode.NotebookCellData {
  const kind = type === 'code' ? vscode.NotebookCellKind.Code : vscode.NotebookCellKind.Markup;
  const data = new vscode.NotebookCellData(kind, source, type === 'code' ? (languageId ?? codeLanguage(doc)) : 'markdown');
  // Outputs and execution counts belong to the old code: a rewritten cell starts clean.
  const { execution_count: _e, ...rest } = metadata;
  data.metadata = type === 'code' ? { ...rest, execution_count: null } : rest;
  data.outputs = [];
  return data;
}

export class VsCodeNotebooks implements NotebookPort {
  private find(notebookPath: string): vscode.NotebookDocument | undefined {
    return vscode.workspace.notebookDocuments.find((d) => d.uri.scheme === 'file' && samePath(d.uri.fsPath, notebookPath));
  }

  isOpen(notebookPath: string): boolean {
    return this.find(notebookPath) !== undefined;
  }

  async editCell(notebookPath: string, edit: CellEditRequest): Promise<{ cellId: string | undefined }> {
    const doc = this.find(notebookPath);
    if (!doc) throw new Error(`Notebook is not open in VS Code: ${notebookPath}`);
    const cells = doc.getCells();
    const ids = cells.map(cellIdOf);
    const indexOf = (cellId: string): number => {
      const i = findCellIndex(ids, cellId);
      if (i === -1) throw new Error(cellNotFoundMessage(cellId, ids.map((id, n) => id ?? `cell-${n}`)));
      return i;
    };

    let nbEdit: vscode.NotebookEdit;
    let resultId: string | undefined;
    if (edit.mode === 'insert') {
      if (!edit.cellType) throw new Error('cell_type is required when inserting a cell.');
      const at = edit.cellId === undefined ? 0 : indexOf(edit.cellId) + 1;
      // Notebooks before nbformat 4.5 must not carry ids: the ipynb serializer would write an invalid file.
      const id = supportsCellIds(notebookFormat(doc)) ? newCellId(ids) : undefined;
      nbEdit = vscode.NotebookEdit.insertCells(at, [cellData(doc, edit.cellType, edit.source, { ...(id ? { id } : {}), metadata: {} })]);
      resultId = id ?? `cell-${at}`;
    } else {
      if (edit.cellId === undefined) throw new Error(`cell_id is required to ${edit.mode} a cell.`);
      const i = indexOf(edit.cellId);
      const cell = cells[i]!;
      resultId = ids[i] ?? `cell-${i}`;
      const range = new vscode.NotebookRange(i, i + 1);
      if (edit.mode === 'delete') {
        nbEdit = vscode.NotebookEdit.deleteCells(range);
      } else {
        const current = cell.kind === vscode.NotebookCellKind.Code ? 'code' : 'markdown';
        const type = edit.cellType ?? current;
        // Keeping the metadata keeps the cell's id, tags and other nbformat fields.
        const language = type === current && type === 'code' ? cell.document.languageId : undefined;
        nbEdit = vscode.NotebookEdit.replaceCells(range, [cellData(doc, type, edit.source, { ...cell.metadata }, language)]);
      }
    }

    const wsEdit = new vscode.WorkspaceEdit();
    wsEdit.set(doc.uri, [nbEdit]);
    if (!(await vscode.workspace.applyEdit(wsEdit))) throw new Error(`VS Code refused the edit to ${notebookPath}.`);
    if (!(await doc.save())) throw new Error(`The edit was applied but ${notebookPath} could not be saved.`);
    return { cellId: resultId };
  }
}
