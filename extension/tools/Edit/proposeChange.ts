/**
 * Edit's proposal: the whole file before and after the replacement. An edited proposal comes back as the
 * hidden `reviewedContent` field (reviewed.ts), which writes exactly the text the user accepted.
 */
import { applyEdit } from '../../core/base/text/diff';
import type { ProposedChange, ProposeOptions } from '../../core/contracts/toolViews';
import { currentFile } from '../shared/proposal';
import { REVIEWED_CONTENT_KEY } from './reviewed';

export async function proposeEdit(input: Record<string, unknown>, options: ProposeOptions): Promise<ProposedChange | undefined> {
  const file = await currentFile(input.file_path, options);
  if (!file || typeof input.old_string !== 'string' || typeof input.new_string !== 'string') return undefined;
  const { form, ...base } = file;
  // Matches found only through quote normalisation are not reproduced here; the dialog still asks.
  const after = applyEdit(base.before, form(input.old_string), form(input.new_string), input.replace_all === true);
  if (after === undefined) return undefined;
  return { ...base, after, wholeFile: true, editable: true, inputFor: (final) => ({ ...input, [REVIEWED_CONTENT_KEY]: final }) };
}
