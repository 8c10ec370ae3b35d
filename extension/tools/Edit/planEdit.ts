/**
 * Everything Edit decides before touching the disk: the target file, whether the model's view of it is
 * current, where old_string matches and what the file becomes. Run by validateInput and again by call,
 * so a file that changed while the permission prompt was open is still caught.
 */
import path from 'node:path';
import type { TextFile } from '../../core/base/text/encoding';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { assertEncodable, decodedLooksBinary, toLf } from '../shared/encoding';
import { freshnessError } from '../shared/fileState';
import { lineOfIndex } from '../shared/lines';
import { fileNotFoundMessage, resolveToolPath } from '../shared/paths';
import { findMatches, matchQuoteStyle } from '../shared/quotes';

export interface EditRequest {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all: boolean;
}

export interface EditPlan {
  absPath: string;
  /** Undefined when the edit creates the file. */
  existing?: TextFile;
  /** Before and after, LF-normalised. */
  original: string;
  updated: string;
  replacements: number;
  /** 1-based lines of the first replacement in `updated`. */
  firstLine: number;
  lastLine: number;
}

function replaceMatches(absPath: string, original: string, req: EditRequest): { updated: string; count: number; first: { index: number; length: number } } {
  const oldLf = toLf(req.old_string);
  const newLf = toLf(req.new_string);
  const { matches, viaQuotes } = findMatches(original, oldLf);
  if (matches.length === 0) {
    throw new ToolError(
      'no_match',
      `old_string was not found in ${absPath}. It must match exactly, including whitespace and indentation; Read the file again and copy the text from it (without the line-number prefix).`,
    );
  }
  if (matches.length > 1 && !req.replace_all) {
    throw new ToolError(
      'ambiguous_match',
      `Found ${matches.length} matches of old_string in ${absPath}, but replace_all is false. Set replace_all to true to replace every one, or include more surrounding lines in old_string so it matches exactly one place.`,
    );
  }
  const chosen = req.replace_all ? matches : matches.slice(0, 1);
  let updated = '';
  let cursor = 0;
  let first = { index: 0, length: 0 };
  for (const [i, m] of chosen.entries()) {
    // Found through quote normalisation: write the replacement in the quotes the file itself uses there.
    const replacement = viaQuotes ? matchQuoteStyle(newLf, m.text, original) : newLf;
    updated += original.slice(cursor, m.index);
    if (i === 0) first = { index: updated.length, length: replacement.length };
    updated += replacement;
    cursor = m.index + m.text.length;
  }
  updated += original.slice(cursor);
  return { updated, count: chosen.length, first };
}

function span(updated: string, first: { index: number; length: number }) {
  const firstLine = lineOfIndex(updated, first.index);
  const end = Math.max(first.index, first.index + first.length - 1);
  return { firstLine, lastLine: Math.max(firstLine, lineOfIndex(updated, end)) };
}

export async function planEdit(req: EditRequest, context: ToolUseContext): Promise<EditPlan> {
  const absPath = resolveToolPath(req.file_path, context.cwd);
  if (req.old_string === req.new_string) {
    throw new ToolError('no_op', 'No changes to make: old_string and new_string are exactly the same.');
  }
  if (path.extname(absPath).toLowerCase() === '.ipynb') {
    throw new ToolError('invalid_input', `${absPath} is a Jupyter notebook; change its cells with NotebookEdit.`);
  }
  const { workspace } = context.ports;
  const stat = await workspace.stat(absPath);
  if (stat?.type === 'directory') throw new ToolError('invalid_input', `${absPath} is a directory; give the path of a file.`);
  if (!stat) {
    if (req.old_string !== '') throw new ToolError('not_found', await fileNotFoundMessage(workspace, absPath, context.cwd));
    const updated = toLf(req.new_string);
    return { absPath, original: '', updated, replacements: 1, ...span(updated, { index: 0, length: updated.length }) };
  }
  const existing = await workspace.readText(absPath);
  if (decodedLooksBinary(existing.content)) {
    throw new ToolError('binary', `${absPath} looks like a binary file; Edit changes text files only.`);
  }
  const original = toLf(existing.content);
  if (req.old_string === '') {
    // Nothing the model could have missed in an empty file, so it may be filled without a prior Read.
    if (original !== '') {
      throw new ToolError(
        'invalid_input',
        `${absPath} already exists, so an empty old_string cannot create it. Give the text to replace as old_string, or use Write to replace the whole file.`,
      );
    }
    const updated = toLf(req.new_string);
    assertEncodable(updated, existing.encoding, absPath);
    return { absPath, existing, original, updated, replacements: 1, ...span(updated, { index: 0, length: updated.length }) };
  }
  const stale = freshnessError(context, absPath, existing, 'edit');
  if (stale) throw stale;
  const { updated, count, first } = replaceMatches(absPath, original, req);
  if (updated === original) {
    throw new ToolError('no_op', 'No changes to make: the replacement leaves the file exactly as it is.');
  }
  assertEncodable(updated, existing.encoding, absPath);
  return { absPath, existing, original, updated, replacements: count, ...span(updated, first) };
}
