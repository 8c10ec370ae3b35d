/**
 * The start of a whole-file proposal (Edit, Write; docs/ARCHITECTURE.md, Diff review): the file as it is
 * now, and the form every text of the proposal takes (LF for the diff review, as read for the dialog).
 */
import path from 'node:path';
import { toLf } from '../../core/base/text/diff';
import type { ProposeOptions } from '../../core/contracts/toolViews';

export interface CurrentFile {
  path: string;
  name: string;
  /** The file's text in the proposal's form; '' when it does not exist or cannot be read. */
  before: string;
  created: boolean;
  /** Puts a text of the input into the proposal's form. */
  form: (text: string) => string;
}

/** Undefined when the input names no file. */
export async function currentFile(filePath: unknown, options: ProposeOptions): Promise<CurrentFile | undefined> {
  if (typeof filePath !== 'string') return undefined;
  const file = path.resolve(options.cwd, filePath);
  const text = await options.read(file).catch(() => undefined);
  const form = options.keepLineEndings ? (t: string) => t : toLf;
  return { path: file, name: path.basename(file), before: form(text ?? ''), created: text === undefined, form };
}
