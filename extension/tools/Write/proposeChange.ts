/** Write's proposal: the whole file before and after; an edited proposal is written as the user left it. */
import type { ProposedChange, ProposeOptions } from '../../core/contracts/toolViews';
import { currentFile } from '../shared/proposal';

export async function proposeWrite(input: Record<string, unknown>, options: ProposeOptions): Promise<ProposedChange | undefined> {
  const file = await currentFile(input.file_path, options);
  if (!file || typeof input.content !== 'string') return undefined;
  const { form, ...base } = file;
  return { ...base, after: form(input.content), wholeFile: true, editable: true, inputFor: (final) => ({ ...input, content: final }) };
}
