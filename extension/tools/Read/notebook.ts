/**
 * Jupyter notebooks as the model reads them: each cell with its id, type and source, followed by its text
 * outputs. The ids are what NotebookEdit takes as `cell_id`; cells without one (nbformat < 4.5) get
 * `cell-<index>` (`cellLabel`, the fallback NotebookEdit resolves).
 */
import { cellLabel, multilineText, readNotebook, type NotebookOutput, type ReadableNotebook } from '../../core/base/ipynb';
import { ToolError } from '../../core/contracts/toolErrors';
import { MAX_NOTEBOOK_OUTPUT_CHARS } from './constants';

// Tracebacks carry terminal colour codes the model would only have to read past.
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');
const stripAnsi = (text: string) => text.replace(ANSI_ESCAPE, '');

function cut(text: string): string {
  if (text.length <= MAX_NOTEBOOK_OUTPUT_CHARS) return text;
  return `${text.slice(0, MAX_NOTEBOOK_OUTPUT_CHARS)}\n… [output truncated: ${text.length} characters]`;
}

function renderOutput(output: NotebookOutput): string {
  switch (output.output_type) {
    case 'stream':
      return cut(multilineText(output.text ?? ''));
    case 'error':
      return cut(stripAnsi([`${output.ename ?? 'Error'}: ${output.evalue ?? ''}`, ...(output.traceback ?? [])].join('\n')));
    default: {
      const data = output.data ?? {};
      const plain = data['text/plain'];
      if (typeof plain === 'string' || (Array.isArray(plain) && plain.every((s) => typeof s === 'string'))) {
        return cut(multilineText(plain as string | string[]));
      }
      const kinds = Object.keys(data);
      return kinds.length ? `[${kinds.join(', ')} output not shown]` : '';
    }
  }
}

/** The notebook rendered as text, or a ToolError when the JSON is not a notebook. */
export function renderNotebook(absPath: string, json: string): { text: string; cellCount: number } {
  let notebook: ReadableNotebook | undefined;
  try {
    notebook = readNotebook(json);
  } catch (err) {
    throw new ToolError('invalid_input', `${absPath} is not valid JSON, so it cannot be read as a notebook: ${(err as Error).message}`);
  }
  if (!notebook) throw new ToolError('invalid_input', `${absPath} is not a Jupyter notebook: it has no valid "cells" list.`);
  const language = notebook.metadata?.language_info?.name;
  const cells = notebook.cells.map((cell, index) => {
    const id = cellLabel(cell, index);
    const lang = cell.cell_type === 'code' && language ? ` language="${language}"` : '';
    const parts = [`<cell id="${id}" cell_type="${cell.cell_type}"${lang}>`, multilineText(cell.source)];
    const outputs = (cell.outputs ?? []).map(renderOutput).filter((o) => o !== '');
    if (outputs.length) parts.push('<outputs>', outputs.join('\n'), '</outputs>');
    parts.push('</cell>');
    return parts.join('\n');
  });
  return { text: cells.length ? cells.join('\n') : '<system-reminder>The notebook has no cells.</system-reminder>', cellCount: cells.length };
}
